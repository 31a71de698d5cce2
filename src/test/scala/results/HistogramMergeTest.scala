package results

import results.model.{
  InjectorFigures,
  InjectorHealthRecord,
  InjectorLimits,
  LateStartFigures,
  RunShard,
  RunSummary,
  Verdict
}

import results.archive.SummaryJson
import results.gate.{ Gate, Thresholds }
import results.summarize.{ LatencyAccumulator, ShardMerge }

import java.nio.file.Files

import scala.util.Random

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries
import testkit.CraftedSummaries.Sample
import config.InputError

class HistogramMergeTest {
  private val random = new Random(42)
  private def samples(n: Int): Seq[Sample] =
    Seq.fill(n)((math.exp(random.nextGaussian() * 1.2 + 5).toInt, random.nextDouble() > 0.03))

  @Test
  def mergedHistogramEqualsTheHistogramOfTheUnion(): Unit = {
    val (a, b) = (samples(5000), samples(3000))
    val merged = CraftedSummaries.accumulator(a)
    merged.add(CraftedSummaries.accumulator(b))
    val union = CraftedSummaries.accumulator(a ++ b)
    assertEquals(
      LatencyAccumulator.decode(union.mergeable.histogram),
      LatencyAccumulator.decode(merged.mergeable.histogram)
    )
    assertEquals(union.figures(8), merged.figures(8))
  }

  @Test
  def histogramsSurviveTheirJsonEncoding(): Unit = {
    val entry = CraftedSummaries.entry(List("g", "r"), samples(2000), 4)
    val restored = LatencyAccumulator.restore(entry.figures, entry.mergeable, 95).entry(List("g", "r"), 4).get
    assertEquals(entry.figures, restored.figures)
    assertEquals(entry.mergeable.sumOfSquaresMs, restored.mergeable.sumOfSquaresMs)
    assertEquals(
      LatencyAccumulator.decode(entry.mergeable.histogram),
      LatencyAccumulator.decode(restored.mergeable.histogram)
    )
  }

  @Test
  def shardSummariesMergeIntoTheSummaryOfAllTheirRequests(): Unit = {
    val path = List("mint raid")
    val (a, b) = (samples(4000), samples(2500))
    val shard1 = CraftedSummaries.summary(
      "Raid",
      Map(path -> a),
      startEpochMs = 0,
      durationMs = 10000,
      shard = RunShard.Part(1, 2),
      runId = "raid-1"
    )
    val shard2 = CraftedSummaries.summary(
      "Raid",
      Map(path -> b),
      startEpochMs = 5000,
      durationMs = 10000,
      shard = RunShard.Part(2, 2),
      runId = "raid-2"
    )
    val merged = ShardMerge.merge(Seq(shard1, shard2), "raid-merged")
    val union = CraftedSummaries.entry(path, a ++ b, 15) // the windows [0, 10 s) and [5 s, 15 s) cover 15 s

    assertEquals(union.figures, merged.requests.head.figures)
    // the merged run's intervals are those of one run of all the shards' samples, read back from summary.json too
    val p99 = union.figures.intervalsMs(99)
    assertTrue(p99.bounded && p99.lowerMs < union.figures.p99Ms, p99.toString)
    assertEquals(union.figures.intervalsMs, merged.requests.head.figures.intervalsMs)
    val file = Files.createTempFile("merged-", ".json")
    Files.writeString(file, SummaryJson.write(merged))
    assertEquals(union.figures.intervalsMs, SummaryJson.read(file).requests.head.figures.intervalsMs)
    Files.delete(file)
    assertEquals(
      LatencyAccumulator.decode(union.mergeable.histogram),
      LatencyAccumulator.decode(merged.requests.head.mergeable.histogram)
    )
    assertEquals(6500L, merged.global.figures.count)
    assertEquals(6500 / 15.0, merged.global.figures.requestsPerSecond, 1e-9)
    assertEquals(Seq("raid-1", "raid-2"), merged.run.mergedFrom)
  }

