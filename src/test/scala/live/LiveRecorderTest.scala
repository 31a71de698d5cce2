package live

import watch.Answer

import results.gate.{ BaselinePolicy, Limits, Thresholds }
import results.model.PercentileInterval
import results.summarize.OrderStatistics

import java.io.ByteArrayOutputStream
import java.nio.charset.StandardCharsets.UTF_8

import com.fasterxml.jackson.databind.JsonNode
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.LiveTools

/** The live figures on chosen answers: counts, percentiles per interval and since the start, users, the
  * thresholds' would-be verdicts, and the same figures as Prometheus text and Graphite lines.
  */
class LiveRecorderTest {
  private val T0 = 1700000000000L

  private def answer(recorder: LiveRecorder, request: String, ms: Long, status: Int = 200): Unit =
    recorder.answered(Answer("toy", List(request), T0, ms, status))

  private def state(figures: Seq[SystemFigures], thresholds: Thresholds, elapsedMs: Long = 10000): LiveState =
    LiveState(
      "ToySimulation",
      T0,
      elapsedMs,
      "running",
      figures.map(f => SystemState(f, Some(10), LiveChecks.of(thresholds, f, elapsedMs))),
      "off",
      None,
      Nil
    )

  private val lookUpP99 = Thresholds(
    "test",
    Seq("toy"),
    Limits(None, None, None, Some(10.0), None),
    Seq(List("look up") -> Limits(Some(3000), None, None, None, None)),
    BaselinePolicy.Default,
    Nil
  )

  @Test def eachIntervalHasItsOwnPercentilesAndTheRunAllOfThem(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    (1 to 100).foreach(ms => answer(recorder, "look up", ms.toLong))
    val first = recorder.tick(T0 + 1000).head
    assertEquals(100L, first.ok)
    assertEquals(99L, first.interval.p99Ms)
    assertEquals(100.0, first.requestsPerSecond, 1e-9)
    (1 to 100).foreach(_ => answer(recorder, "look up", 5000, status = 503))
    val second = recorder.tick(T0 + 2000).head
    assertEquals((100L, 100L), (second.ok, second.ko))
    assertEquals(5000.0, second.interval.p50Ms.toDouble, 50, "the second interval holds only the 5 s answers")
    assertEquals(100L, second.total.p50Ms, "since the start: the 100th of 200 answers, the slowest of the first second")
    assertEquals(Seq("HTTP 503" -> 100L), second.errors)
    assertEquals(Seq(100L, 100L), second.points.map(_.latency.count))
    assertEquals(Seq(0.0, 100.0), second.points.map(_.koPerSecond))
  }

