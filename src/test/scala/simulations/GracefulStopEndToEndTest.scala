package simulations

import signals.StopSignals

import results.archive.{ RunArchive, SummaryJson }
import results.model.Verdict
import results.ResultsConsole
import results.render.{ RunIndexPage, RunPage }

import java.nio.file.Files
import java.util.concurrent.TimeUnit

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.{ MavenRun, SchedulingLag, ToySimulation }

/** Ctrl-C and SIGTERM as a user sends them: to the process group of a real `mvn gatling:test` (Maven and the
  * Gatling JVM it forks), on the toy system at a low rate. The abort's 5 s promise is checked with a margin
  * measured in the same test (testkit.SchedulingLag), so the class runs beside others.
  */
class GracefulStopEndToEndTest {
  private val stopLine = "stopping: Ctrl-C again to abort"

  /** The toy run under Maven, its console printing a progress table every 2 s rather than the suite's 10 s. */
  private def start(properties: (String, String)*): MavenRun =
    MavenRun.start(classOf[ToySimulation], ("gatling.data.console.writePeriod" -> "2") +: properties: _*)

  @Test def ctrlCStopsTheLoadAndKeepsEveryRequestTheConsoleCounted(): Unit = {
    // One user a second for 10 minutes: stopped after the console's second progress table (4 s).
    val run = start("profile" -> "steady", "profiles.toy.steady.duration" -> "10m")
    run.awaitProgress(tables = 2, seconds = 600)
    val counted = run.consoleCounts.last
    run.signalGroup("INT")
    val status = run.exitStatus(300)
    val text = run.text
    assertEquals(1, stopLine.r.findAllIn(text).size, text)
    assertNotEquals(0, status, text)
    // Maven waited for the run: the archive's verdict comes before Maven's own last lines.
    val verdict = text.indexOf("results: gate INCOMPLETE")
    assertTrue(verdict >= 0 && verdict < text.indexOf("BUILD FAILURE"), text)
    assertTrue(text.contains("results: INCOMPLETE the run was stopped before the end of its plan"), text)

    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    val kept = summary.global.figures.count
    println(
      s"console counted $counted before the signal, ${run.consoleCounts.last} at the end; summary.json holds $kept"
    )
    // Every request counted before the signal is kept; after it, only those the console counted as it ended.
    assertTrue(kept >= counted, s"summary.json holds $kept requests, the console had counted $counted:\n$text")
    assertTrue(kept <= run.consoleCounts.last, s"summary.json holds $kept, the console's last table less:\n$text")
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
    assertEquals(None, RunArchive.lastPassing(run.resultsDir, summary), "never a baseline")
    val page = Files.readString(archived.resolve("summary.md"))
    assertTrue(page.contains("## Gate: INCOMPLETE"), page)
    val junit = Files.readString(archived.resolve("junit.xml"))
    assertTrue(junit.contains("""name="the run completed its plan" time="0"><failure"""), junit)
    assertTrue(Files.readString(archived.resolve(RunPage.FileName)).contains("INCOMPLETE"), "run.html says so")
  }

  @Test def sigtermStopsTheLoadTooAndASecondSignalAbortsWithinFiveSeconds(): Unit = {
    // Two users whose journeys last a minute (a 60 s think time) and who are never replaced before then: the
    // load cannot stop before a journey ends, so the second signal comes while the stop is under way.
    val run = start(
      "profile" -> "held",
      "profiles.toy.held.type" -> "closed-ramp",
      "profiles.toy.held.startUsers" -> "2",
      "profiles.toy.held.targetUsers" -> "2",
      "profiles.toy.held.usersPerMinute" -> "60",
      "profiles.toy.held.hold" -> "10m",
      "toy.thinkTime" -> "60s",
      // An open live page would be served this long after the archive: not after an abort.
      "live.keepServing" -> "30s"
    )
    run.awaitProgress(tables = 1, seconds = 600)
    val gatling = run.gatlingJvm
    run.signalGroup("TERM")
    run.awaitLine(stopLine, 60)
    assertTrue(gatling.isAlive, s"the load stops only as a journey ends:\n${run.text}")
    // Signals closer together are one stop (Maven passes on the copy it got).
    Thread.sleep(StopSignals.SameStopMs + 500)
    val sent = System.nanoTime()
    val ((gatlingGoneMs, status, mavenGoneMs), lagMs) = SchedulingLag.during {
      run.signalGroup("TERM")
      gatling.onExit().get(60, TimeUnit.SECONDS)
      val gatlingGoneMs = (System.nanoTime() - sent) / 1000000
      val status = run.exitStatus(60)
      (gatlingGoneMs, status, (System.nanoTime() - sent) / 1000000)
    }
    val text = run.text
    println(
      s"after the second signal: the Gatling JVM gone in $gatlingGoneMs ms, Maven in $mavenGoneMs ms; lag $lagMs ms"
    )
    assertTrue(text.contains("aborting: the run is archived with what was written so far (exit 143)"), text)
    // The JVM halts itself 4.5 s after the second signal at the latest, within the promised 5 s on a quiet
    // machine; a busy one wakes its threads late by about as much as this JVM's were (the measured lag).
    // Maven then only reports the fork's end.
    val promisedMs = 5000
    assertTrue(
      gatlingGoneMs < promisedMs + lagMs,
      s"the Gatling JVM ended $gatlingGoneMs ms after the second signal (lag $lagMs ms):\n$text"
    )
    // The archive ends the JVM itself, the live page kept for nobody: the watchdog's halt is the last resort.
    assertFalse(text.contains(StopSignals.HaltedLine), s"the Gatling JVM waited for its watchdog:\n$text")
    assertTrue(
      mavenGoneMs < promisedMs + 1000 + lagMs,
      s"Maven ended $mavenGoneMs ms after the second signal (lag $lagMs ms):\n$text"
    )
    assertNotEquals(0, status, text)
    // Nothing had been flushed yet (a minute's journeys): the run is still archived, INCOMPLETE, summary.json too.
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict), text)
    assertEquals(None, RunArchive.lastPassing(run.resultsDir, summary), "never a baseline")
    assertTrue(Files.readString(archived.resolve("summary.md")).contains("## Gate: INCOMPLETE"), text)
    assertTrue(Files.isRegularFile(archived.resolve(RunPage.FileName)), text)
    // The index, which reads every archived run, is left to the next run: here there was none before.
    assertTrue(text.contains(ResultsConsole.IndexLeftAfterAbort), text)
    assertFalse(Files.exists(run.resultsDir.resolve(RunIndexPage.FileName)), "no index written after the abort")
  }

  @Test def aSignalToMavenAloneIsPassedOnToTheRun(): Unit = {
    val run = start("profile" -> "steady", "profiles.toy.steady.duration" -> "10m")
    run.awaitProgress(tables = 1, seconds = 600)
    run.signalMaven("INT")
    val status = run.exitStatus(300)
    val text = run.text
    assertNotEquals(0, status, text)
    val verdict = text.indexOf("results: gate INCOMPLETE")
    assertTrue(text.indexOf(stopLine) >= 0 && verdict > text.indexOf(stopLine), text)
    assertTrue(verdict < text.indexOf("BUILD FAILURE"), s"Maven waited for the run:\n$text")
    val Seq(archived) = run.archivedRuns: @unchecked
    assertEquals(Some(Verdict.Incomplete), SummaryJson.read(archived.resolve("summary.json")).gate.map(_.verdict))
  }
}
