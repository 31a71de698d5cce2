package results

import results.model.{ PlannedWindow, RunContext, RunShard, RunSummary, RunWindow, WindowKind, WindowLabel }

import results.summarize.{ LatencyAccumulator, ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path }

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.core.config.GatlingConfiguration
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.{ FixtureRun, LoopbackSimulation }

/** summary.json's figures are the HTML report's: same requests, counts, throughput, min, max, mean and std
  * dev; its percentiles are the log's exact ones (the report's are a t-digest's reading of them).
  */
class GatlingReportEqualityTest {

  /** Gatling's percentiles come from a t-digest (t-digest 3.3's AVLTreeDigest) seeded by an unseeded
    * `java.util.Random`, so two reads of the same log can differ (seen: 89 against 91 ms at p99 of ~120
    * samples, and 90 against 112 ms on a busy machine, where the slowest few responses lie far apart). The
    * summary's come from HdrHistograms: each is the log's exact nearest-rank percentile (to 3 significant
    * digits). The report's equals it within 5 %, or, where the digest reads a sparse tail differently, lies
    * within `RankTolerance` percentile points of it (a digest's error is in rank, not in ms: seen, the
    * report's p99 of ~120 samples at 88 ms, below the log's 94th percentile (91 ms) that 5 points allowed).
    */
  private val RankTolerance = 10.0

  /** Every response time in the fixture's log, sorted: by request path, for all requests (Nil), and by group
    * (the report's group metric: cumulated response time unless the duration is configured).
    */
  private lazy val responseTimes: Map[(String, List[String]), IndexedSeq[Long]] = {
    val useGroupDuration = GatlingConfiguration.load().reports.useGroupDurationMetric
    val times =
      scala.collection.mutable.Map.empty[(String, List[String]), Vector[Long]].withDefaultValue(Vector.empty)
    def add(key: (String, List[String]), ms: Long): Unit = times(key) = times(key) :+ ms
    SimulationLogAccess.walk(FixtureRun.run.gatlingRunDir.resolve("simulation.log")) {
      case r: SimulationLogAccess.RequestRecorded =>
        add("request" -> (r.groupHierarchy :+ r.name), r.responseTimeMs.toLong)
        add("request" -> Nil, r.responseTimeMs.toLong)
      case g: SimulationLogAccess.GroupRecorded =>
        add("group" -> g.hierarchy, (if (useGroupDuration) g.durationMs else g.cumulatedResponseTimeMs).toLong)
      case _ =>
    }
    times.view.mapValues(_.sorted).toMap
  }

  /** The log's percentile `p` by the nearest rank, as HdrHistogram ranks (one ulp below `p`, rounded up). */
  private def exact(sorted: IndexedSeq[Long], p: Double): Long = {
    val rank = math.ceil(math.max(0.0, math.nextDown(p)) * sorted.size / 100).toInt
    sorted(math.min(sorted.size - 1, math.max(0, rank - 1)))
  }

