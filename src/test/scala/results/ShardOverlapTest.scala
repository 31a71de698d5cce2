package results

import results.model.{ ProblemKind, RunShard, RunSummary, ShardStart, StartRule }

import results.archive.SummaryJson
import results.gate.{ Gate, Thresholds }
import results.summarize.ShardMerge

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import config.InputError
import testkit.CraftedSummaries

/** A merged verdict speaks of load that ran at once: the merge lays the shards on one time line, and shards whose
  * steady windows shared less than `results.merge.minSharedSteady` of their span merge to INVALID, naming them;
  * shards of another commit or sharded run are refused.
  */
class ShardOverlapTest {
  private val thresholds =
    Thresholds.fromConfig(ConfigFactory.parseString("thresholds.defaults { p99Ms = 60000 }"), "test.conf", "")

  /** Shard i of 2: 100 s of load from `startMs`. */
  private def shard(
      i: Int,
      startMs: Long,
      commit: String = "abc123",
      shardedRunId: Option[String] = Some("night-1")
  ) = {
    val crafted = CraftedSummaries.summary(
      "Raid",
      Map(List("r") -> CraftedSummaries.ok(5, 6, 7)),
      startEpochMs = startMs,
      durationMs = 100000,
      shard = RunShard.Part(i, 2),
      runId = s"raid-$i"
    )
    crafted.copy(run = crafted.run.copy(gitCommit = commit, shardedRunId = shardedRunId))
  }

  private def started(summary: RunSummary, start: ShardStart) =
    summary.copy(run = summary.run.copy(start = Some(start)))

  private def merged(shards: RunSummary*)(minShared: Double = 0.95): RunSummary =
    ShardMerge.merge(shards, "raid-merged", minSharedSteady = minShared)

  // about shards, not percentiles: a p99 of a few samples is judged as one number (the point-estimate gate)
  private def verdict(summary: RunSummary) = Gate.evaluate(summary, thresholds, None, pointEstimates = true)

  @Test def shardsThatRanOneAfterTheOtherMergeInvalidNamingTheirTimes(): Unit = {
    val summary = merged(shard(1, 0), shard(2, 100000))()
    val gate = verdict(summary)
    assertEquals(("INVALID", 6), (gate.label, gate.exitCode))
    val apart = gate.invalid.filter(_.kind == ProblemKind.ShardsApart)
    assertEquals(1, apart.size, gate.invalid.toString)
    assertEquals(
      "shards apart: all 2 shards shared 0 s of their steady windows' 200 s (0 %; at least 95 %, or all but 1.0 s, needed): " +
        "raid-1 (1/2) 00:00:00 to 00:01:40 UTC, raid-2 (2/2) 00:01:40 to 00:03:20 UTC",
      apart.head.text
    )
    val overlap = summary.shardOverlap.get
    assertEquals((0L, 100000L), (overlap.sharedSteadyMs, overlap.maxSkewMs))
  }

  @Test def theThresholdHoldsFromBothSides(): Unit = {
    // 10 s apart: they shared 90 s of 110 s, 81.8 %.
    val apart = merged(shard(1, 0), shard(2, 10000)) _
    assertEquals(90000L, apart(0.95).shardOverlap.get.sharedSteadyMs)
    assertEquals(0.818, apart(0.95).shardOverlap.get.sharedFraction, 0.001)
    assertEquals("INVALID", verdict(apart(0.82)).label, "just above what they shared")
    assertEquals("PASS", verdict(apart(0.81)).label, "just below what they shared")
  }

  @Test def aSecondUnsharedIsNeverApartAndMoreIs(): Unit = {
    // 3 s runs (a smoke rehearsal): 0.9 s apart is 77 % shared, yet what a common start achieves.
    def short(i: Int, startMs: Long) = {
      val s = shard(i, startMs)
      s.copy(steady = s.steady.copy(startEpochMs = startMs, endEpochMs = startMs + 3000))
    }
    assertEquals("PASS", verdict(merged(short(1, 0), short(2, 450))()).label, "0.9 s unshared")
    assertEquals("INVALID", verdict(merged(short(1, 0), short(2, 550))()).label, "1.1 s unshared")
  }

  @Test def shardsThatStartedTogetherPassAndReportTheirSkew(): Unit = {
    val start = ShardStart(StartRule.Rendezvous, 1000, 1400, Nil)
    val together = merged(
      started(shard(1, 1000), start.copy(startedEpochMs = 1000)),
      started(shard(2, 1400), start)
    )()
    assertEquals("PASS", verdict(together).label)
    val overlap = together.shardOverlap.get
    assertEquals((400L, 99600L), (overlap.maxSkewMs, overlap.sharedSteadyMs))
    assertEquals(Seq(0L, 400L), overlap.shards.map(overlap.skewMs))
    assertEquals(Seq(0L, 400L), overlap.shards.flatMap(_.start).map(_.lateMs))
  }

  @Test def theShardsAndTheirVerdictSurviveSummaryJson(): Unit = {
    val summary = merged(shard(1, 0), shard(2, 100000))()
    val gated = summary.copy(gate = Some(verdict(summary)))
    val read = SummaryJson.summary(SummaryJson.document(gated))
    assertEquals(gated.shardOverlap, read.shardOverlap)
    assertEquals(Seq(ProblemKind.ShardsApart), read.gate.get.invalid.map(_.kind))
    assertTrue(SummaryJson.write(gated).contains("\"maxStartSkewMs\" : 100000"))
  }

  @Test def shardsOfAnotherCommitOrRunAreRefused(): Unit = {
    def refusal(shards: RunSummary*) = assertThrows(classOf[InputError], () => merged(shards: _*)()).getMessage
    assertEquals(
      "merge: raid-2 was built from commit def456, not abc123 as raid-1",
      refusal(shard(1, 0), shard(2, 0, commit = "def456"))
    )
    assertEquals(
      "merge: raid-2 is a shard of run night-2, raid-1 of run night-1",
      refusal(shard(1, 0), shard(2, 0, shardedRunId = Some("night-2")))
    )
    assertEquals(
      "merge: raid-2 is a shard of no named run, raid-1 of run night-1",
      refusal(shard(1, 0), shard(2, 0, shardedRunId = None))
    )
  }
}
