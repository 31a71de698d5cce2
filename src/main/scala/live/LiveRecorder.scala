package live

import watch.{ Answer, LoadListener }

import results.model.PercentileInterval
import results.summarize.{ LatencyAccumulator, OrderStatistics }

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.{ AtomicLong, LongAdder }

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import org.HdrHistogram.{ Histogram, Recorder }

/** Response times of an interval or since the start, in ms (0 where nothing was answered).
  *
  * @param p99Interval the p99's confidence interval from the same histogram (the gate's order statistics); None
  *                    where nothing was answered
  */
final case class Latency(
    count: Long,
    p50Ms: Long,
    p90Ms: Long,
    p95Ms: Long,
    p99Ms: Long,
    p99Interval: Option[PercentileInterval]
) {
  def percentileMs(rank: Double): Long = rank match {
    case 50 => p50Ms
    case 90 => p90Ms
    case 95 => p95Ms
    case _  => p99Ms
  }
}

object Latency {
  val None: Latency = Latency(0, 0, 0, 0, 0, scala.None)

  /** `h`'s figures, the p99's interval at `confidencePercent`. */
  def of(h: Histogram, confidencePercent: Double): Latency =
    if (h.getTotalCount == 0) None
    else Latency(
      h.getTotalCount,
      h.getValueAtPercentile(50),
      h.getValueAtPercentile(90),
      h.getValueAtPercentile(95),
      h.getValueAtPercentile(99),
      Some(OrderStatistics.ofWindow(h, 99, confidencePercent))
    )
}

/** One request path's figures: counts and the sum of response times since the start; `interval` is the last tick's.
  *
  * @param seen the order of its first answer in the run (0 for the first request answered)
  */
final case class RequestFigures(
    path: List[String],
    ok: Long,
    ko: Long,
    sumMs: Long,
    interval: Latency,
    total: Latency,
    seen: Long
) {
  def count: Long = ok + ko
}

/** One point of a system's chart, at `epochMs`: the last interval's requests/s, KO/s, percentiles, active users. */
final case class Point(epochMs: Long, requestsPerSecond: Double, koPerSecond: Double, latency: Latency, active: Long)

/** A system's figures at one tick. */
final case class SystemFigures(
    key: String,
    usersStarted: Long,
    usersEnded: Long,
    requests: Seq[RequestFigures],
    interval: Latency,
    total: Latency,
    requestsPerSecond: Double,
    errors: Seq[(String, Long)],
    points: Seq[Point]
) {
  def usersActive: Long = math.max(0L, usersStarted - usersEnded)
  def ok: Long = requests.map(_.ok).sum
  def ko: Long = requests.map(_.ko).sum
}

/** Follows every answer and user of the run, per system and per request path, for the live view: OK/KO counts,
  * response times in HdrHistograms (HdrHistogram's `Recorder` per request, so recording never waits on a
  * reader), the KO answers' statuses, and users started and ended.
  *
  * An answer counts as KO when Gatling's default status check would refuse it (not 2xx nor 304): the live
  * figures see answers only (see [[watch.Answer]]), so they never count more requests than the run's summary,
  * which also holds the requests that got no answer and those that failed their own checks.
  *
  * [[tick]] is called by one thread, once an interval: it closes the interval and returns the figures.
  *
  * @param confidencePercent the confidence of each p99's interval: the run's `results.intervals.confidencePercent`
  */
