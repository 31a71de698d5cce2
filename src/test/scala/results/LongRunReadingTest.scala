package results

import java.nio.file.{ Files, Path }

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.core.config.GatlingConfiguration
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** What the summary keeps per time bucket does not grow with the run's length: a ten-hour log (for which
  * Gatling's report keeps 1,000 buckets of t-digests per request and status) is read with as few buckets as
  * a ten-second one, and its whole-run figures are still the log's exact ones.
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

  private def responseTimeMs(i: Int): Int = 10 + i % 50

  @Test def gatlingsReaderKeepsOneTimeBucketWhateverTheRunsLength(): Unit =
    Seq(10, 36000).foreach { seconds =>
      val report = SimulationLogAccess.reportStatistics(log(seconds), GatlingConfiguration.load())
      assertEquals(1, report.timeBuckets, s"time buckets of a $seconds s run")
      val all = report.global(None).getOrElse(fail(s"no figures for a $seconds s run"))
      val times = (0 until requests).map(responseTimeMs)
      assertEquals(requests.toLong, all.count)
      assertEquals(requests / 10L, report.global(Some(false)).map(_.count).getOrElse(0L), "KO")
      assertEquals((times.min, times.max), (all.min, all.max))
      assertEquals(math.round(times.sum.toDouble / requests).toInt, all.mean)
      val durationSeconds = math.ceil((report.injectEndEpochMs - report.injectStartEpochMs) / 1000.0)
      assertEquals(requests / durationSeconds, all.meanRequestsPerSec, 1e-9, "requests/s over the whole run")
      assertEquals(Seq("request 0", "request 1", "request 2"), report.requestPaths.map(_.last))
    }

  @Test def theSummarysTimelineKeepsAtMostMaxBucketsOfATenHourRun(): Unit = {
    val logFile = log(36000)
    val summary = RunSummarizer.summarize(
      logFile.getParent,
      RunContext("LongRun", Seq("synthetic"), "loopback", "smoke", "1/1", Map.empty, Nil, Nil),
      RunSummarizer.RunIdentity("long-run", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )
    val timeline = summary.timeline.getOrElse(fail("no timeline"))
    assertEquals(4, timeline.series.size, "all requests and the 3 names")
    timeline.series.foreach { series =>
      assertTrue(series.points.size <= Timeline.MaxBuckets, s"${series.name}: ${series.points.size} buckets")
      assertEquals(
        series.points.map(_.count).sum,
        summary.requests.find(_.name == series.name).getOrElse(summary.global).figures.count
      )
    }
    assertEquals(requests.toLong, summary.global.figures.count)
  }
}
