package results.gate

import results.{ PostRun, ResultsCli }
import results.model.{ Entry, GateCheck, Metric, RunContext, RunShard, RunSummary, Verdict }

import results.archive.RunArchive
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import config.InputError
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.FixtureRun

/** A threshold given as a setting (`-Dthresholds.simulations.raid.global.p99Ms=1500`, recorded in the run's
  * overrides) judges as the same limit in a thresholds file does, from both sides, and is the limit its files
  * show; `ResultsCli summarize`, reading the run's run.json, judges by it again. A key or value that cannot be
  * applied is refused with one line naming it.
  */
class ThresholdOverridesTest {
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
  private val base = "defaults { p99Ms = 5000 }"
  private val baseFile = FixtureRun.writeTemp("thresholds", s"thresholds { $base }")
  private val Limit = "thresholds.simulations.raid.global.p99Ms"

  /** 1,000 mints, 666 answered in 100 ms and 334 in 2,000 ms: p99 2,000 ms, a third over 1,500 ms; its interval
    * is 2,000 to 2,000 ms, so that every limit here is decided.
    */
  private def gatlingRun(): Path = {
    val start = 1795000000000L
    val log =
      SimulationLogWriter.open(Files.createTempDirectory("gatling-"), "simulations.RaidSimulation", start, "RAiD")
    log.user(started = true, start + 1)
    (0 until 1000).foreach { i =>
      val at = start + 10 + i
      log.request("mint raid", at, at + (if (i % 3 == 0) 2000 else 100), None)
    }
    log.user(started = false, start + 5000)
    log.close()
    log.logFile.getParent
  }

  private def context(overrides: Map[String, String]) =
    RunContext("RaidSimulation", Seq("raid"), "local", "reference", RunShard.Whole, overrides, Nil, Nil)

  private def run(overrides: Map[String, String], file: Path): Path =
    PostRun.process(gatlingRun(), Files.createTempDirectory("results-"), context(overrides), settings, Some(file))
      .archivedRunDir

  private def globalP99(summary: RunSummary): GateCheck =
    summary.gate.get.checks.find(c => c.subject == Entry.GlobalName && c.metric == Metric.Percentile(99)).get

  private def judged(runDir: Path): (Verdict, Double, Option[Double]) = {
    val check = globalP99(RunArchive.readSummary(runDir))
    (RunArchive.readSummary(runDir).gate.get.verdict, check.allowed, check.measured)
  }

  @Test def aLimitGivenAsASettingJudgesAsTheSameLimitInAFileFromBothSides(): Unit =
    Seq(1500 -> Verdict.Fail, 2500 -> Verdict.Pass).foreach { case (limit, verdict) =>
      val bySetting = run(Map(Limit -> limit.toString), baseFile)
      val inFile =
        FixtureRun.writeTemp("thresholds", s"thresholds { $base, simulations.raid.global.p99Ms = $limit }")
      val byFile = run(Map.empty, inFile)
      assertEquals((verdict, limit.toDouble, Some(2000.0)), judged(bySetting), s"-D$Limit=$limit")
      assertEquals(judged(bySetting), judged(byFile), s"the file's $limit")

      // The limit used is the one its files show.
      val markdown = Files.readString(bySetting.resolve(RunArchive.SummaryMarkdownName))
      assertTrue(markdown.linesIterator.exists(l => l.contains("All Requests: p99") && l.contains(s"| $limit ms |")))
      assertTrue(Files.readString(bySetting.resolve(RunArchive.JUnitName)).contains(s"at most $limit"))
    }

  @Test def theFilesLimitAloneWouldHavePassedTheRunASettingFails(): Unit = {
    val runDir = run(Map(Limit -> "1500"), baseFile)
    assertEquals(Verdict.Fail, judged(runDir)._1)
    val regated =
      PostRun.gate(runDir, RunArchive.readSummary(runDir).copy(gate = None), runDir.getParent, settings, Some(baseFile))
    assertEquals(Some(Verdict.Fail), regated.verdict.map(_.verdict), "the summary's overrides still apply")
    val withoutIt =
      PostRun.process(gatlingRun(), Files.createTempDirectory("results-"), context(Map.empty), settings, Some(baseFile))
    assertEquals((Verdict.Pass, 5000.0, Some(2000.0)), judged(withoutIt.archivedRunDir))
  }

  /** This JVM was given no threshold: `summarize` reads the limit from the run's run.json alone. */
  @Test def resultsCliSummarizeJudgesByTheLimitTheRunWasGiven(): Unit = {
    val runDir = run(Map(Limit -> "1500"), baseFile)
    Files.delete(runDir.resolve(RunArchive.SummaryJsonName))
    val status = ResultsCli.run(List(
      "summarize",
      runDir.toString,
      "--results",
      runDir.getParent.toString,
      "--no-baseline",
      "--thresholds",
      baseFile.toString
    ))
    assertEquals(1, status, "FAIL, as the run was judged")
    assertEquals((Verdict.Fail, 1500.0, Some(2000.0)), judged(runDir))
  }

