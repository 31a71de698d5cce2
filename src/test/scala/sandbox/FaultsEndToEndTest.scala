package sandbox

import results.model.{ RunContext, RunShard }

import results.archive.SummaryJson
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.PostRun
import testkit.{ SimulationRuns, ToySimulation }

/** Each fault a stand-in can inject: every request ends, in the fault's own error (a request left hanging
  * would end in Gatling's request timeout, or not at all), every fault is counted with its reason, the gate
  * fails, and the run is archived.
  */
class FaultsEndToEndTest {
  private val context = RunContext("ToySimulation", Seq("toy"), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil)

  /** Runs the toy smoke (3 users, 2 requests each) with `fault` on every request. */
  private def runWith(fault: String, extra: (String, String)*): (SimulationRuns.Run, results.RunOutcome) =
    runGated(fault, None, extra: _*)

  /** As [[runWith]], gated on `thresholds` when given (else the toy's own). */
  private def runGated(
      fault: String,
      thresholds: Option[Path],
      extra: (String, String)*
  ): (SimulationRuns.Run, results.RunOutcome) = {
    val run = SimulationRuns.run(
      classOf[ToySimulation],
      Seq(s"sandbox.toy.faults.$fault" -> "100", "sandbox.stubs.delay.ms" -> "0") ++ extra: _*
    )
    val outcome =
      PostRun.process(run.runDir, Files.createTempDirectory("results-"), context, ResultsSettings.load(), thresholds)
    Seq("simulation.log", "summary.json", "summary.md", "junit.xml").foreach { file =>
      assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve(file)), s"$fault: $file archived")
    }
    assertEquals(Some("FAIL"), outcome.verdict.map(_.label), s"$fault: the gate fails")
    (run, outcome)
  }

  private def assertEveryRequestFailed(
      fault: String,
      run: SimulationRuns.Run,
      outcome: results.RunOutcome,
      reason: String
  ): Unit = {
    val requests = run.requests.values.map(_.count).sum
    assertEquals(requests, run.requests.values.map(_.ko).sum, s"$fault: every request is KO")
    assertTrue(run.errors.keys.forall(_.contains(reason)), s"$fault: ${run.errors}")
    val summary = SummaryJson.read(outcome.archivedRunDir.resolve("summary.json"))
    assertEquals(requests, summary.errors.map(_.count).sum, s"$fault: the summary counts every failure by its reason")
  }

  @Test def serverErrors(): Unit = {
    val (run, outcome) = runWith("serverErrorPercent")
    assertEveryRequestFailed("5xx", run, outcome, "found 503")
  }

  @Test def connectionResets(): Unit = {
    val (run, outcome) = runWith("resetPercent")
    assertEveryRequestFailed("reset", run, outcome, "Premature close")
  }

  /** Gatling's client sends a request again, once, on a new connection when a reused (keep-alive) one is
    * closed before any answer; only the last attempt is logged. So every reset the stand-in injected is
    * either a KO (on a new connection) or a retry that the run counts (on a reused one).
    */
  @Test def everyResetIsAKoOrACountedRetry(): Unit = {
    val retriesBefore = machine.ConnectionRetries.seen
    val console = new java.io.ByteArrayOutputStream
    val (run, _) = Console.withOut(new java.io.PrintStream(console, true)) {
      // 30 users of 2 requests each: the second goes on the first's connection when that was answered.
      runWith("resetPercent", "sandbox.toy.faults.resetPercent" -> "50", "profiles.toy.smoke.rate" -> "15")
    }
    val retries = machine.ConnectionRetries.seen - retriesBefore
    val injected = raw"sandbox: toy injected (\d+) reset".r.findFirstMatchIn(console.toString).map(_.group(1).toLong)
    val ko = run.requests.values.map(_.ko).sum
    assertTrue(retries > 0, s"some resets hit a reused connection: $retries retries, $ko KO, injected $injected")
    assertEquals(injected, Some(ko + retries), s"$ko KO + $retries retries")
  }

  @Test def noAnswer(): Unit = {
    val (run, outcome) = runWith("noAnswerPercent", "toy.requestTimeout" -> "1s")
    assertEveryRequestFailed("no answer", run, outcome, "Request timeout")
  }

  @Test def malformedAndEmptyBodiesFailTheChecksThatReadThem(): Unit =
    Seq("malformedPercent", "emptyPercent").foreach { fault =>
      val (run, _) = runWith(fault)
      assertEquals(0L, run.requests("toy - home").ko, s"$fault: a status-only check still passes")
      assertEquals(
        run.requests("toy - look up").count,
        run.requests("toy - look up").ko,
        s"$fault: the JSON check fails"
      )
    }

  /** Only the look-up's limit is near: 1 s against a delay of 1.5 s that a busy machine can only lengthen.
    * The other limits are far, since a busy machine, not the fault, can break a near one.
    */
  @Test def slowAnswersBreakTheLatencyThreshold(): Unit = {
    val thresholds = Files.createTempFile("look-up-only-", ".conf")
    Files.writeString(
      thresholds,
      """thresholds {
        |  defaults { p99Ms = 600000, maxErrorPercent = 0 }
        |  baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 10 }
        |  simulations.toy.paths { "toy - look up" { p99Ms = 1000 } }
        |}""".stripMargin
    )
    val (run, outcome) = runGated("slowPercent", Some(thresholds), "sandbox.toy.faults.slowDelay" -> "1500ms")
    assertEquals(0L, run.requests.values.map(_.ko).sum, "slow, not failed")
    assertTrue(run.requests("toy - look up").minMs >= 1500, run.requests.toString)
    assertEquals(Seq("toy - look up: p99"), outcome.verdict.get.failures.map(_.name))
  }
}
