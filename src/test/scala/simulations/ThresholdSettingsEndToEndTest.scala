package simulations

import config.FailFast

import results.model.{ Entry, Metric, Verdict }

import results.archive.RunArchive

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ FixtureRun, GatlingProcess, ToySimulation }

/** A threshold on the command line (`-Dthresholds.simulations.toy.global.p99Ms=250`) judges a run as the same
  * limit in a thresholds file does, in Gatling's assertions (its exit code) and in the results gate alike, from
  * both sides; one that cannot be applied stops the run before any load. The toy's look-up waits 500 ms on its
  * stub, so its run's p99 is at least that however busy the machine: 250 ms fails it, 100 s passes it.
  */
class ThresholdSettingsEndToEndTest {
  private val Limit = "thresholds.simulations.toy.global.p99Ms"
  private def errors(text: String): List[String] = text.linesIterator.filter(_.startsWith("ERROR:")).toList

  private def inFile(limitMs: Int) =
    FixtureRun.writeTemp(
      "thresholds",
      s"thresholds { defaults { p99Ms = 5000, maxErrorPercent = 1 }, simulations.toy.global.p99Ms = $limitMs }"
    )

  @Test def aLimitOnTheCommandLineJudgesAsTheSameLimitInAFile(): Unit = {
    val cases = Seq(250 -> Verdict.Fail, 100000 -> Verdict.Pass)
    val runs = cases.flatMap { case (limit, verdict) =>
      Seq(
        (s"-D$Limit=$limit", limit, verdict, GatlingProcess.start(classOf[ToySimulation], Limit -> limit.toString)),
        (
          s"a file's $limit",
          limit,
          verdict,
          GatlingProcess.start(classOf[ToySimulation], "thresholds" -> inFile(limit).toString)
        )
      )
    }
    runs.foreach { case (route, limit, verdict, process) =>
      val run = process.archivedRun(600)
      val expectedStatus = if (verdict == Verdict.Pass) 0 else 2
      assertEquals(expectedStatus, run.statusCode, s"$route: Gatling's assertions\n${process.text}")
      val summary = RunArchive.readSummary(process.archivedRuns.head)
      assertEquals(Some(verdict), summary.gate.map(_.verdict), s"$route\n${process.text}")
      val check = summary.gate.get.checks.find(c =>
        c.subject == Entry.GlobalName && c.metric == Metric.Percentile(99)
      ).get
      assertEquals(limit.toDouble, check.allowed, route)
      assertTrue(check.measured.exists(_ >= 500), s"$route: the look-up's 500 ms: ${check.measured}")
    }
  }

  @Test def aThresholdThatCannotBeAppliedStopsTheRunWithOneLine(): Unit = {
    val misspelt = GatlingProcess.start(classOf[ToySimulation], "thresholds.simulations.toy.global.p99ms" -> "250")
    val notANumber = GatlingProcess.start(classOf[ToySimulation], Limit -> "fast")
    Seq(
      misspelt -> "ERROR: thresholds.simulations.toy.global.p99ms: unknown limit (known: maxDegradationPercent, maxErrorPercent, minRequestsPerSecond, p90Ms, p95Ms, p99Ms)",
      notANumber -> s"ERROR: $Limit: must be a number (was 'fast')"
    ).foreach { case (run, line) =>
      assertEquals(FailFast.InputErrorExitCode, run.exitStatus(300), run.text)
      assertEquals(List(line), errors(run.text), run.text)
      assertFalse(Files.exists(run.gatlingDir), "no load: Gatling never started a run folder")
      assertFalse(Files.exists(run.resultsDir), "nothing written to results/")
    }
  }
}
