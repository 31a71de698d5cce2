package results

import results.model.{ RunContext, RunShard, RunSummary, Timeline }

import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path }

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.core.config.GatlingConfiguration
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** What the summary keeps does not grow with the run's length or its request count: a ten-hour log (for
  * which Gatling's report keeps 1,000 time buckets of t-digests per request and status) gives the log's
  * exact figures and a timeline of at most [[Timeline.MaxBuckets]] buckets, as a ten-second one does.
  */
class LongRunReadingTest {
  private val start = 1795000000000L
  private val requests = 2000

  /** `requests` requests of 3 names spread over `seconds`, one user each; every tenth fails. */
  private def log(seconds: Int): Path = {
    val writer =
      SimulationLogWriter.open(Files.createTempDirectory("long-run"), "bench.LongRun", start, "synthetic")
    (0 until requests).foreach { i =>
      val at = start + i.toLong * seconds * 1000 / requests
      writer.user(started = true, at)
      writer.request(s"request ${i % 3}", at, at + responseTimeMs(i), Option.when(i % 10 == 0)("boom"))
      writer.user(started = false, at + 100)
    }
    writer.close()
    writer.logFile
  }

  private def responseTimeMs(i: Int): Int = 10 + (i * 7) % 50

  private def summarize(logFile: Path): RunSummary =
    RunSummarizer.summarize(
      logFile.getParent,
      RunContext("LongRun", Seq("synthetic"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil),
      RunSummarizer.RunIdentity("long-run", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )

  @Test def theSummaryOfATenHourRunHasTheLogsExactFiguresAndABoundedTimeline(): Unit =
    Seq(10, 36000).foreach { seconds =>
      val summary = summarize(log(seconds))
      val all = summary.global.figures
      val times = (0 until requests).map(responseTimeMs).sorted
      assertEquals((requests.toLong, requests / 10L), (all.count, all.ko), s"$seconds s: count, KO")
      assertEquals((times.min, times.max), (all.minMs, all.maxMs), s"$seconds s: min, max")
      assertEquals(math.round(times.sum.toDouble / requests).toInt, all.meanMs, s"$seconds s: mean")
      Seq(50.0 -> all.p50Ms, 95.0 -> all.p95Ms, 99.0 -> all.p99Ms).foreach { case (p, ms) =>
        assertEquals(times(math.ceil(p * requests / 100).toInt - 1), ms, s"$seconds s: p$p by the nearest rank")
      }
      // Gatling's requests/s: over the run's whole seconds, from the first start to the last end
      val runSeconds = math.ceil((seconds * 1000L - seconds * 1000L / requests + 100) / 1000.0)
      assertEquals(requests / runSeconds, all.requestsPerSecond, 1e-9, s"$seconds s: requests/s")
      assertEquals(Seq("request 0", "request 1", "request 2"), summary.requests.map(_.name), "by first start")

      val timeline = summary.timeline.getOrElse(fail("no timeline"))
      assertEquals(4, timeline.series.size, "all requests and the 3 names")
      timeline.series.foreach { series =>
        assertTrue(series.points.size <= Timeline.MaxBuckets, s"${series.name}: ${series.points.size} buckets")
        val entry = summary.requests.find(_.name == series.name).getOrElse(summary.global)
        assertEquals(entry.figures.count, series.points.map(_.count).sum, s"${series.name}: every request")
      }
    }

  /** The bridge's Gatling figures (tests compare with them) are read with one bucket too. */
  @Test def gatlingsReaderKeepsOneTimeBucketWhateverTheRunsLength(): Unit =
    Seq(10, 36000).foreach { seconds =>
      val report = SimulationLogAccess.reportStatistics(log(seconds), GatlingConfiguration.load())
      assertEquals(1, report.timeBuckets, s"time buckets of a $seconds s run")
      assertEquals(Some(requests.toLong), report.global(None).map(_.count))
    }
}
