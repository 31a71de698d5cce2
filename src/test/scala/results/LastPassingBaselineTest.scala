package results

import results.model.{ CheckRule, GateCheck, GateVerdict, Metric, PercentileInterval, RunShard, RunSummary, Verdict }

import results.archive.{ RunArchive, ShardDocument, SummaryJson }
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

class LastPassingBaselineTest {
  private val root = Files.createTempDirectory("results-")
  private val passed = Some(GateVerdict(Nil, Nil, None, Nil, Nil))

  private def archive(
      runId: String,
      start: Long,
      profile: String = "reference",
      target: String = "demo",
      shard: RunShard = RunShard.Whole,
      verdict: Option[GateVerdict] = passed,
      overrides: Map[String, String] = Map.empty,
      smoke: Boolean = false,
      systemProfiles: Seq[(String, String)] = Nil
  ): RunSummary = {
    val crafted = CraftedSummaries.summary(
      "RaidSimulation",
      Map(List("mint raid") -> CraftedSummaries.ok(2000, 2010)),
      startEpochMs = start,
      shard = shard,
      runId = runId
    )
    val summary =
      crafted.copy(
        run = crafted.run.copy(profile = profile, target = target, overrides = overrides, smoke = smoke),
        gate = verdict,
        systems = systemProfiles.map { case (key, own) => CraftedSummaries.system(key).copy(profile = own) }
      )
    val dir: Path = Files.createDirectories(root.resolve(runId))
    Files.writeString(dir.resolve("summary.json"), SummaryJson.write(summary))
    summary
  }

  @Test def theNewestPassingRunOfTheSameProfileTargetAndShard(): Unit = {
    archive("old", start = 1000)
    archive("newer", start = 2000)
    archive(
      "newest-failed",
      start = 3000,
      verdict = Some(GateVerdict(
        Seq(GateCheck("mint raid", Metric.Percentile(99), Some(9000), 8000, atMost = true)),
        Nil,
        None,
        Nil,
        Nil
      ))
    )
    archive("other-profile", start = 4000, profile = "closed")
    archive("other-target", start = 5000, target = "local")
    archive("other-shard", start = 6000, shard = RunShard.Part(2, 2))
    val current = archive("current", start = 7000)
    assertEquals(Some("newer"), RunArchive.lastPassing(root, current).map(_.run.runId))
  }

  @Test def anInconclusiveRunIsNeverABaseline(): Unit = {
    archive("passed", start = 1000)
    val undecided = GateCheck(
      "mint raid",
      Metric.Percentile(99),
      Some(2010),
      2005,
      atMost = true,
      Some(PercentileInterval(2000, None)),
      CheckRule.Interval
    )
    val inconclusive = Some(GateVerdict(Seq(undecided), Nil, None, Nil, Nil))
    assertEquals(Verdict.Inconclusive, inconclusive.get.verdict)
    archive("inconclusive", start = 2000, verdict = inconclusive)
    val current = archive("current", start = 3000)
    assertEquals(Some("passed"), RunArchive.lastPassing(root, current).map(_.run.runId))
  }

  @Test def smokeRunsHaveNoBaseline(): Unit = {
    archive("earlier-full", start = 1000)
    assertEquals(None, RunArchive.lastPassing(root, archive("smoke", start = 2000, smoke = true)))
    assertEquals(
      Some("earlier-full"),
      RunArchive.lastPassing(root, archive("full", start = 3000)).map(_.run.runId),
      "a smoke run is no baseline, though newer"
    )
  }

  /** Schema 2 did not store whether a run was smoke: the archive reads it from the profile as it was recorded. */
  @Test def aRunOfSchema2IsSmokeWhereItsProfileSaysSo(): Unit = {
    Seq("smoke", "reference (smoke)", "raid: smoke, eforms: smoke (normal compressed)").foreach(profile =>
      assertTrue(ShardDocument.smokeInWords(profile), profile)
    )
    Seq("reference", "raid: smoke, eforms: normal", "smoke-test").foreach(profile =>
      assertFalse(ShardDocument.smokeInWords(profile), profile)
    )
  }

  @Test def aRunWithOneSystemAtFullLoadHasItsBaseline(): Unit = {
    val mixed = "raid: reference, eforms: smoke (normal compressed)"
    archive("earlier-mixed", start = 1000, profile = mixed)
    assertEquals(
      Some("earlier-mixed"),
      RunArchive.lastPassing(root, archive("mixed", start = 2000, profile = mixed)).map(_.run.runId)
    )
  }

  /** The same profile is each system's own, however the run's one sentence words them. */
  @Test def theSameProfilesAreTheSystemsOwn(): Unit = {
    val own = Seq("raid" -> "reference", "eforms" -> "steady")
    val sentence = "raid: reference, eforms: steady"
    archive("earlier", start = 1000, profile = sentence, systemProfiles = own)
    archive("other-profile", start = 2000, profile = sentence, systemProfiles = own.updated(1, "eforms" -> "closed"))
    val current = archive("current", start = 3000, profile = "eforms: steady, raid: reference", systemProfiles = own)
    assertEquals(Some("earlier"), RunArchive.lastPassing(root, current).map(_.run.runId))
  }

  @Test def onlyARunWithTheSameLoadOverrides(): Unit = {
    archive("full", start = 1000)
    archive("longer-preflight", start = 1500, overrides = Map("preflight.connectTimeout" -> "10s"))
    archive("half-scale", start = 2000, overrides = Map("scale" -> "0.5"))
    archive("compressed", start = 3000, overrides = Map("smoke" -> "true"))
    archive("no-think-time", start = 4000, overrides = Map("thinkTime.multiplier" -> "0"))
    archive("no-stub-delay", start = 5000, overrides = Map("sandbox.stubs.delay.ms" -> "0"))
    archive("more-users", start = 6000, overrides = Map("profiles.raid.reference.users" -> "80"))
    archive(
      "other-target-definition",
      start = 7000,
      overrides = Map("targets.demo.raid.baseUrl" -> "http://127.0.0.1:1")
    )
    // every newer run changed the load; an override that does not (preflight) leaves a run comparable
    assertEquals(
      Some("longer-preflight"),
      RunArchive.lastPassing(root, archive("current", start = 9000)).map(_.run.runId)
    )
    val halfScale =
      archive("current-half-scale", start = 9500, overrides = Map("scale" -> "0.5", "raid.feeder" -> "other.csv"))
    assertEquals(Some("half-scale"), RunArchive.lastPassing(root, halfScale).map(_.run.runId))
  }

  @Test def aSummaryThatCannotBeReadIsAWarningNotASilentSkip(): Unit = {
    archive("good", start = 1000)
    val corrupt = Files.createDirectories(root.resolve("corrupt"))
    Files.writeString(corrupt.resolve("summary.json"), "{ not json")
    val current = archive("current", start = 2000)
    val thresholds = testkit.FixtureRun.writeTemp("thresholds", "thresholds { defaults { p99Ms = 100000 } }")
    val outcome = PostRun.gate(root.resolve("current"), current, root, ResultsSettings.load(), Some(thresholds))
    assertEquals(Some("good"), outcome.verdict.flatMap(_.baselineRun), "the readable baseline is still used")
    val warnings = outcome.verdict.get.warnings
    assertTrue(
      warnings.exists(w =>
        w.startsWith(corrupt.resolve("summary.json").toString) && w.endsWith("not considered as a baseline")
      ),
      warnings.toString
    )
  }
}
