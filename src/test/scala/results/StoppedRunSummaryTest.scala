package results

import results.model.{ RunContext, RunCourse, RunShard, Verdict }

import results.archive.{ RunArchive, SummaryJson }
import results.render.{ RunIndexPage, RunPage }
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A run stopped before Gatling wrote a single request still gets every summary, summary.json included:
  * pipelines read it, whatever the verdict.
  */
class StoppedRunSummaryTest {
  @Test def aRunStoppedBeforeAnyRecordHasASummaryJsonThatSaysIncomplete(): Unit = {
    val gatlingDir = Files.createTempDirectory("gatling-")
    val resultsRoot = Files.createTempDirectory("results-")
    val log = SimulationLogWriter.open(gatlingDir, "simulations.RaidSimulation", 1795000000000L, "RAiD")
    log.close()
    val context = RunContext("RaidSimulation", Seq("raid"), "local", "reference", RunShard.Whole, Map.empty, Nil, Nil)
      .copy(course = RunCourse(Some(630), Some(660000), reachedEnd = false, Some(3000), None))

    val outcome = PostRun.process(log.logFile.getParent, resultsRoot, context)

    val runDir: Path = outcome.archivedRunDir
    val summary = SummaryJson.read(runDir.resolve(RunArchive.SummaryJsonName))
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
    assertEquals(0L, summary.global.figures.count)
    assertEquals(
      (Some(630L), 0L, Some(3000L)),
      (
        summary.completion.plannedUsers,
        summary.completion.startedUsers,
        summary.completion.actualDurationMs
      )
    )
    assertTrue(summary.gate.exists(_.warnings.exists(_.startsWith("no figures"))), summary.gate.toString)
    assertEquals(None, RunArchive.lastPassing(resultsRoot, summary), "never a baseline")
    assertTrue(Files.readString(runDir.resolve(RunArchive.SummaryMarkdownName)).contains("## Gate: INCOMPLETE"))
    assertTrue(Files.isRegularFile(runDir.resolve(RunArchive.JUnitName)))
    assertTrue(Files.readString(runDir.resolve(RunPage.FileName)).contains("INCOMPLETE"), "run.html says so")
  }

  @Test def anAbortedRunGetsItsOwnSummariesAndLeavesTheIndexAsItWas(): Unit = {
    val resultsRoot = Files.createTempDirectory("results-")
    def stoppedRun(startEpochMs: Long) = {
      val log = SimulationLogWriter.open(
        Files.createTempDirectory("gatling-"),
        "simulations.RaidSimulation",
        startEpochMs,
        "RAiD"
      )
      log.close()
      log.logFile.getParent
    }
    val context = RunContext("RaidSimulation", Seq("raid"), "local", "reference", RunShard.Whole, Map.empty, Nil, Nil)
      .copy(course = RunCourse(Some(630), Some(660000), reachedEnd = false, Some(3000), None))
    val first = PostRun.process(stoppedRun(1795000000000L), resultsRoot, context)
    val index = resultsRoot.resolve(RunIndexPage.FileName)
    val indexBefore = Files.readString(index)

    val aborted = PostRun.processAborted(stoppedRun(1795000100000L), resultsRoot, context, ResultsSettings.load())

    assertNotEquals(first.archivedRunDir, aborted.archivedRunDir)
    val summary = SummaryJson.read(aborted.archivedRunDir.resolve(RunArchive.SummaryJsonName))
    assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
    assertTrue(Files.isRegularFile(aborted.archivedRunDir.resolve(RunPage.FileName)))
    assertEquals(indexBefore, Files.readString(index), "the index is the next run's to rewrite")
  }
}
