package deploy

import results.archive.{ HistoryStore, RunArchive }
import results.history.{ DeployedVersions, HistoryRecord, HistoryStoreTest }
import results.model.{ ExitCodes, RunShard }

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import ShardScripts.CraftedShard

/** The Kubernetes merge (deploy/merge.sh, the workflows' merge job too) keeps the run's history record where the
  * workflows push it from, `$LOADTEST_RESULTS/history` (docs/history.md): the merged run's, the same record a
  * single run's results step writes of its summary; with one shard, that of its run judged again where it passed,
  * else that shard's own.
  */
class MergeHistoryRecordTest {
  @Test def theMergedRunsRecordIsTheOneItsSummaryGives(): Unit = {
    val results =
      ShardScripts.shardFolders((1 to 2).map(i => CraftedShard(Some(ShardScripts.summary(i)), 0)))
    val outcome = ShardScripts.merge(results, 2)
    assertEquals(0, outcome.code, outcome.output)
    val merged = ShardScripts.mergedRun(results).get
    val kept = HistoryStore.read(HistoryStore.folder(results))
    assertEquals(Nil, kept.unread)
    assertEquals(
      Seq(HistoryRecord.of(merged, merged.gate.get, DeployedVersions.Untold, release = false)),
      kept.records
    )
    assertEquals(RunShard.Merged(2), kept.records.head.settings.shard)
    assertTrue(kept.records.head.figures.forall(_.histogram.nonEmpty), kept.records.toString)
  }

  @Test def withOneShardAPassIsJudgedAgainAndThatRecordKept(): Unit = {
    val run = ShardScripts.summary(1, count = 1)
    val results = ShardScripts.shardFolders(Seq(CraftedShard(Some(run), 0)))
    val outcome = ShardScripts.merge(results, 1)
    assertEquals(0, outcome.code, outcome.output)
    val judged = RunArchive.readSummary(results.resolve("shard-1").resolve(run.run.runId))
    val kept = HistoryStore.read(HistoryStore.folder(results))
    assertEquals(Seq(HistoryRecord.of(judged, judged.gate.get, DeployedVersions.Untold, release = false)), kept.records)
  }

  /** A run that did not pass is not judged again: its shard's own record is the one kept. */
  @Test def withOneShardNotPassingItsOwnRecordIsKeptThere(): Unit = {
    val run = ShardScripts.summary(1, count = 1)
    val results = ShardScripts.shardFolders(Seq(CraftedShard(Some(run), ExitCodes.Inconclusive)))
    val record = HistoryRecord.of(run, HistoryStoreTest.passed, DeployedVersions.Untold, release = false)
    val shardRecord = HistoryStore.append(HistoryStore.folder(results.resolve("shard-1")), record)
    val outcome = ShardScripts.merge(results, 1)
    assertEquals(ExitCodes.Inconclusive, outcome.code, outcome.output)
    val kept = HistoryStore.read(HistoryStore.folder(results))
    assertEquals(Seq(record), kept.records)
    assertEquals(
      Files.readString(shardRecord),
      Files.readString(HistoryStore.folder(results).resolve(shardRecord.getFileName))
    )
  }
}
