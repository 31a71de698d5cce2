package results

import results.gate.{ Gate, Thresholds }
import results.model.{ CheckResult, Verdict }
import results.render.JUnitReport

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries

/** The gate judges a percentile by its interval: within its limit passes, wholly beyond fails, anything else is
  * inconclusive; a smoke run fails only an interval wholly beyond its limit.
  */
class IntervalGateTest {
  private val path = List("search")

  // p90 of 1..1000 ms: 900, in 881 to 919 at 95 % (PercentileIntervalTest)
  private def summary(copies: Int = 1, smoke: Boolean = false) = {
    val s = CraftedSummaries.summary(
      "Fixture",
      Map(path -> CraftedSummaries.ok(Seq.fill(copies)(1 to 1000).flatten: _*))
    )
    s.copy(run = s.run.copy(smoke = smoke))
  }

  private def limit(p90Ms: Int) =
    Thresholds.fromConfig(
      ConfigFactory.parseString(s"""thresholds.simulations.fixture.paths { search { p90Ms = $p90Ms } }"""),
      "test.conf",
      "fixture"
    )

  @Test
  def aLimitInsideTheIntervalNeverPassesOrFails(): Unit = {
    assertEquals(Verdict.Pass, Gate.evaluate(summary(), limit(919), None).verdict)
    (881 to 918).foreach(ms =>
      assertEquals(Verdict.Inconclusive, Gate.evaluate(summary(), limit(ms), None).verdict, ms.toString)
    )
    assertEquals(Verdict.Fail, Gate.evaluate(summary(), limit(880), None).verdict)
    assertEquals(8, Gate.evaluate(summary(), limit(910), None).exitCode)
  }

  @Test
  def anInconclusiveCheckSaysHowManyMoreSamplesWouldDecideIt(): Unit = {
    val check = Gate.evaluate(summary(), limit(910), None).checks.head
    assertEquals(CheckResult.Inconclusive, check.result)
    val more = check.moreSamples.get
    assertEquals(2499L, more, "docs/gate.md's worked example")
    assertTrue(check.outcome.contains("(interval 881-919 ms)"), check.outcome)
    assertTrue(check.outcome.contains("more samples would decide it"), check.outcome)
    // as many samples of the same spread do decide it: p90 900 ms, limit 910 ms
    val copies = ((1000 + more) / 1000.0).ceil.toInt
    assertEquals(Verdict.Pass, Gate.evaluate(summary(copies), limit(910), None).verdict, s"$copies copies")
    // and fewer do not (the estimate is the least that does)
    assertEquals(Verdict.Inconclusive, Gate.evaluate(summary(copies - 2), limit(910), None).verdict)
    val junit = JUnitReport.render(summary(), Gate.evaluate(summary(), limit(910), None))
    assertTrue(junit.contains("""<property name="intervalLower" value="881"/>"""), junit)
    assertTrue(junit.contains("<skipped message=\"measured 900 ms (interval 881-919 ms)"), junit)
  }

  @Test
  def aSmokeRunFailsOnlyAnIntervalWhollyBeyondItsLimit(): Unit = {
    val notJudged = Gate.evaluate(summary(smoke = true), limit(900), None)
    assertEquals(Verdict.Pass, notJudged.verdict)
    assertEquals(CheckResult.NotJudged, notJudged.checks.head.result)
    assertEquals(CheckResult.NotJudged, Gate.evaluate(summary(smoke = true), limit(5000), None).checks.head.result)
    assertEquals(Verdict.Fail, Gate.evaluate(summary(smoke = true), limit(880), None).verdict)
  }

  @Test
  def thePointEstimateGateJudgesTheFigureAlone(): Unit = {
    assertEquals(Verdict.Pass, Gate.evaluate(summary(), limit(900), None, pointEstimates = true).verdict)
    assertEquals(Verdict.Fail, Gate.evaluate(summary(), limit(899), None, pointEstimates = true).verdict)
  }
}