  /** One request answered in `times` ms within one tick: its figures since the start, and those as /data.json has them. */
  private def answeredOnce(times: Seq[Int]): (Latency, JsonNode) = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    times.foreach(ms => answer(recorder, "look up", ms.toLong))
    val figures = recorder.tick(T0 + 1000)
    val json = LiveTools.json(state(figures, lookUpP99).json).path("systems").get(0).path("requests").get(0)
    (figures.head.requests.head.total, json.path("total"))
  }

  /** 1,000 answers of 1 to 1,000 ms, each value its own rank: the p99's interval is the order statistics' ranks, which
    * a histogram whose buckets are wide beside the interval (2 significant digits: 4 ms wide near 1 s) would miss.
    */
  @Test def theP99sIntervalIsTheOrderStatisticsOfItsAnswers(): Unit = {
    val (total, json) = answeredOnce(1 to 1000)
    val (lower, upper) = OrderStatistics.ranks(1000, 99, 95)
    assertEquals(Some(PercentileInterval(lower.toInt, Some(upper.toInt))), total.p99Interval)
    assertEquals((lower, upper), (json.path("p99Lower").asLong, json.path("p99Upper").asLong), json.toString)
    assertEquals(s"990 ($lower-$upper)", json.path("p99Text").asText)
  }

  @Test def aSampleTooSmallToBoundTheP99FromAboveSaysSo(): Unit = {
    val (total, json) = answeredOnce(1 to 100)
    val (lower, upper) = OrderStatistics.ranks(100, 99, 95)
    assertTrue(upper > 100, s"100 answers leave the p99's upper rank beyond the slowest ($upper)")
    assertEquals(Some(PercentileInterval(lower.toInt, None)), total.p99Interval)
    assertTrue(json.path("p99Upper").isNull, json.toString)
    assertEquals(s"99 ($lower-?)", json.path("p99Text").asText)
  }

  @Test def usersActiveAreThoseStartedAndNotEnded(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    (1 to 5).foreach(_ => recorder.userStarted("toy"))
    (1 to 2).foreach(_ => recorder.userEnded("toy"))
    val figures = recorder.tick(T0 + 1000).head
    assertEquals((5L, 3L), (figures.usersStarted, figures.usersActive))
  }

  @Test def thresholdsAreWordedWithTheirWouldBeVerdict(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    (1 to 99).foreach(_ => answer(recorder, "look up", 100))
    answer(recorder, "look up", 3120)
    answer(recorder, "look up", 3120)
    val checks = LiveChecks.of(lookUpP99, recorder.tick(T0 + 1000).head, 10000)
    assertEquals(
      Seq(
        "toy: error % 0.00 %, limit 10.00 %: would PASS",
        // HdrHistogram at 3 significant digits, as the results step's: 3,120 ms reads as the top of its bucket
        "look up: p99 3,121 ms, limit 3,000 ms: would FAIL"
      ),
      checks.map(_.describe)
    )
  }

  @Test def aThresholdOnARequestNotAnsweredYetWouldFail(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    val checks = LiveChecks.of(lookUpP99, recorder.tick(T0 + 1000).head, 1000)
    assertEquals("look up: p99 nothing answered yet, limit 3,000 ms: would FAIL", checks.last.describe)
  }

  @Test def prometheusTextHasEveryMetricWithHelpAndType(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    recorder.userStarted("toy")
    (1 to 10).foreach(_ => answer(recorder, "look up", 200))
    answer(recorder, "look up", 200, status = 500)
    val out = new ByteArrayOutputStream()
    PrometheusMetrics.write(state(recorder.tick(T0 + 1000), lookUpP99), out)
    val text = out.toString(UTF_8)
    Seq(
      "# TYPE loadtest_requests_total counter",
      """loadtest_requests_total{request="look up",status="ok",system="toy"} 10.0""",
      """loadtest_requests_total{request="look up",status="ko",system="toy"} 1.0""",
      "# TYPE loadtest_response_time_seconds summary",
      """loadtest_response_time_seconds{request="look up",system="toy",quantile="0.99"} 0.2""",
      """loadtest_response_time_seconds_count{request="look up",system="toy"} 11""",
      "# TYPE loadtest_users_active gauge",
      """loadtest_users_active{system="toy"} 1.0""",
      """loadtest_users_started_total{system="toy"} 1.0""",
      "# HELP loadtest_gate_would_pass",
      """loadtest_gate_would_pass{system="toy"} 1.0"""
    ).foreach(line => assertTrue(text.contains(line), s"$line in:\n$text"))
  }

  @Test def graphiteLinesCarryEachIntervalsCounts(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    val graphite = new GraphiteSender(GraphiteSettings("127.0.0.1", 2003, "loadtest"))
    (1 to 3).foreach(_ => answer(recorder, "look up", 200))
    val first = graphite.lines(state(recorder.tick(T0 + 1000), lookUpP99), 1700000001)
    assertTrue(first.contains("loadtest.toy.look_up.ok.count 3 1700000001"), first.mkString("\n"))
    assertTrue(first.contains("loadtest.toy.look_up.percentiles99 200 1700000001"), first.mkString("\n"))
    answer(recorder, "look up", 200)
    val second = graphite.lines(state(recorder.tick(T0 + 2000), lookUpP99), 1700000002)
    assertTrue(second.contains("loadtest.toy.allRequests.ok.count 1 1700000002"), second.mkString("\n"))
    assertTrue(second.contains("loadtest.toy.users.active 0 1700000002"), second.mkString("\n"))
  }

  @Test def aQuantileOfASecondWithoutAnswersIsNaN(): Unit = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    answer(recorder, "look up", 200)
    recorder.tick(T0 + 1000)
    val out = new ByteArrayOutputStream()
    PrometheusMetrics.write(state(recorder.tick(T0 + 2000), lookUpP99), out)
    val text = out.toString(UTF_8)
    assertTrue(
      text.contains("""loadtest_response_time_seconds{request="look up",system="toy",quantile="0.99"} NaN"""),
      text
    )
    assertTrue(text.contains("""loadtest_response_time_seconds_count{request="look up",system="toy"} 1"""), text)
  }
}
