package results.history

import results.gate.BaselinePolicy
import results.model.{ Metric, Verdict }

import scala.util.Random

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The release gate told by the history, on planted histories: nightly runs of raid's `mint` around 100 ms (5 %
  * noise), 30 % slower from run 20 on, and the release now being judged as run 30.
  */
class HistoryGateTest {
  import HistoryStoreTest.record

  private val policy = BaselinePolicy(maxP99IncreasePercent = 10, ignoreBelowMs = 10)

  private def nights(shift: Double, releases: Set[Int] = Set(0)): Seq[HistoryRecord] = {
    val random = new Random(9)
    (0 until 30).map { i =>
      val p99 = 100 * (if (i >= 20) 1 + shift else 1.0) * math.exp(0.05 * random.nextGaussian())
      record(f"night-$i%02d", i * 1000L, Verdict.Pass, p99).copy(release = releases(i))
    }
  }

  private def judged(history: Seq[HistoryRecord], acceptances: Seq[Acceptance] = Nil) =
    HistoryGate.checks(history.last, HistoryContents(history.init, acceptances, Nil), policy)

  @Test def aRiseSinceTheLastReleaseFailsTheGateNamingTheRunWhereItBegan(): Unit = {
    val checks = judged(nights(0.30))
    assertEquals(Seq(("mint", Metric.ChangePointRise(99, "night-20"))), checks.map(c => (c.subject, c.metric)))
    assertFalse(checks.head.passed)
    assertEquals(30.0, checks.head.measured.get, 5.0)
    assertEquals("mint: p99 change point from run night-20", checks.head.name)
  }

  @Test def anAcceptedChangeOrOneBeforeTheLastReleaseOrOneWithinThePolicyDoesNotFail(): Unit = {
    val accepted = Acceptance("raid", "mint", SeriesMetric.P99, "night-20", "a signing step added", 1L)
    assertEquals(Nil, judged(nights(0.30), Seq(accepted)))
    assertEquals(Nil, judged(nights(0.30, releases = Set(0, 24))))
    assertEquals(Nil, judged(nights(-0.30)))
    assertEquals(Nil, judged(nights(0.0)))
  }

  @Test def aReleaseThatFailedIsNoStart(): Unit = {
    val history = nights(0.30, releases = Set(0, 24))
    val failedRelease = history.updated(24, history(24).copy(verdict = Some(Verdict.Fail)))
    assertEquals(
      Seq("night-20"),
      judged(failedRelease).map(_.metric).collect { case Metric.ChangePointRise(_, r) => r }
    )
  }
}
