package results

import results.model.{
  ProblemKind,
  RunShard,
  RunSummary,
  ShardStart,
  StartRule,
  Timeline,
  TimelinePoint,
  TimelineSeries
}

import results.archive.SummaryJson
import results.gate.{ Gate, Thresholds }
import results.render.ShardSections
import results.summarize.ShardMerge

import java.nio.file.Files

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import config.InputError
import testkit.CraftedSummaries

/** A merged verdict speaks of the planned load run in full: a shard that sent less than its part of the requests in
  * the window all shards were steady (beyond `results.merge.maxShortfall`), began later than the start tolerance or
  * was missing at the start makes the merged run INVALID, naming it and its figures; a shard of no known commit is
  * refused unless `results.merge.allowUnknownCommit`. The shards' figures are planted: each shard's timeline holds
  * a known count per second.
  */
class ShardPaceTest {
  private val thresholds =
    Thresholds.fromConfig(ConfigFactory.parseString("thresholds.defaults { p99Ms = 60000 }"), "test.conf", "")

  /** Shard i of 2: 100 s of load from 0, `perSecond` requests started in each of its seconds, `plannedUsers`. */
  private def shard(i: Int, perSecond: Long, plannedUsers: Long = 100, commit: String = "abc123"): RunSummary = {
    val crafted = CraftedSummaries.summary(
      "Raid",
      Map(List("r") -> CraftedSummaries.ok(5, 6, 7)),
      durationMs = 100000,
      shard = RunShard.Part(i, 2),
      runId = s"raid-$i"
    )
    val points = (0 until 100).map(s => TimelinePoint(s * 1000L, perSecond, 0, 5, 6, 7))
    crafted.copy(
      run = crafted.run.copy(gitCommit = commit, shardedRunId = Some("night-1")),
      completion = crafted.completion.copy(plannedUsers = Some(plannedUsers), startedUsers = plannedUsers),
      timeline = Some(Timeline(0L, 1000L, Seq(TimelineSeries("All Requests", points))))
    )
  }

  private def started(summary: RunSummary, lateMs: Long, missing: Seq[Int] = Nil) =
    summary.copy(run = summary.run.copy(start = Some(ShardStart(StartRule.Rendezvous, 0L, lateMs, missing))))

  private def merged(shards: RunSummary*)(maxShortfall: Double = 0.25): RunSummary =
    ShardMerge.merge(shards, "raid-merged", maxShortfall = maxShortfall)

  // about shards, not percentiles: a p99 of a few samples is judged as one number (the point-estimate gate)
  private def verdict(summary: RunSummary) = Gate.evaluate(summary, thresholds, None, pointEstimates = true)

  private def uneven(summary: RunSummary): Seq[String] =
    verdict(summary).invalid.filter(_.kind == ProblemKind.ShardsUneven).map(_.text)

  @Test def aShardAtHalfItsPartMakesTheMergedRunInvalidNamingItAndShardsAtTheirPartPass(): Unit = {
    val atPart = merged(shard(1, 10), shard(2, 10))()
    assertEquals(("PASS", 0), (verdict(atPart).label, verdict(atPart).exitCode))
    val overlap = atPart.shardOverlap.get
    assertEquals(Seq(Some(1000L), Some(1000L)), overlap.shards.map(_.sharedRequests))
    assertEquals(Seq(Some(1.0), Some(1.0)), overlap.shards.map(overlap.achievedShare))

    // Shard 2 sent 5 a second beside shard 1's 10: 500 of the 750 that were its half of the 1,500 sent.
    val half = merged(shard(1, 10), shard(2, 5))()
    assertEquals(("INVALID", 6), (verdict(half).label, verdict(half).exitCode))
    assertEquals(
      Seq(
        "shards uneven: raid-2 (2/2) sent 67 % of its part in the 100 s all shards were steady (5.0 of 7.5 " +
          "requests/s; at least 75 % needed)"
      ),
      uneven(half)
    )
    assertEquals(Seq("raid-2"), half.shardOverlap.get.short.map(_.runId))
    // summary.md's and the run page's shard table: each shard's requests while all were steady, and of its part.
    assertEquals(
      Seq(Seq("1000", "133.33"), Seq("500", "66.67")),
      ShardSections.rows(half.shardOverlap.get).map(_.takeRight(2))
    )
  }

  @Test def theShortfallToleranceHoldsFromBothSides(): Unit = {
    // 6 a second beside 10: 600 of its 800, exactly 75 %.
    val behind = merged(shard(1, 10), shard(2, 6)) _
    assertEquals(Some(0.75), behind(0.25).shardOverlap.map(o => o.achievedShare(o.shards(1)).get))
    assertEquals("INVALID", verdict(behind(0.24)).label, "needs 76 %")
    assertEquals("PASS", verdict(behind(0.26)).label, "needs 74 %")
  }