final class LiveRecorder(
    systems: Seq[String],
    keptPoints: Int = LiveRecorder.KeptPoints,
    confidencePercent: Double = PercentileInterval.DefaultConfidencePercent
) extends LoadListener {
  private final class Request(val system: String, val path: List[String], val seen: Long) {
    val ok = new LongAdder
    val ko = new LongAdder
    val sumMs = new LongAdder
    val recorder = new Recorder(LatencyAccumulator.SignificantDigits)
    // The tick thread's own.
    var recycled: Histogram = null
    val total = LiveRecorder.histogram()
  }
  private final class Users {
    val started = new LongAdder
    val ended = new LongAdder
  }
  private val requests = new ConcurrentHashMap[(String, List[String]), Request]
  private val seen = new AtomicLong
  private val users = systems.map(_ -> new Users).toMap
  private val errors = new ConcurrentHashMap[(String, String), LongAdder]
  // The tick thread's own.
  private val totals = systems.map(_ -> LiveRecorder.histogram()).toMap
  private val points = systems.map(_ -> mutable.Queue.empty[Point]).toMap
  private val koCounted = mutable.Map.empty[String, Long]
  private var lastTickMs = 0L

  def answered(answer: Answer): Unit = {
    val request = requests.computeIfAbsent(
      (answer.system, answer.path),
      _ => new Request(answer.system, answer.path, seen.getAndIncrement())
    )
    if (answer.ok) request.ok.increment()
    else {
      request.ko.increment()
      errors.computeIfAbsent((answer.system, s"HTTP ${answer.status}"), _ => new LongAdder).increment()
    }
    val ms = math.max(0L, math.min(answer.responseTimeMs, LiveRecorder.MaxMs))
    request.sumMs.add(ms)
    request.recorder.recordValue(ms)
  }

  override def userStarted(system: String): Unit = users.get(system).foreach(_.started.increment())

  override def userEnded(system: String): Unit = users.get(system).foreach(_.ended.increment())

  /** Starts the first interval. */
  def start(nowMs: Long): Unit = synchronized { lastTickMs = nowMs }

  /** Closes the interval that ends at `nowMs`: every system's figures, its chart points included. */
  def tick(nowMs: Long): Seq[SystemFigures] = synchronized {
    val seconds = math.max(1L, nowMs - lastTickMs) / 1000.0
    lastTickMs = nowMs
    val bySystem = requests.values.asScala.toSeq.groupBy(_.system)
    systems.map { key =>
      val own = bySystem.getOrElse(key, Nil).sortBy(_.path.mkString(" / "))
      val intervalOfSystem = LiveRecorder.histogram()
      val figures = own.map { request =>
        // Counts first: an answer counted but not yet in a histogram shows in the next interval's times.
        val (ok, ko, sumMs) = (request.ok.sum, request.ko.sum, request.sumMs.sum)
        val interval = request.recorder.getIntervalHistogram(request.recycled)
        request.recycled = interval
        request.total.add(interval)
        intervalOfSystem.add(interval)
        RequestFigures(
          request.path,
          ok,
          ko,
          sumMs,
          Latency.of(interval, confidencePercent),
          Latency.of(request.total, confidencePercent),
          request.seen
        )
      }
      totals(key).add(intervalOfSystem)
      val users = this.users(key)
      val (started, ended) = (users.started.sum, users.ended.sum)
      val koNow = figures.map(_.ko).sum
      val point = Point(
        nowMs,
        intervalOfSystem.getTotalCount / seconds,
        math.max(0L, koNow - koCounted.getOrElse(key, 0L)) / seconds,
        Latency.of(intervalOfSystem, confidencePercent),
        math.max(0L, started - ended)
      )
      koCounted(key) = koNow
      val kept = points(key)
      kept.enqueue(point)
      while (kept.size > keptPoints) kept.dequeue()
      SystemFigures(
        key,
        started,
        ended,
        figures,
        point.latency,
        Latency.of(totals(key), confidencePercent),
        point.requestsPerSecond,
        topErrors(key),
        kept.toSeq
      )
    }
  }
  private def topErrors(system: String): Seq[(String, Long)] =
    errors.asScala.toSeq
      .collect { case ((s, message), count) if s == system => message -> count.sum }
      .sortBy { case (message, count) => (-count, message) }
      .take(LiveRecorder.TopErrors)
}

object LiveRecorder {
  // Longer response times count as an hour.
  val MaxMs: Long = 3600000L

  /** A histogram at the results step's precision, so that the live p99's interval is as the gate's would be; it
    * grows with the slowest answer seen rather than holding an hour's buckets from the start (as the recorders do).
    */
  private def histogram() = new Histogram(LatencyAccumulator.SignificantDigits)
  val TopErrors = 5
  // Five minutes of one-second points per system on the page's charts.
  val KeptPoints = 300
}
