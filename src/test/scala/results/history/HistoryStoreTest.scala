package results.history

import results.archive.{ HistoryImport, HistoryStore }
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
    val deployed = DeployedVersions(Some("api 4.2.1"), Map("raid" -> "raid-api 5.0", "mint" -> "mint 2.1"))
    val record = HistoryRecord.of(summary, passed, deployed, release = true)
    val dir = folder()
    HistoryStore.append(dir, record)
    val read = HistoryStore.read(dir)
    assertEquals(Nil, read.unread)
    assertEquals(Seq(record), read.records)
    assertEquals(Some("api 4.2.1"), record.deployedVersion)
    assertEquals(Map("raid" -> "raid-api 5.0", "mint" -> "mint 2.1"), record.systemVersions)
    val view = read.records.head.figures.find(_.path == "view").get
    assertEquals(Some(2L), view.count)
    assertEquals(50.0, view.values(SeriesMetric.Ko))
    // Any percentile recomputes from the stored histogram.
    val mint = read.records.head.figures.find(_.path == "mint").get
    assertEquals(400L, LatencyAccumulator.decode(mint.histogram.get).getValueAtPercentile(90))
    // Each percentile with the interval the run reported, at the run's confidence.
    val reported = summary.entry(List("mint")).get.figures.intervalsMs
    assertEquals(
      Map(SeriesMetric.P50 -> reported(50), SeriesMetric.P95 -> reported(95), SeriesMetric.P99 -> reported(99)),
      mint.intervals
    )
    assertEquals(Some(summary.settings.confidencePercent), read.records.head.confidencePercent)
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
    HistoryStore.append(dir, record("run-5", 5000L, Verdict.Inconclusive, 110))
    val read = HistoryStore.read(dir)
    assertEquals(
      Seq(Verdict.Pass, Verdict.Invalid, Verdict.Incomplete, Verdict.Fail, Verdict.Inconclusive).map(Some(_)),
      read.records.map(_.verdict)
    )
    // An INCONCLUSIVE run completed its plan: its figures are followed.
    val p99 = History.series(read.records).collect { case (k, points) if k.metric == SeriesMetric.P99 => points }
    assertEquals(Seq(Seq("run-1", "run-4", "run-5")), p99.map(_.map(_.runId)))
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

  /** The size docs/history.md states: a path of 100,000 requests, lognormal around 200 ms (sigma 0.5, from 20 ms to
    * several seconds), with its histogram, and so a run of MainSimulation's 11 systems and about 60 paths.
    */
  @Test def aRecordIsCompact(): Unit = {
    val random = new scala.util.Random(64)
    val samples = Seq.fill(100000)((200 * math.exp(0.5 * random.nextGaussian())).toInt -> true)
    val summary =
      CraftedSummaries.summary("Raid", Map(List("mint") -> samples), runId = "size-1", durationMs = 3600000L)
    val file =
      HistoryStore.append(folder(), HistoryRecord.of(summary, passed, DeployedVersions.Untold, release = false))
    val perPath = Files.size(file) / 2
    println(s"history: a record's size per path of 100,000 requests: $perPath bytes")
    assertTrue(perPath < 2000, s"$perPath bytes per path")
  }

  @Test def aTeamsTableImportsAsRecordsOfFiguresWithoutHistograms(): Unit = {
    val dir = folder()
    val table = dir.resolve("past.csv")
    Files.writeString(
      table,
      "metric,value,run,time,commit,system,path\np99,210,w1,2026-01-05T02:00:00Z,aa,raid,\"mint, signed\"\nko,0.5,w1,2026-01-05T02:00:00Z,aa,raid,\"mint, signed\"\np99,190,w0,2025-12-29T02:00:00Z,a0,raid,\"mint, signed\"\n"
    )
    val records = HistoryImport.read(table, Settings)
    assertEquals(Seq("w0", "w1"), records.map(_.runId))
    assertEquals(
      Seq(PathFigures("raid", "mint, signed", None, Map(SeriesMetric.P99 -> 210.0, SeriesMetric.Ko -> 0.5), None)),
      records(1).figures
    )
    assertEquals(None, records(1).verdict)
    assertTrue(records.forall(_.inSeries))
  }

  @Test def aBadRowOfATableIsNamedByItsLine(): Unit = {
    val dir = folder()
    val table = dir.resolve("past.csv")
    def refused(text: String): String = {
      Files.writeString(table, text)
      assertThrows(classOf[config.InputError], () => HistoryImport.read(table, Settings)).getMessage
    }
    val header = "run,time,commit,system,path,metric,value\n"
    assertEquals(
      s"$table:3: metric 'p98' is none of p50, p95, p99, ko, throughput",
      refused(header + "r,2026-01-05T02:00:00Z,a,raid,mint,p99,1\nr,2026-01-05T02:00:00Z,a,raid,mint,p98,1\n")
    )
    assertEquals(
      s"$table:2: time '5 Jan' is not ISO 8601 (2026-05-01T02:00:00Z)",
      refused(header + "r,5 Jan,a,raid,mint,p99,1\n")
    )
    assertEquals(
      s"$table:1: the header has no column 'commit' (it needs run, time, commit, system, path, metric, value)",
      refused("run,time,system,path,metric,value\n")
    )
  }

  /** A record as the first version wrote it: without `systemVersions`, `release`, `confidencePercent`, nor any
    * path's `intervals`.
    */
  @Test def aRecordOfAnOlderVersionReads(): Unit = {
    val dir = folder()
    val summary = CraftedSummaries.summary("Raid", Map(List("mint") -> CraftedSummaries.ok(100, 200)), runId = "run-1")
    val record = HistoryRecord.of(summary, passed, DeployedVersions(Some("4.2")), release = false)
    val file = HistoryStore.append(dir, record)
    val older = Files.readString(file)
      .replaceAll(",\"intervals\":\\{(\"p\\d\\d\":\\{[^}]*\\},?)*\\}", "")
      .replaceAll(",\\s*\"(systemVersions|release|confidencePercent)\"\\s*:\\s*(\\{\\}|false|[\\d.]+)", "")
    for (field <- Seq("systemVersions", "release", "confidencePercent", "intervals"))
      assertFalse(older.contains(field), older)
    Files.writeString(file, older)
    val read = HistoryStore.read(dir)
    assertEquals(Nil, read.unread)
    assertEquals(
      Seq(record.copy(
        figures = record.figures.map(_.copy(intervals = Map.empty)),
        systemVersions = Map.empty,
        confidencePercent = None
      )),
      read.records
    )
    assertEquals(Seq(Some("4.2")), read.records.map(_.deployedVersionOf("raid")))
  }

  /** One run of two systems, one of them (raid) deployed on its own and telling its version: a change point in
    * each names the deployment of its own system, raid's its own version, vote's the target's.
    */
  @Test def aChangePointNamesTheDeploymentOfItsSystem(): Unit = {
    val random = new scala.util.Random(9)
    val nights = (0 until 30).map { i =>
      val level = if (i >= 15) 150.0 else 100.0
      def path(system: String) =
        PathFigures(
          system,
          "mint",
          Some(1000L),
          Map(SeriesMetric.P99 -> level * math.exp(0.03 * random.nextGaussian())),
          None
        )
      record(f"n-$i%02d", i * 1000L, Verdict.Pass, 0).copy(
        deployedVersion = Some(s"target ${i / 15}"),
        systemVersions = Map("raid" -> s"raid ${i / 15}"),
        figures = Seq(path("raid"), path("vote"))
      )
    }
    val dir = folder()
    nights.foreach(HistoryStore.append(dir, _))
    val found = History.changePoints(HistoryStore.read(dir).records, Nil).map(c => c.key.system -> c.began)
    assertEquals(
      Seq("raid" -> ("n-15", Some("raid 1")), "vote" -> ("n-15", Some("target 1"))),
      found.map { case (system, began) => system -> (began.runId, began.deployedVersion) }
    )
    assertTrue(
      History.changePoints(nights, Nil).map(results.render.HistoryText.changeLine).head.contains(", deployed raid 1)")
    )
  }

  /** Night by night, a change point is new on the night it is first found, and not on the nights after. */
  @Test def aChangePointIsNewOnlyTheNightItIsFirstFound(): Unit = {
    val random = new scala.util.Random(5)
    val nights = (0 until 40).map { i =>
      record(f"n-$i%02d", i * 1000L, Verdict.Pass, (if (i >= 25) 150 else 100) * math.exp(0.05 * random.nextGaussian()))
    }
    def p99(found: Seq[ChangePoint]) = found.filter(_.key.metric == SeriesMetric.P99).map(_.began.runId)
    val newByNight = (26 to 40).map(n => n -> p99(History.newChangePoints(nights.take(n), Nil)))
    val firstNight = newByNight.collectFirst { case (n, found) if found.nonEmpty => n }.get
    val first = newByNight.find(_._1 == firstNight).get._2
    assertTrue(first.size == 1 && math.abs(first.head.drop(2).toInt - 25) <= 3, s"night $firstNight: $first")
    assertEquals(Nil, newByNight.filter(_._1 > firstNight).flatMap(_._2))
    assertEquals(Seq("n-25"), p99(History.changePoints(nights, Nil)))
    // The night after it INVALID: it made nothing new, and the night before's news is not reported again.
    val invalidNight = record("n-invalid", firstNight * 1000L, Verdict.Invalid, 900)
    assertEquals(Nil, History.newChangePoints(nights.take(firstNight) :+ invalidNight, Nil))
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