  @Test def aShardsPartIsItsShareOfThePlannedUsers(): Unit = {
    // Shard 1 was planned three times shard 2's users: 15 and 5 a second is each at its part.
    assertEquals("PASS", verdict(merged(shard(1, 15, plannedUsers = 300), shard(2, 5, plannedUsers = 100))()).label)
    // The same plan, sent evenly: shard 1 sent 1,000 of its 1,500.
    val even = merged(shard(1, 10, plannedUsers = 300), shard(2, 10, plannedUsers = 100))()
    assertEquals(Seq("raid-1"), even.shardOverlap.get.short.map(_.runId))
  }

  @Test def aPlanWithoutAUserCountIsNotJudged(): Unit = {
    // A closed shape's plan counts no users: 10 and 5 a second say nothing of either shard's part.
    val closed = Seq(shard(1, 10), shard(2, 5)).map(s => s.copy(completion = s.completion.copy(plannedUsers = None)))
    val summary = merged(closed: _*)()
    assertEquals(Seq(None, None), summary.shardOverlap.get.shards.map(summary.shardOverlap.get.achievedShare))
    assertEquals("PASS", verdict(summary).label)
  }

  @Test def aFewRequestsAreNotJudged(): Unit = {
    // 0.3 a second between them over 100 s: each part holds 15, too few to say anything of a shard's pace.
    val few = Seq(shard(1, 1), shard(2, 0)).map(s =>
      s.copy(timeline =
        s.timeline.map(t =>
          t.copy(series = t.series.map(series => series.copy(points = series.points.filter(_.offsetMs % 5000 == 0))))
        )
      )
    )
    val summary = merged(few: _*)()
    assertEquals(Some(20L), summary.shardOverlap.get.sharedRequests)
    assertEquals("PASS", verdict(summary).label)
  }

  @Test def aShardLaterThanTheToleranceOrOneMissingAtTheStartMakesItInvalid(): Unit = {
    assertEquals("PASS", verdict(merged(started(shard(1, 10), 0), started(shard(2, 10), 900))()).label, "0.9 s late")
    val late = merged(started(shard(1, 10), 0), started(shard(2, 10), 3000))()
    assertEquals(
      Seq("shards uneven: raid-2 (2/2) began 3.0 s after the agreed start (at most 1.0 s)"),
      uneven(late)
    )
    // The rendezvous timed out without shard 2: shard 1 began alone, shard 2 whenever it came.
    val missing = merged(started(shard(1, 10), 0, missing = Seq(2)), shard(2, 10))()
    assertEquals(
      Seq("shards uneven: shard 2/2 missing at the start (the others began without it)"),
      uneven(missing)
    )
    assertEquals("INVALID", verdict(missing).label)
  }

  @Test def theShardsFiguresAreStoredAsFieldsAndReadBack(): Unit = {
    val summary = merged(shard(1, 10), started(shard(2, 5), 3000))()
    val gated = summary.copy(gate = Some(verdict(summary)))
    val json = SummaryJson.write(gated)
    Seq(
      "\"uneven\" : true",
      "\"maxShortfall\" : 0.25",
      "\"sharedRequests\" : 500",
      "\"expectedRequests\" : 750.0",
      "\"achievedShare\" : 0.6667",
      "\"short\" : true",
      "\"lateMs\" : 3000",
      "\"late\" : true"
    ).foreach(field => assertTrue(json.contains(field), s"$field in\n$json"))
    val file = Files.writeString(Files.createTempFile("shard-pace-", ".json"), json)
    val read = SummaryJson.read(file)
    assertEquals(gated.shardOverlap, read.shardOverlap)
    assertEquals(Seq(ProblemKind.ShardsUneven), read.gate.get.invalid.map(_.kind))
  }

  @Test def aShardOfNoKnownCommitIsRefusedUnlessTheSettingAllowsIt(): Unit = {
    val unknown = Seq(shard(1, 10, commit = "unknown"), shard(2, 10, commit = "unknown"))
    assertEquals(
      "merge: raid-1 was built from no known commit (an image built without --build-arg LOADTEST_GIT_COMMIT): " +
        "shards of unknown commits may run other code; -Dresults.merge.allowUnknownCommit=true merges them anyway",
      assertThrows(classOf[InputError], () => ShardMerge.merge(unknown, "raid-merged")).getMessage
    )
    val allowed = ShardMerge.merge(unknown, "raid-merged", allowUnknownCommit = true)
    assertEquals("unknown", allowed.run.gitCommit)
    assertEquals("PASS", verdict(allowed).label)
  }
}
