package simulations

import results.model.{ ExitCodes, RunSummary, Verdict }

import results.archive.{ RunArchive, SummaryJson }

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, SimulationRuns, ToySimulation }

/** An early-stop limit stops the load when the target fails, and the run's verdict is FAIL with the reason,
  * in every summary and the exit code; the same run against a healthy target runs its whole plan.
  */
class EarlyStopEndToEndTest {

  /** The plan of a run the early stop should cut short: long enough that a busy machine's late stop still comes
    * before its end, and costing nothing, since the stop ends the run.
    */
  private val plannedSeconds = 20

  /** A healthy run runs its whole plan: the 5 s window is full, and judged, for its last few seconds. */
  private val healthyPlannedSeconds = 8

  // The toy's open profile, a user a second, each sending 2 requests a second apart; thresholds that hold
  // whatever the answers, so that only the early stop can fail the run.
  private def run(faults: (String, String)*): (GatlingProcess, RunSummary, java.nio.file.Path) =
    runFor(plannedSeconds, faults: _*)

  private def runFor(seconds: Int, faults: (String, String)*): (GatlingProcess, RunSummary, java.nio.file.Path) = {
    val thresholds = Files.createTempFile("lenient-", ".conf")
    Files.writeString(
      thresholds,
      "thresholds { defaults { maxErrorPercent = 100 }, baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 10 } }"
    )
    val process = GatlingProcess.start(
      classOf[ToySimulation],
      Seq(
        "profile" -> "steady",
        "profiles.toy.steady.duration" -> s"$seconds seconds",
        "sandbox.stubs.delay.ms" -> "0",
        "thresholds" -> thresholds.toString,
        "earlyStop.window" -> "5s",
        "earlyStop.minRequests" -> "5",
        "earlyStop.maxServerErrorPercent" -> "50"
      ) ++ faults: _*
    )
    process.exitStatus(180)
    val Seq(archived) = process.archivedRuns: @unchecked
    (process, SummaryJson.read(archived.resolve("summary.json")), archived)
  }

  @Test def serverErrorsStopTheRunEarlyAndFailIt(): Unit = {
    val (process, summary, archived) = run("sandbox.toy.faults.serverErrorPercent" -> "100")
    assertEquals(ExitCodes.FailedAssertions, process.exitStatus(0), process.text)

    val stop = summary.earlyStop.getOrElse(fail(s"no early stop recorded:\n${process.text}"))
    assertEquals(("server error %", 100.0, 50.0), (stop.limit, stop.measured, stop.allowed))
    assertTrue(stop.responses >= 5, stop.toString)
    assertStoppedBeforeThePlansEnd(summary)

    val gate = summary.gate.get
    assertEquals(Verdict.Fail, gate.verdict, "FAIL, not INCOMPLETE, although the plan was cut short")
    assertEquals(Seq(stop.describe), gate.stoppedEarly.map(_.text))
    assertTrue(gate.checks.forall(_.passed), "only the early stop fails this run")
    assertEquals(
      None,
      RunArchive.lastPassing(process.resultsDir, summary.copy(run = summary.run.copy(runId = "next"))),
      "never a baseline"
    )

    assertTrue(process.text.contains(s"results: STOPPED EARLY ${stop.describe}"), process.text)
    assertTrue(process.text.contains("results: gate FAIL"), process.text)
    val page = Files.readString(archived.resolve("summary.md"))
    assertTrue(page.contains(s"- **Early stop**: ${stop.describe}"), page)
    assertTrue(page.contains("## Gate: FAIL"), page)
    val junit = Files.readString(archived.resolve("junit.xml"))
    assertTrue(
      junit.contains(
        s"""name="the run was not stopped early" time="0"><failure message="${stop.describe}" type="early-stop">"""
      ),
      junit
    )
    assertFalse(junit.contains("""failures="0""""), junit)
  }

  @Test def slowAnswersStopTheRunOnTheP99Limit(): Unit = {
    val (process, summary, _) =
      run(
        "sandbox.toy.faults.slowPercent" -> "100",
        "sandbox.toy.faults.slowDelay" -> "1500ms",
        "earlyStop.maxP99Ms" -> "1000"
      )
    assertEquals(ExitCodes.FailedAssertions, process.exitStatus(0), process.text)
    val stop = summary.earlyStop.getOrElse(fail(s"no early stop recorded:\n${process.text}"))
    assertEquals(("p99", 1000.0), (stop.limit, stop.allowed))
    assertTrue(stop.measured >= 1500, s"the answers' own time, delay included: $stop")
    assertStoppedBeforeThePlansEnd(summary)
    assertEquals(Some(Verdict.Fail), summary.gate.map(_.verdict))
  }

  /** Counts and an ordering, not seconds of wall time: the open profile starts a user a second, so a stop
    * that stopped the load leaves planned users never started, whatever the machine's speed.
    */
  private def assertStoppedBeforeThePlansEnd(summary: RunSummary): Unit = {
    val stop = summary.earlyStop.get
    assertTrue(stop.atMs < plannedSeconds * 1000L, s"stopped at ${stop.atMs} ms of a planned $plannedSeconds s")
    val completion = summary.completion
    val planned = completion.plannedUsers.getOrElse(fail(s"an open profile plans its users: $completion"))
    assertTrue(completion.startedUsers < planned, s"the load stopped: $completion")
  }

  @Test def aBadLimitStopsTheRunBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[ToySimulation], "earlyStop.maxP99Ms" -> "-1")
    assertEquals("earlyStop.maxP99Ms: must be at least 1 (was -1)", error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "no run folder: nothing was sent")
  }

  @Test def aHealthyRunIsNotStopped(): Unit = {
    val (process, summary, archived) = runFor(healthyPlannedSeconds)
    assertEquals(0, process.exitStatus(0), process.text)
    assertEquals(None, summary.earlyStop)
    assertEquals(Some("PASS"), summary.gate.map(_.label), summary.gate.toString)
    val completion = summary.completion
    assertEquals(
      (completion.plannedUsers, completion.plannedUsers),
      (Some(completion.startedUsers), Some(completion.endedUsers)),
      s"every planned user started and ended: $completion"
    )
    assertFalse(process.text.contains("STOPPED EARLY"), process.text)
    val junit = Files.readString(archived.resolve("junit.xml"))
    assertTrue(junit.contains("""name="the run was not stopped early" time="0"></testcase>"""), junit)
  }
}
