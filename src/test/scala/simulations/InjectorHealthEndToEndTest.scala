package simulations

import results.model.{ ExitCodes, Verdict }

import results.archive.SummaryJson

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
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
    assertEquals(ExitCodes.Invalid, run.exitStatus(180), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Some(Verdict.Invalid), summary.gate.map(_.verdict))
    val injector = summary.injector.get
    // How much of the machine the burn gets depends on what else runs on it; its users always start late.
    assertEquals(
      injector.figures.busyPercent > 10,
      summary.gate.get.invalid.exists(_.text.startsWith("injector saturated: its JVM used 90 % or more")),
      s"a CPU reason exactly when the CPU was busy: $injector"
    )
    // The JVM's own CPU time and heap are in the record, which the benchmarks read: the burn alone is seconds.
    assertTrue(injector.figures.cpuSeconds >= 1 && injector.figures.heapPeakMiB > 0, injector.figures.toString)
    // The burning users hold the threads that start the others: the later users start seconds behind schedule.
    assertTrue(injector.figures.lateStarts.users >= 15, injector.figures.lateStarts.toString)
    assertTrue(injector.figures.lateStarts.p99Ms > 1000, injector.figures.lateStarts.toString)
    assertTrue(
      summary.gate.get.invalid.exists(
        _.text.startsWith("injector saturated: users started behind their schedule, p99 ")
      ),
      summary.gate.toString
    )
    assertTrue(run.text.contains("results: gate INVALID"), run.text)
    val md = java.nio.file.Files.readString(archived.resolve("summary.md"))
    assertTrue(md.contains("## Gate: INVALID"), md)
    assertTrue(md.contains("- Injector: CPU ") && md.contains("behind their schedule (p99 "), md)
    val junit = java.nio.file.Files.readString(archived.resolve("junit.xml"))
    assertTrue(
      junit.contains("""name="the injector was not the bottleneck" time="0"><failure message="injector saturated: """),
      junit
    )
    assertFalse(junit.contains("""failures="0""""), junit)
  }
}
