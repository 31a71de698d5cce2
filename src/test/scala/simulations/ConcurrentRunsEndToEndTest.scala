package simulations

import java.nio.file.Files
import java.nio.file.attribute.FileTime

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.archive.SummaryJson
import testkit.{ FixtureRun, GatlingProcess }

/** Another run writing in the same Gatling folder (a second run in the same checkout) never makes a
  * run archive and gate that other run's folder under its own name.
  */
class ConcurrentRunsEndToEndTest {
  @Test def aRunArchivesItsOwnFolderNotTheNewestOne(): Unit = {
    // Thresholds that hold whatever the answers, so that a busy machine cannot fail the run (RAiD's own
    // p99 limits did, 5.5 s against 5 s): what is under test is which folder the run archives and gates.
    val thresholds = Files.createTempFile("lenient-", ".conf")
    Files.writeString(
      thresholds,
      "thresholds { defaults { p99Ms = 600000, maxErrorPercent = 100 }, baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 10 } }"
    )
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "sandbox.stubs.delay.ms" -> "200",
      "thresholds" -> thresholds.toString
    )
    run.awaitLoad(60)
    // The other run's log, last written after this run's: newest by every clock.
    val other = Files.createDirectories(run.gatlingDir.resolve("otherrun-20990101000000000"))
    val otherLog = Files.copy(FixtureRun.run.gatlingRunDir.resolve("simulation.log"), other.resolve("simulation.log"))
    Files.setLastModifiedTime(otherLog, FileTime.fromMillis(System.currentTimeMillis() + 3600000))
    assertEquals(0, run.exitStatus(120), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json")).run
    assertEquals(
      "simulations.RaidSimulation",
      summary.simulationClass,
      s"${archived.getFileName} holds this run's own log"
    )
    assertNotEquals("otherrun-20990101000000000", archived.getFileName.toString)
  }
}
