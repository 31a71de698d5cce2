package results

import results.model.{
  Degradation,
  Entry,
  GateVerdict,
  Metric,
  QuarterFigures,
  RunContext,
  RunShard,
  RunWindow,
  WindowKind,
  WindowLabel
}

import results.gate.{ Gate, Limits, Thresholds }
import results.summarize.{ ResultsSettings, RunSummarizer }

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.RequestRecorded
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ CraftedSummaries, FixtureRun }

/** A soak's question, whether latency degraded: the steady window's first quarter against its last. */
class DegradationTest {
  private def thresholds(maxDegradationPercent: Double) =
    Thresholds.fromConfig(
      com.typesafe.config.ConfigFactory.parseString(
        s"thresholds.simulations.s.global { maxDegradationPercent = $maxDegradationPercent }"
      ),
      "test.conf",
      "s"
    )

  /** A crafted run whose first quarter's p95 is 200 ms and whose last quarter's is `lastP95Ms`. */
  private def run(lastP95Ms: Int, requests: Long = 5000) = {
    val crafted = CraftedSummaries.summary("S", Map(List("home") -> CraftedSummaries.ok(200)))
    crafted.copy(steady =
      crafted.steady.copy(degradation =
        Some(Degradation(QuarterFigures(requests, 200, 250), QuarterFigures(requests, lastP95Ms, 300), 1000))
      )
    )
  }

  private def degradationChecks(verdict: GateVerdict) = verdict.checks.filter(_.metric == Metric.SteadyDegradation)

  @Test def aLastQuarterWithinTheLimitPassesAndOneBeyondItFails(): Unit = {
    val within = Gate.evaluate(run(lastP95Ms = 240), thresholds(20), None)
    assertEquals(Seq(Some(240.0)), degradationChecks(within).map(_.measured))
    assertEquals(Seq(240.0), degradationChecks(within).map(_.allowed), "200 ms + 20 %")
    assertTrue(within.passed, within.toString)

    val beyond = Gate.evaluate(run(lastP95Ms = 241), thresholds(20), None)
    assertEquals("FAIL", beyond.label)
    assertEquals(
      Seq(s"${Entry.GlobalName}: p95, last quarter of the steady window vs first"),
      beyond.failures.map(_.name)
    )
  }

  @Test def aRiseUnderTheNoiseFloorPasses(): Unit = {
    // 200 ms + 1 % is 202 ms, under 200 + ignoreBelowMs (10): the baseline policy's noise floor applies.
    val verdict = Gate.evaluate(run(lastP95Ms = 210), thresholds(1), None)
    assertTrue(verdict.passed, verdict.toString)
    assertFalse(Gate.evaluate(run(lastP95Ms = 211), thresholds(1), None).passed)
  }

  @Test def tooFewRequestsPerQuarterAreAWarningNotAVerdict(): Unit = {
    val verdict = Gate.evaluate(run(lastP95Ms = 900, requests = 999), thresholds(20), None)
    assertEquals(Nil, degradationChecks(verdict))
    assertTrue(verdict.passed, verdict.toString)
    assertTrue(verdict.warnings.exists(_.startsWith("degradation not judged: ")), verdict.warnings.toString)
  }

  @Test def withoutALimitNothingIsChecked(): Unit =
    assertEquals(
      Nil,
      degradationChecks(Gate.evaluate(run(lastP95Ms = 900), thresholds(20).copy(global = Limits.None), None))
    )

  /** On a real log: each quarter holds exactly the requests that started in it, with their nearest-rank p95. */
  @Test def theQuartersAreReadFromTheLog(): Unit = {
    val dir = FixtureRun.run.gatlingRunDir
    val log = dir.resolve(RunSummarizer.LogFileName)
    val starts = mutable.ArrayBuffer.empty[(Long, Int)]
    SimulationLogAccess.walk(log) {
      case r: RequestRecorded => starts += r.startEpochMs -> r.responseTimeMs
      case _                  => ()
    }
    val (start, end) = (starts.map(_._1).min, starts.map(_._1).max + 1)
    val context =
      RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil)
        .copy(windows = Seq(RunWindow(WindowKind.Steady, WindowLabel.Steady, start, end)))
    val summary = RunSummarizer.summarize(
      dir,
      context,
      RunSummarizer.RunIdentity("fixture", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline, degradationMinSamples = 1)
    )
    val quarter = (end - start) / 4
    def expected(from: Long, to: Long) = {
      val times = starts.collect { case (s, ms) if s >= from && s < to => ms }.sorted
      QuarterFigures(
        times.size.toLong,
        times(math.ceil(times.size * 0.95).toInt - 1),
        times(math.ceil(times.size * 0.99).toInt - 1)
      )
    }
    val Some(d) = summary.steady.degradation: @unchecked
    assertEquals(expected(start, start + quarter), d.first)
    assertEquals(expected(end - quarter, end), d.last)
    assertTrue(d.judged)
  }
}
