package testkit

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test

class CpuStallTest {
  @Test def readsTheSomeLinesTotal(): Unit = {
    val pressure = "some avg10=41.79 avg60=46.14 avg300=48.16 total=23701077925\n" +
      "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
    assertEquals(Some(23701077925L), CpuStall.someTotalMicros(pressure))
    assertEquals(None, CpuStall.someTotalMicros("full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"))
  }

  @Test def threadsThatOutnumberTheCoresStall(): Unit = {
    val cores = Runtime.getRuntime.availableProcessors
    val (_, stalled) = CpuStall.during {
      val spinners = (1 to cores * 3).map { _ =>
        val t = new Thread(() => { val end = System.nanoTime() + 1000000000L; while (System.nanoTime() < end) {} })
        t.start()
        t
      }
      spinners.foreach(_.join())
    }
    assumeTrue(stalled.isDefined, "this kernel keeps no /proc/pressure/cpu")
    // 3 busy threads per core for a second: for about two thirds of it each waits.
    assertTrue(stalled.exists(_ >= 500), s"stalled $stalled ms")
  }
}
