package simulations

import config.FailFast

import results.model.ExitCodes

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.GatlingProcess

/** Results that cannot be kept stop a run before its load, and a failed archive after it is loud. */
class ResultsFolderEndToEndTest {
  @Test def anUnwritableResultsFolderStopsTheRunBeforeAnyLoad(): Unit = {
    val blocker = Files.createTempFile("not-a-folder-", ".txt")
    val run = GatlingProcess.start(classOf[RaidSimulation], "suite.resultsDir" -> blocker.resolve("results").toString)
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    val errors = run.text.linesIterator.filter(_.startsWith("ERROR:")).toList
    assertEquals(1, errors.size, run.text)
    assertTrue(
      errors.head.startsWith(s"ERROR: results folder ${blocker.resolve("results")}: cannot be written"),
      errors.head
    )
    assertFalse(Files.exists(run.gatlingDir), "no load: Gatling never started a run folder")
  }

  @Test def aMisspeltBaselineStopsTheRunBeforeAnyLoad(): Unit = {
    val run = GatlingProcess.start(classOf[RaidSimulation], "results.baseline" -> "raidsimulation-2026112")
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    val errors = run.text.linesIterator.filter(_.startsWith("ERROR:")).toList
    assertEquals(
      List(
        s"ERROR: results.baseline: no run folder 'raidsimulation-2026112' (looked in ${run.resultsDir.toAbsolutePath})"
      ),
      errors
    )
    assertFalse(Files.exists(run.gatlingDir), "no load")
  }

  @Test def aRunInAFolderReachedThroughASymbolicLinkIsArchived(): Unit = {
    val run = GatlingProcess.throughSymbolicLink(classOf[RaidSimulation], "sandbox.stubs.delay.ms" -> "0")
    val archived = run.archivedRun(300)
    assertTrue(Set(0, ExitCodes.FailedAssertions)(archived.statusCode), s"as a normal run ends:\n${run.text}")
    assertTrue(archived.users > 0, "the run's own log was archived")
  }

  @Test def aRunThatCannotBeArchivedFailsLoudly(): Unit = {
    val run = GatlingProcess.start(classOf[RaidSimulation], "sandbox.stubs.delay.ms" -> "0")
    run.awaitLoad(60)
    // The results folder vanishes during the run and a file takes its place.
    Files.walk(run.resultsDir).sorted(java.util.Comparator.reverseOrder[java.nio.file.Path]()).forEach(p =>
      Files.delete(p)
    )
    Files.write(run.resultsDir, Array[Byte](1))
    assertEquals(ExitCodes.NotArchived, run.exitStatus(120), run.text)
    assertTrue(run.text.contains(s"results: ERROR the run was not archived to ${run.resultsDir}"), run.text)
  }
}
