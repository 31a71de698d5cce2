package simulations

import results.model.{ ExitCodes, Verdict }

import results.archive.{ RunArchive, SummaryJson }

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.GatlingProcess

/** A run that did not complete its plan is archived as INCOMPLETE: never a PASS, never a baseline. */
class IncompleteRunEndToEndTest {

  @Test def aRunStoppedMidwayIsArchivedIncomplete(): Unit = {
    // About a user a second for 11 minutes: stopped as soon as its load starts.
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "profile" -> "reference",
      "scale" -> "0.02",
      "sandbox.stubs.delay.ms" -> "0"
    )
    run.awaitLoad(60)
    run.terminate()
    assertEquals(ExitCodes.Incomplete, run.exitStatus(60), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    assertTrue(run.text.contains("results: gate INCOMPLETE"), run.text)
    assertTrue(run.text.contains("results: INCOMPLETE the run was stopped before the end of its plan"), run.text)
    val junit = Files.readString(archived.resolve("junit.xml"))
    assertTrue(junit.contains("""name="the run completed its plan" time="0"><failure"""), junit)
    val page = Files.readString(archived.resolve("summary.md"))
    assertTrue(page.contains("## Gate: INCOMPLETE"), page)
    // SIGTERM stops the load gracefully (GracefulStopEndToEndTest counts what is kept); summary.json is written
    // even when the stop came before the first request was answered.
    assertTrue(run.text.contains("stopping: Ctrl-C again to abort"), run.text)
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
    assertEquals(None, RunArchive.lastPassing(run.resultsDir, summary), "never a baseline")
    assertTrue(page.contains("- Plan: 630 users, 660 s"), page)
    assertTrue(Files.readString(run.resultsDir.resolve("index.html")).contains("INCOMPLETE"), "the index says so")
  }

  @Test def whenTheProcessThatStartedTheRunGoesTheLoadStopsAndTheRunIsArchivedIncomplete(): Unit = {
    val run = GatlingProcess.underParent(
      classOf[RaidSimulation],
      "suite.watchParent" -> "true",
      "profile" -> "reference",
      "scale" -> "0.02",
      "sandbox.stubs.delay.ms" -> "0"
    )
    run.awaitLoad(60)
    val jvm = run.gatlingJvm
    run.killParent()
    val stoppedBy = System.nanoTime() + 60000000000L
    while (jvm.isAlive && System.nanoTime() < stoppedBy) Thread.sleep(100)
    if (jvm.isAlive) {
      jvm.destroyForcibly() // no load left behind when this test fails
      fail(s"the orphaned Gatling JVM went on loading the sandbox:\n${run.text}")
    }
    assertTrue(run.text.contains("has gone: stopping the load now"), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    assertTrue(Files.readString(archived.resolve("summary.md")).contains("## Gate: INCOMPLETE"), run.text)
  }

  @Test def usersCutOffByTheTimeLimitMakeTheRunIncomplete(): Unit = {
    // Smoke at full think time (a journey of about a minute), 3 users in 2 s, with a 1 s drain: the run is stopped
    // with users mid-journey.
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "thinkTime.smokeMultiplier" -> "1",
      "profiles.raid.smoke.duration" -> "1 second",
      "profiles.raid.smoke.drain" -> "1s",
      "sandbox.stubs.delay.ms" -> "0"
    )
    assertEquals(ExitCodes.Incomplete, run.exitStatus(120), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
    assertTrue(
      summary.completion.problems.exists(_.text.contains("had not finished their journey")),
      summary.completion.toString
    )
  }
}