  private val context =
    RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil)

  private def summarize(windows: Seq[RunWindow] = Nil): RunSummary = {
    val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    RunSummarizer.summarize(
      FixtureRun.run.gatlingRunDir,
      context.copy(windows = windows),
      RunSummarizer.RunIdentity("fixture", "test"),
      settings
    )
  }

  /** One row of Gatling's statistics table: name -> the 13 figures after it. */
  private def reportRows(reportIndex: Path): Map[String, Seq[String]] = {
    val html = Files.readString(reportIndex)
    val body = html.substring(html.indexOf("container_statistics_head"))
    body
      .split("<tr id=")
      .drop(1)
      .flatMap { row =>
        val name = """class="ellipsed-name">([^<]*)</span>""".r.findFirstMatchIn(row).map(_.group(1))
        val values = (2 to 14).flatMap(col => s"""col-$col">([^<]*)</td>""".r.findFirstMatchIn(row).map(_.group(1)))
        name.filter(_ => values.size == 13).map(_ -> values)
      }
      .toMap
  }

  @Test
  def everyFigureEqualsGatlingsReport(): Unit = {
    val summary = summarize()
    val rows = reportRows(FixtureRun.run.gatlingRunDir.resolve("index.html"))
    val entries =
      ("request" -> summary.global) +: (summary.groups.map("group" -> _) ++ summary.requests.map("request" -> _))
    assertEquals(Set("All Requests", LoopbackSimulation.Group, "home", "search", "broken"), rows.keySet)
    assertEquals(rows.size, entries.size, "one summary entry per report row")
    entries.foreach { case (kind, entry) =>
      val label = if (entry.path.isEmpty) "All Requests" else entry.path.last
      val row = rows(label)
      val f = entry.figures
      assertEquals(row(0).toLong, f.count, s"$label total")
      assertEquals(row(1).toLong, f.ok, s"$label OK")
      assertEquals(row(2).toLong, f.ko, s"$label KO")
      assertEquals(row(3).toDouble, f.koPercent, 0.01, s"$label % KO")
      assertEquals(row(4).toDouble, f.requestsPerSecond, 0.01, s"$label Cnt/s")
      Seq(row(5) -> f.minMs, row(10) -> f.maxMs, row(11) -> f.meanMs, row(12) -> f.stdDevMs)
        .foreach { case (reported, ours) =>
          assertEquals(reported.toDouble, ours.toDouble, 1.0, s"$label: report $reported ms, summary $ours ms")
        }
      val sorted = responseTimes(kind -> entry.path)
      Seq((50.0, row(6), f.p50Ms), (75.0, row(7), f.p75Ms), (95.0, row(8), f.p95Ms), (99.0, row(9), f.p99Ms))
        .foreach { case (p, reported, ours) =>
          val exactMs = exact(sorted, p)
          assertTrue(
            ours >= exactMs && ours <= exactMs + exactMs / 1000,
            s"$label p$p: summary $ours ms, the log's $exactMs ms"
          )
          val r = reported.toDouble
          if (math.abs(r - ours) > math.max(1.0, 0.05 * r)) {
            val (low, high) = (exact(sorted, p - RankTolerance), exact(sorted, p + RankTolerance))
            assertTrue(r >= low - 1 && r <= high + 1, s"$label p$p: report $reported ms outside $low..$high ms")
          }
        }
    }
    assertEquals(LoopbackSimulation.Users.toLong, summary.requests.find(_.name == "broken").get.figures.count)
    assertTrue(
      summary.requests.find(_.name == "broken").get.figures.ko > 0,
      "the fixture's /flaky fails every fourth call"
    )
  }

  @Test
  def ourRecordWalkCountsWhatGatlingsReaderCounts(): Unit = {
    val summary = summarize()
    (summary.global +: (summary.groups ++ summary.requests)).foreach { entry =>
      val histogram = LatencyAccumulator.decode(entry.mergeable.histogram)
      assertEquals(entry.figures.count, histogram.getTotalCount, s"${entry.name}: histogram samples")
      assertEquals(entry.figures.count, entry.figures.apdex.samples, s"${entry.name}: Apdex samples")
      assertEquals(entry.figures.maxMs.toDouble, histogram.getMaxValue.toDouble, 1.0, s"${entry.name}: max")
    }
  }

  @Test
  def cyclesTheProfileRecordedSplitTheRun(): Unit = {
    val whole = summarize()
    val (start, end) = (whole.run.startEpochMs, whole.run.endEpochMs + 1)
    val middle = (start + end) / 2
    val windows = Seq(
      RunWindow(WindowKind.Steady, WindowLabel.Named("all"), start, end),
      RunWindow(WindowKind.Cycle, WindowLabel.Named("first half"), start, middle),
      RunWindow(WindowKind.Cycle, WindowLabel.Named("second half"), middle, end)
    )
    val split = summarize(windows)
    assertEquals(results.model.SteadySource.Profile, split.steady.source)
    assertEquals(whole.global.figures.count, split.steady.requests)
    assertEquals(
      LoopbackSimulation.Users.toLong,
      split.steady.transactions.find(_.path == List(LoopbackSimulation.Group)).get.completed
    )
    val Seq(all, first, second) = split.windows: @unchecked
    assertEquals(whole.global.figures.count, all.global.get.figures.count)
    assertEquals(
      whole.global.figures.count,
      first.global.map(_.figures.count).getOrElse(0L) + second.global.map(_.figures.count).getOrElse(0L)
    )
    assertEquals(whole.global.figures.ko, first.requests.map(_.figures.ko).sum + second.requests.map(_.figures.ko).sum)
  }

  @Test
  def plannedWindowsAreResolvedAgainstTheLogsStart(): Unit = {
    val whole = summarize()
    val logStart =
      SimulationLogAccess.readHeader(FixtureRun.run.gatlingRunDir.resolve("simulation.log")).runStartEpochMs
    val (start, end) = (whole.run.startEpochMs, whole.run.endEpochMs + 1)
    val middle = (start + end) / 2
    val planned =
      Seq(PlannedWindow(WindowKind.Cycle, WindowLabel.Named("first half"), start - logStart, middle - logStart))
    val byOffset = RunSummarizer.summarize(
      FixtureRun.run.gatlingRunDir,
      context.copy(plannedWindows = planned),
      RunSummarizer.RunIdentity("fixture", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )
    val byEpoch = summarize(Seq(RunWindow(WindowKind.Cycle, WindowLabel.Named("first half"), start, middle)))
    assertEquals(
      byEpoch.windows.map(_.window),
      byOffset.windows.map(_.window),
      "the offsets land where the epoch times are"
    )
    assertEquals(
      byEpoch.windows.map(_.global.map(_.figures.count)),
      byOffset.windows.map(_.global.map(_.figures.count))
    )
  }

  @Test
  def gatlingAssertionsFromThresholdsFailTheRunOnABreach(): Unit =
    assertEquals(2, FixtureRun.run.statusCode, "Gatling's status code for failed assertions")
}
