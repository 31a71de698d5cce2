package results

import results.model.{ ExitCodes, RunContext, RunShard, RunWindow, Verdict, WindowKind, WindowLabel }

import results.archive.SummaryJson
import results.summarize.ResultsSettings

import java.nio.charset.StandardCharsets
import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.ConfigFactory
import io.gatling.charts.stats.SimulationLogAccess
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.FixtureRun

/** Bad input gets one clear line, and nothing already in results/ is overwritten or lost. */
class BadInputTest {
  private val context =
    RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil)
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
  private val passingThresholds =
    FixtureRun.writeTemp("thresholds", "thresholds { defaults { maxErrorPercent = 100 } }")

  /** A Gatling-like run folder holding a copy of the fixture's log, altered by `alter`. */
  private def runFolderWithLog(alter: Array[Byte] => Array[Byte]): Path = {
    val dir =
      Files.createDirectories(Files.createTempDirectory("gatling-").resolve("loopbacksimulation-20250101000000000"))
    Files.write(
      dir.resolve("simulation.log"),
      alter(Files.readAllBytes(FixtureRun.run.gatlingRunDir.resolve("simulation.log")))
    )
    dir
  }

  private def process(runDir: Path, root: Path = Files.createTempDirectory("results-")): RunOutcome =
    PostRun.process(runDir, root, context, settings, Some(passingThresholds))

  @Test
  def aFolderWithoutALog(): Unit = {
    val empty =
      Files.createDirectories(Files.createTempDirectory("gatling-").resolve("emptysimulation-20250101000000000"))
    val outcome = process(empty)
    assertEquals(2, outcome.exitCode)
    assertEquals(s"no simulation.log at ${outcome.archivedRunDir.resolve("simulation.log")}", outcome.error.get)
    assertTrue(
      Files.isRegularFile(outcome.archivedRunDir.resolve("run.json")),
      "the run is still archived with its context"
    )
    assertTrue(Files.readString(outcome.archivedRunDir.getParent.resolve("index.html")).contains("NO SUMMARY"))
  }

  @Test
  def aLogFromAnotherGatlingVersion(): Unit = {
    val version = "3.15.1".getBytes(StandardCharsets.ISO_8859_1)
    val dir = runFolderWithLog { bytes =>
      val at = bytes.indexOfSlice(version)
      assertTrue(at > 0 && at < 32, "the version sits in the log's header")
      bytes.patch(at, "3.14.9".getBytes(StandardCharsets.ISO_8859_1), version.length)
    }
    val outcome = process(dir)
    assertEquals(2, outcome.exitCode)
    assertTrue(
      outcome.error.get.endsWith(
        "simulation.log was written by Gatling 3.14.9; this suite reads Gatling 3.15.1 logs only"
      ),
      outcome.error.get
    )
  }

  @Test
  def aFileThatIsNoGatlingLog(): Unit = {
    val outcome = process(runFolderWithLog(_ => "request\tname\tstart".getBytes(StandardCharsets.UTF_8)))
    assertTrue(
      outcome.error.get.endsWith("is not a Gatling simulation.log (it does not start with a run record)"),
      outcome.error.get
    )
  }

  /** The log's first two thirds, ending inside a record: a cut that falls on a record boundary leaves
    * a complete (shorter) log, so it moves one byte on, into the next record (every record is longer).
    */
  private def cutInsideARecord(bytes: Array[Byte]): Array[Byte] = {
    val twoThirds = bytes.take(bytes.length * 2 / 3)
    val probe = Files.createTempFile("cut-", ".log")
    Files.write(probe, twoThirds)
    val endsOnABoundary = SimulationLogAccess.walk(probe)(_ => ()).truncatedAfterRecord.isEmpty
    if (endsOnABoundary) bytes.take(twoThirds.length + 1) else twoThirds
  }

  @Test
  def aTruncatedLogGivesPartialFiguresAWarningAndNoPass(): Unit = {
    val outcome = process(runFolderWithLog(cutInsideARecord))
    assertEquals(ExitCodes.Incomplete, outcome.exitCode, outcome.toString)
    assertEquals(Some(Verdict.Incomplete), outcome.verdict.map(_.verdict), "a cut-off log is no complete run")
    val summary = outcome.summary.get
    assertTrue(
      summary.completion.problems.map(_.text).contains("simulation.log is cut short"),
      summary.completion.toString
    )
    assertEquals(1, summary.warnings.size)
    assertTrue(
      summary.warnings.head.matches(
        ".*simulation.log is truncated after record \\d+ \\(the run was cut short\\?\\): the figures cover the records before it"
      ),
      summary.warnings.head
    )
    assertTrue(
      summary.global.figures.count < 120,
      s"fewer than the run's 120 requests: ${summary.global.figures.count}"
    )
  }

  @Test
  def malformedThresholdsStillLeaveTheSummaries(): Unit = {
    val root = Files.createTempDirectory("results-")
    val broken = FixtureRun.writeTemp("thresholds", "thresholds { defaults { p99Ms = quick } }")
    val outcome = PostRun.process(FixtureRun.run.gatlingRunDir, root, context, settings, Some(broken))
    assertEquals(2, outcome.exitCode)
    assertEquals(s"$broken: thresholds.defaults.p99Ms: must be a number (was 'quick')", outcome.error.get)
    assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve("summary.json")))
    assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve("summary.md")))
  }

  @Test
  def anExistingArchiveIsNeverOverwritten(): Unit = {
    val root = Files.createTempDirectory("results-")
    val taken = Files.createDirectories(root.resolve(FixtureRun.run.gatlingRunDir.getFileName.toString))
    Files.writeString(taken.resolve("notes.txt"), "keep me")
    val outcome = process(FixtureRun.run.gatlingRunDir, root)
    assertEquals(taken.getFileName.toString + "-2", outcome.archivedRunDir.getFileName.toString)
    assertEquals("keep me", Files.readString(taken.resolve("notes.txt")))
    assertEquals(
      Seq("notes.txt"),
      Using.resource(Files.list(taken))(_.iterator.asScala.map(_.getFileName.toString).toSeq)
    )
  }

  @Test
  def aNamedBaselineOfAnotherSimulationIsAWarningAndTheRunIsKept(): Unit = {
    val root = Files.createTempDirectory("results-")
    val first = process(FixtureRun.run.gatlingRunDir, root)
    val other = context.copy(simulation = "OtherSimulation")
    val second = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      root,
      other,
      settings.copy(baseline = first.archivedRunDir.getFileName.toString),
      Some(passingThresholds)
    )
    assertTrue(
      second.verdict.get.warnings.exists(_.startsWith(
        s"baseline not used: baseline ${first.archivedRunDir.getFileName} is a run of LoopbackSimulation, not of OtherSimulation"
      )),
      second.verdict.get.warnings.toString
    )
    assertEquals(None, second.verdict.get.baselineRun)
  }

  @Test
  def aWindowThatEndsAtItsStartIsLeftOutWithAWarning(): Unit = {
    val whole = RunWindow(WindowKind.Level, WindowLabel.Level(1, 1, 1), 0L, Long.MaxValue)
    val empty = RunWindow(WindowKind.Level, WindowLabel.Level(2, 1, 2), 5000L, 5000L)
    val backwards = RunWindow(WindowKind.Level, WindowLabel.Level(2, 2, 2), 6000L, 5000L)
    val outcome = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      Files.createTempDirectory("results-"),
      context.copy(windows = Seq(whole, empty, backwards)),
      settings,
      Some(passingThresholds)
    )
    assertEquals(0, outcome.exitCode, outcome.toString)
    val summary = outcome.summary.get
    assertEquals(Seq(whole), summary.windows.map(_.window))
    assertEquals(
      Seq(
        "window level 'L2 R1 (2 users)' ends at or before its start (5000 to 5000): left out",
        "window level 'L2 R2 (2 users)' ends at or before its start (6000 to 5000): left out"
      ),
      summary.warnings
    )
    assertEquals(
      Seq(whole, empty, backwards),
      SummaryJson.readContext(outcome.archivedRunDir.resolve("run.json")).windows,
      "run.json keeps what was recorded"
    )
  }

  @Test
  def aFailedWriteAfterTheCopyIsTheOutcomesErrorNotAnException(): Unit = {
    val dir = runFolderWithLog(identity)
    // a non-empty folder where run.json goes: the write fails with an IO error, not an InputError
    Files.writeString(Files.createDirectories(dir.resolve("run.json")).resolve("occupied"), "")
    val out = new java.io.ByteArrayOutputStream
    val outcome = Console.withOut(out)(process(dir))
    assertEquals(2, outcome.exitCode)
    assertTrue(outcome.error.get.contains("run.json"), outcome.error.get)
    assertEquals(
      Seq(s"results: ERROR ${outcome.error.get}"),
      out.toString.linesIterator.filter(_.startsWith("results: ERROR")).toSeq
    )
    assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve("simulation.log")), "the run is archived")
  }

  @Test
  def badSettingsReadAfterTheCopyAreTheOutcomesError(): Unit = {
    System.setProperty("results.apdexThresholdMs", "0")
    ConfigFactory.invalidateCaches()
    val outcome =
      try PostRun.process(FixtureRun.run.gatlingRunDir, Files.createTempDirectory("results-"), context)
      finally {
        System.clearProperty("results.apdexThresholdMs")
        ConfigFactory.invalidateCaches()
      }
    assertEquals(2, outcome.exitCode)
    assertEquals(Some("results.apdexThresholdMs: must be at least 1 (was 0)"), outcome.error)
    assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve("run.json")), "the run is archived with its context")
  }
}