  @Test
  def aShardWhoseInjectorWasSaturatedMakesTheMergedRunInvalid(): Unit = {
    val limits = InjectorLimits(maxCpuPercent = 90, maxBusyPercent = 10, maxGcPercent = 10, minSamples = 30, 1000)
    val figures = InjectorFigures(2, 20, 60, 0, 0.5, 600, LateStartFigures(300, 5, 40), 12, 18)
    def shard(i: Int, busySamples: Int) =
      CraftedSummaries.summary(
        "Raid",
        Map(List("r") -> CraftedSummaries.ok(50)),
        shard = RunShard.Part(i, 2),
        runId = s"raid-$i"
      )
        .copy(injector = Some(InjectorHealthRecord(figures.copy(busySamples = busySamples), limits)))
    def verdict(shards: RunSummary*) =
      Gate.evaluate(
        ShardMerge.merge(shards, "raid-merged"),
        Thresholds.fromConfig(ConfigFactory.parseString("thresholds { global { p99 = 60000 } }"), "test.conf", "raid"),
        None
      )

    assertEquals("PASS", verdict(shard(1, 0), shard(2, 0)).label)
    val invalid = verdict(shard(1, 0), shard(2, 120))
    assertEquals(Verdict.Invalid, invalid.verdict)
    assertTrue(invalid.invalid.head.text.startsWith("injector saturated: its JVM used 90 %"), invalid.invalid.toString)
    assertTrue(
      ShardMerge.merge(Seq(shard(1, 0), shard(2, 120)), "m").warnings.exists(_.startsWith("raid-2: its injector was")),
      "the warning names the shard"
    )
  }

  @Test
  def shardsThatDoNotBelongTogetherAreRefused(): Unit = {
    def shard(simulation: String, index: Int, count: Int) = CraftedSummaries.summary(
      simulation,
      Map(List("r") -> CraftedSummaries.ok(5)),
      shard = RunShard.Part(index, count),
      runId = s"$simulation-$index/$count"
    )
    def refusal(shards: RunSummary*) = assertThrows(classOf[InputError], () => ShardMerge.merge(shards, "m")).getMessage
    assertTrue(refusal(shard("Raid", 1, 2), shard("Eol", 2, 2)).contains("is a run of Eol, not of Raid"))
    assertEquals(
      "merge: shard 3/3 missing: the runs given are Raid-1/3 (1/3), Raid-2/3 (2/3)",
      refusal(shard("Raid", 1, 3), shard("Raid", 2, 3))
    )
    assertEquals("merge: Raid-1/2 and Raid-1/2 are both shard 1/2", refusal(shard("Raid", 1, 2), shard("Raid", 1, 2)))
    assertEquals(
      "merge: Raid-1/2 is a shard of 2, expected shards of 3",
      assertThrows(
        classOf[InputError],
        () => ShardMerge.merge(Seq(shard("Raid", 1, 2), shard("Raid", 2, 2)), "m", expectedShards = Some(3))
      ).getMessage
    )
  }

  @Test
  def shardsOfOtherProfilesOrLoadOverridesAreRefused(): Unit = {
    def shard(i: Int, profile: String = "reference", overrides: Map[String, String] = Map.empty) = {
      val crafted =
        CraftedSummaries.summary(
          "Raid",
          Map(List("r") -> CraftedSummaries.ok(5)),
          shard = RunShard.Part(i, 2),
          runId = s"raid-$i"
        )
      crafted.copy(run = crafted.run.copy(profile = profile, overrides = overrides + ("shard" -> s"$i/2")))
    }
    def refusal(shards: RunSummary*) = assertThrows(classOf[InputError], () => ShardMerge.merge(shards, "m")).getMessage
    assertEquals("merge: raid-2 ran profile closed, not reference", refusal(shard(1), shard(2, profile = "closed")))
    assertEquals(
      "merge: raid-2 ran with other load overrides than raid-1 (raid-1 vs raid-2: sandbox.stubs.delay.ms default vs 0, scale 0.5 vs default)",
      refusal(shard(1, overrides = Map("scale" -> "0.5")), shard(2, overrides = Map("sandbox.stubs.delay.ms" -> "0")))
    )
    Seq(
      "smoke" -> "true",
      "thinkTime.multiplier" -> "0",
      "profiles.raid.reference.users" -> "80",
      "targets.local.sandbox" -> "false"
    ).foreach { load =>
      assertTrue(
        refusal(shard(1), shard(2, overrides = Map(load))).startsWith("merge: raid-2 ran with other load overrides"),
        load.toString
      )
    }
    assertEquals(
      2L,
      ShardMerge.merge(Seq(shard(1, overrides = Map("raid.feeder" -> "a.csv")), shard(2)), "m").global.figures.count,
      "other overrides may differ"
    )
  }

  @Test
  def unionOfWindows(): Unit =
    assertEquals(30L, ShardMerge.unionMs(Seq((30L, 40L), (0L, 10L), (5L, 20L))))
}
