package simulations

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.{ GateVerdict, RunOutcome, SummaryJson }
import testkit.{ GatlingProcess, StarvedInjectorSimulation }

/** An injector starved of CPU on purpose gets the verdict INVALID, in every summary and its exit code. */
class InjectorHealthEndToEndTest {
  @Test def aSaturatedInjectorMakesTheRunInvalid(): Unit = {
    // 20 users in 5 s, each burning 1.5 s of CPU: 30 CPU-seconds asked of a machine that has far fewer.
    val run = GatlingProcess.start(
      classOf[StarvedInjectorSimulation],
      "profiles.toy.smoke.rate" -> "4",
      "profiles.toy.smoke.duration" -> "5 seconds",
      "sandbox.stubs.delay.ms" -> "0",
      "injector.minSamples" -> "3"
    )
    assertEquals(RunOutcome.InvalidExitCode, run.exitStatus(180), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Some(GateVerdict.Invalid), summary.gate.map(_.label))
    val injector = summary.injector.get
    assertTrue(injector.figures.busyPercent > 10, injector.toString)
    assertTrue(
      summary.gate.get.invalid.exists(_.startsWith("injector saturated: its JVM used 90 % or more")),
      summary.gate.toString
    )
    // The burning users hold the threads that start the others: the later users start seconds behind schedule.
    assertTrue(injector.figures.lateStarts.users >= 15, injector.figures.lateStarts.toString)
    assertTrue(injector.figures.lateStarts.p99Ms > 1000, injector.figures.lateStarts.toString)
    assertTrue(
      summary.gate.get.invalid.exists(_.startsWith("injector saturated: users started behind their schedule, p99 ")),
      summary.gate.toString
    )
    assertTrue(run.text.contains("results: gate INVALID"), run.text)
    assertTrue(java.nio.file.Files.readString(archived.resolve("summary.md")).contains("## Gate: INVALID"))
  }
}
