package results.history

import results.archive.HistoryStore
import results.model.{ GateVerdict, RunShard, Verdict }
import results.summarize.LatencyAccumulator

import java.nio.file.{ Files, Path }
import java.util.concurrent.{ Executors, TimeUnit }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

class HistoryStoreTest {
  import HistoryStoreTest._

  private def folder(): Path =
    Files.createTempDirectory(Files.createDirectories(Path.of("target/test-tmp")), "history-")

  @Test def aGatedRunsRecordReadsBackWithItsFiguresAndHistogram(): Unit = {
    val summary = CraftedSummaries.summary(
      "Raid",
      Map(List("mint") -> CraftedSummaries.ok(100, 200, 300, 400), List("view") -> Seq(50 -> true, 70 -> false)),
      startEpochMs = 1780000000000L,
      runId = "raidsimulation-20260601"
    )
    val record = HistoryRecord.of(summary, passed, Some("api 4.2.1"))
    val dir = folder()
    HistoryStore.append(dir, record)
    val read = HistoryStore.read(dir)
    assertEquals(Nil, read.unread)
    assertEquals(Seq(record), read.records)
    val view = read.records.head.figures.find(_.path == "view").get
    assertEquals(Some(2L), view.count)
    assertEquals(50.0, view.values(SeriesMetric.Ko))
    // Any percentile recomputes from the stored histogram.
    val mint = read.records.head.figures.find(_.path == "mint").get
    assertEquals(400L, LatencyAccumulator.decode(mint.histogram.get).getValueAtPercentile(90))
    assertEquals(Seq("All Requests", "mint", "view"), read.records.head.figures.map(_.path))
  }

  @Test def corruptTruncatedForeignAndNewerFilesAreNamedAndLeftOut(): Unit = {
    val dir = folder()
    val good = HistoryStore.append(dir, record("run-1", 1000L, Verdict.Pass, 100))
    val text = Files.readString(good)
    Files.writeString(dir.resolve("truncated.json"), text.take(text.length / 2))
    Files.writeString(dir.resolve("corrupt.json"), "\u0000\u0001 not json")
    Files.writeString(dir.resolve("foreign.json"), """{"run":{"simulation":"x"},"figures":[]}""")
    Files.writeString(dir.resolve("newer.json"), text.replace("\"historySchema\":1", "\"historySchema\":99"))
    val read = HistoryStore.read(dir)
    assertEquals(Seq("run-1"), read.records.map(_.runId))
    assertEquals(
      Seq("corrupt.json", "foreign.json", "newer.json", "truncated.json"),
      read.unread.map(_.file.getFileName.toString)
    )
    assertTrue(read.unread.find(_.file.endsWith("foreign.json")).get.reason.contains("historySchema"))
    assertTrue(read.unread.find(_.file.endsWith("newer.json")).get.reason.contains("schema 99"))
  }

  @Test def invalidAndIncompleteRunsAreKeptMarkedAndLeftOutOfTheSeries(): Unit = {
    val dir = folder()
    HistoryStore.append(dir, record("run-1", 1000L, Verdict.Pass, 100))
    HistoryStore.append(dir, record("run-2", 2000L, Verdict.Invalid, 900))
    HistoryStore.append(dir, record("run-3", 3000L, Verdict.Incomplete, 900))
    HistoryStore.append(dir, record("run-4", 4000L, Verdict.Fail, 120))
    val read = HistoryStore.read(dir)
    assertEquals(
      Seq(Some(Verdict.Pass), Some(Verdict.Invalid), Some(Verdict.Incomplete), Some(Verdict.Fail)),
      read.records.map(_.verdict)
    )
    val p99 = History.series(read.records).collect { case (k, points) if k.metric == SeriesMetric.P99 => points }
    assertEquals(Seq(Seq("run-1", "run-4")), p99.map(_.map(_.runId)))
  }

  @Test def runsOfOtherSettingsAreSeriesOfTheirOwn(): Unit = {
    val records = Seq(
      record("a", 1L, Verdict.Pass, 100),
      record("b", 2L, Verdict.Pass, 100).copy(settings = Settings.copy(profile = "closed")),
      record("c", 3L, Verdict.Pass, 100).copy(settings = Settings.copy(loadOverrides = Map("scale" -> "0.5"))),
      record("d", 4L, Verdict.Pass, 100).copy(settings = Settings.copy(shard = RunShard.Merged(3))),
      record("e", 5L, Verdict.Pass, 100)
    )
    val p99 = History.series(records).filter(_._1.metric == SeriesMetric.P99)
    assertEquals(Set(Seq("a", "e"), Seq("b"), Seq("c"), Seq("d")), p99.map(_._2.map(_.runId)).toSet)
  }

  @Test def twoWritersAppendingAtOnceLoseNothing(): Unit = {
    val dir = folder()
    val pool = Executors.newFixedThreadPool(2)
    (1 to 2).foreach { writer =>
      pool.submit(new Runnable {
        def run(): Unit =
          (1 to 50).foreach(i => HistoryStore.append(dir, record(s"w$writer-$i", i * 10L + writer, Verdict.Pass, 100)))
      })
    }
    pool.shutdown()
    assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS))
    val read = HistoryStore.read(dir)
    assertEquals(Nil, read.unread)
    assertEquals(100, read.records.size)
  }

  @Test def anAcceptanceReadsBackAndMarksItsChangePoint(): Unit = {
    val dir = folder()
    val values = Seq.fill(20)(100) ++ Seq.fill(20)(200)
    values.zipWithIndex.foreach { case (v, i) =>
      HistoryStore.append(dir, record(f"run-$i%02d", i * 1000L, Verdict.Pass, v))
    }
    val acceptance = Acceptance("raid", "mint", SeriesMetric.P99, "run-20", "a new signing step", 99L)
    HistoryStore.accept(dir, acceptance)
    val read = HistoryStore.read(dir)
    assertEquals(Seq(acceptance), read.acceptances)
    val p99 = History.changePoints(read.records, read.acceptances).filter(_.key.metric == SeriesMetric.P99)
    assertEquals(Seq(("run-20", Some(1.0), Some(acceptance))), p99.map(c => (c.began.runId, c.change, c.accepted)))
  }

  @Test def aRunWhoseNameCannotBeAFileIsRefused(): Unit = {
    val e =
      assertThrows(classOf[config.InputError], () => HistoryStore.append(folder(), record("../x", 1L, Verdict.Pass, 1)))
    assertTrue(e.getMessage.contains("'../x'"), e.getMessage)
  }
}

object HistoryStoreTest {
  val Settings: SeriesSettings = SeriesSettings("RaidSimulation", "demo", "reference", RunShard.Whole, Map.empty)

  val passed: GateVerdict = GateVerdict(Nil, Nil, None, Nil, Nil)

  /** A run whose one path, raid's `mint`, took `p99` ms at p99 (and a tenth of it less at p50). */
  def record(runId: String, startEpochMs: Long, verdict: Verdict, p99: Double): HistoryRecord =
    HistoryRecord(
      runId,
      "abc1234",
      startEpochMs,
      Settings,
      None,
      Some(verdict),
      Seq(PathFigures(
        "raid",
        "mint",
        Some(1000L),
        Map(SeriesMetric.P50 -> p99 * 0.9, SeriesMetric.P99 -> p99, SeriesMetric.Ko -> 0.0),
        None
      ))
    )

}
