package sandbox

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

class ServingCapTest {
  private val second = 1000000000L

  @Test def atTwiceTheCapTheQueueGrowsAndTheServedRateHoldsAtTheCap(): Unit = {
    val cap = new ServingCap(100)
    // 200 requests a second for 10 s, evenly spread: served at their arrival plus their wait.
    val arrivals = (0 until 2000).map(i => i * second / 200)
    val served = arrivals.map(at => at + cap.waitNanos(at))
    val waits = served.zip(arrivals).map { case (s, a) => s - a }
    served.zip(served.tail).foreach { case (a, b) => assertEquals(second / 100, b - a, "one every 1/100 s, in order") }
    val perSecond = served.groupBy(_ / second).values.map(_.size)
    assertTrue(perSecond.forall(_ <= 100), s"at most the cap in any second: $perSecond")
    assertEquals(1000, served.count(_ < 10 * second), "the cap's rate over the 10 s of arrivals")
    assertTrue(waits.zip(waits.tail).forall { case (a, b) => b >= a }, "the wait only grows")
    assertEquals(10 * second - second / 200, waits.last, "the last request waits out the queue the 10 s built")
  }

  @Test def belowTheCapNobodyWaits(): Unit = {
    val cap = new ServingCap(100)
    assertTrue((0 until 500).map(i => i * second / 50).forall(at => cap.waitNanos(at) == 0))
  }
}