  /** A run given `-Dthresholds=<file>` (and this JVM none): `summarize` judges by that file, under the run's keys. */
  @Test def resultsCliSummarizeJudgesByTheFileTheRunWasGiven(): Unit = {
    val file = FixtureRun.writeTemp("thresholds", s"thresholds { $base, simulations.raid.global.p99Ms = 1500 }")
    val runDir = PostRun.process(
      gatlingRun(),
      Files.createTempDirectory("results-"),
      context(Map("thresholds" -> file.toString)),
      settings,
      None
    ).archivedRunDir
    assertEquals((Verdict.Fail, 1500.0, Some(2000.0)), judged(runDir))
    Files.delete(runDir.resolve(RunArchive.SummaryJsonName))
    assertEquals(
      1,
      ResultsCli.run(List("summarize", runDir.toString, "--results", runDir.getParent.toString, "--no-baseline"))
    )
    assertEquals((Verdict.Fail, 1500.0, Some(2000.0)), judged(runDir))
    val overridden =
      context(Map("thresholds" -> file.toString, Limit -> "2500"))
    val both = PostRun.process(gatlingRun(), Files.createTempDirectory("results-"), overridden, settings, None)
    assertEquals((Verdict.Pass, 2500.0, Some(2000.0)), judged(both.archivedRunDir), "a key over the file")
  }

  @Test def aKeyOrValueThatCannotBeAppliedIsOneLineNamingIt(): Unit = {
    def error(key: String, value: String, systems: Seq[String] = Seq("raid")) =
      assertThrows(classOf[InputError], () => ThresholdOverrides.of(Map(key -> value), systems)).getMessage
    assertEquals(
      "thresholds.simulations.raid.global.p99ms: unknown limit (known: maxDegradationPercent, maxErrorPercent, minRequestsPerSecond, p90Ms, p95Ms, p99Ms)",
      error("thresholds.simulations.raid.global.p99ms", "1500")
    )
    assertEquals(s"$Limit: must be a number (was 'fast')", error(Limit, "fast"))
    assertEquals("thresholds.defaults.p99Ms: must be at least 0 (was -1)", error("thresholds.defaults.p99Ms", "-1"))
    assertEquals(
      "thresholds.simulations.raid.global.p99Ms: must be at most 2147483647 (was 1e12)",
      error(Limit, "1e12")
    )
    assertEquals(
      "thresholds.simulations.raid.glbal: unknown key (known: capacity, global, paths)",
      error("thresholds.simulations.raid.glbal.p99Ms", "1500")
    )
    assertEquals(
      "thresholds.simulations.eol: not a system of this run (raid): its limits would judge nothing",
      error("thresholds.simulations.eol.global.p99Ms", "1500")
    )
    assertEquals(
      "thresholds.defualts: unknown key (known: baseline, capacity, defaults, simulations)",
      error("thresholds.defualts.p99Ms", "1500")
    )
    assertEquals(
      "thresholds.baseline.maxP99Increase: unknown key (known: ignoreBelowMs, maxP99IncreasePercent)",
      error("thresholds.baseline.maxP99Increase", "5")
    )
    assertEquals(
      "thresholds.capacity.minHeadroom: must be greater than 0 (was 0)",
      error("thresholds.capacity.minHeadroom", "0")
    )
  }

  @Test def everyBlockASettingMayChangeIsApplied(): Unit = {
    val shipped = Thresholds.load(Seq("raid"), None, Map.empty)
    val overridden = Thresholds.load(
      Seq("raid"),
      None,
      Map(
        "thresholds.defaults.maxErrorPercent" -> "2.5",
        "thresholds.baseline.maxP99IncreasePercent" -> "30",
        "thresholds.capacity.minHeadroom" -> "1.5",
        "thresholds.simulations.raid.paths.\"mint raid\".p99Ms" -> "7000",
        "scale" -> "2"
      )
    )
    assertEquals(Some(8000), shipped.paths.toMap.get(List("mint raid")).flatMap(_.p99Ms))
    assertEquals(Some(7000), overridden.paths.toMap.get(List("mint raid")).flatMap(_.p99Ms), "a quoted path")
    assertEquals(Some(2.5), overridden.global.maxErrorPercent)
    assertEquals(
      Some(2.5),
      overridden.paths.toMap.get(List("mint raid")).flatMap(_.maxErrorPercent),
      "defaults fill paths"
    )
    assertEquals(30.0, overridden.baseline.maxP99IncreasePercent)
    assertEquals(Map("raid" -> 1.5), overridden.minHeadroom)
    assertEquals(shipped.global.p99Ms, overridden.global.p99Ms, "what no setting changed stays the files'")
  }

  @Test def aViewOfOneSystemTakesItsOwnAndTheRunWideOnes(): Unit = {
    val overrides = Map(
      "thresholds.simulations.raid.global.p99Ms" -> "1500",
      "thresholds.simulations.eol.global.p99Ms" -> "2500",
      "thresholds.defaults.maxErrorPercent" -> "2",
      "scale" -> "2"
    )
    assertEquals(overrides - "thresholds.simulations.eol.global.p99Ms", ThresholdOverrides.forSystem(overrides, "raid"))
  }
}
