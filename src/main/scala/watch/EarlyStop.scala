package watch

import config.Settings

import results.model.{ EarlyStopRecord, GateCheck, PercentileInterval }
import results.summarize.OrderStatistics

import java.util.concurrent.{ Executors, TimeUnit }
import java.util.concurrent.atomic.{ AtomicReferenceArray, LongAdder }

import scala.concurrent.duration._

import org.HdrHistogram.{ AtomicHistogram, Histogram }

/** The limits that stop a run early (`earlyStop` in application.conf), as k6's abortOnFail does: over the
  * responses of the last `window`, at most `maxServerErrorPercent` 5xx answers and a p99 of at most
  * `maxP99Ms`. Each limit is off unless set; a window with fewer than `minRequests` responses is not judged,
  * so that one early failure cannot stop a run. The p99 stops a run only when its interval (at 95 %) lies
  * wholly beyond its limit: a few slow answers the window's sample cannot tell from noise do not.
  */
final case class EarlyStopLimits(
    window: FiniteDuration,
    minRequests: Long,
    maxServerErrorPercent: Option[Double],
    maxP99Ms: Option[Long]
) {
  def enabled: Boolean = limitKeys.nonEmpty

  /** The keys of the limits set, e.g. `earlyStop.maxP99Ms`. */
  def limitKeys: Seq[String] =
    maxServerErrorPercent.map(_ => "earlyStop.maxServerErrorPercent").toSeq ++ maxP99Ms.map(_ => "earlyStop.maxP99Ms")

  /** For the run plan: "off", or "5xx above 50 % or p99 above 8000 ms over the last 30 s (from 20 answers)". */
  def describe: String =
    if (!enabled) "off"
    else {
      val limits = maxServerErrorPercent.map(p => s"5xx above ${GateCheck.format(p)} %") ++
        maxP99Ms.map(ms => s"p99 above $ms ms")
      s"${limits.mkString(" or ")} over the last ${window.toSeconds} s (from $minRequests answers)"
    }

  /** The first limit the window's figures break, as a record of the stop `atMs` after the run's start. */
  def breach(figures: WindowFigures, atMs: Long): Option[EarlyStopRecord] =
    if (figures.responses < minRequests) None
    else {
      def record(limit: String, measured: Double, allowed: Double, unit: String) =
        EarlyStopRecord(limit, measured, allowed, unit, window.toMillis, figures.responses, atMs)
      maxServerErrorPercent
        .filter(figures.serverErrorPercent > _)
        .map(record("server error %", figures.serverErrorPercent, _, " %"))
        .orElse(maxP99Ms.filter(figures.p99LowerMs > _).map(allowed =>
          record("p99", figures.p99Ms.toDouble, allowed.toDouble, " ms")
        ))
    }
}

object EarlyStopLimits {
  def read(settings: Settings): EarlyStopLimits = {
    val window = settings.duration("window", min = 1.second)
    if (window.toMillis % 1000 != 0)
      settings.fail("window", s"must be whole seconds (was ${settings.string("window")})")
    val errorPercent = Option.when(settings.has("maxServerErrorPercent")) {
      val value = settings.double("maxServerErrorPercent", min = 0)
      // 100 % could never be exceeded: a limit that can never stop the run is a mistake.
      if (value >= 100)
        settings.fail("maxServerErrorPercent", s"must be below 100 (was ${settings.string("maxServerErrorPercent")})")
      value
    }
    EarlyStopLimits(
      window,
      settings.long("minRequests", min = 1),
      errorPercent,
      Option.when(settings.has("maxP99Ms"))(settings.long("maxP99Ms", min = 1))
    )
  }
}

/** What the responses of a window add up to.
  *
  * @param p99LowerMs the lower bound of the p99's interval at 95 %: the p99 lies above it with that confidence
  */
final case class WindowFigures(responses: Long, serverErrors: Long, p99Ms: Long, p99LowerMs: Long) {
  def serverErrorPercent: Double = if (responses == 0) 0.0 else 100.0 * serverErrors / responses
}

/** The responses of the last `seconds` seconds, one bucket per second of the response's end. Recording is
  * a few lock-free adds into the current second's bucket; a bucket found holding an older second is
  * replaced whole (compare-and-set), so the window slides without a lock and without a sweeper.
  */
final class ResponseWindow(seconds: Int) {
  require(seconds > 0, "a window of at least one second")

  private final class Bucket(val second: Long) {
    val responses = new LongAdder
    val serverErrors = new LongAdder
    val latencies = new AtomicHistogram(ResponseWindow.MaxMs, 2)
  }
  private val buckets = new AtomicReferenceArray[Bucket](seconds)

  def record(endEpochMs: Long, responseTimeMs: Long, serverError: Boolean): Unit =
    bucket(Math.floorDiv(endEpochMs, 1000L)).foreach { b =>
      b.responses.increment()
      if (serverError) b.serverErrors.increment()
      b.latencies.recordValue(math.max(0L, math.min(responseTimeMs, ResponseWindow.MaxMs)))
    }

  /** The bucket of `second`; None for a second already slid out of the window (a late, stale response). */
  @annotation.tailrec
  private def bucket(second: Long): Option[Bucket] = {
    val slot = Math.floorMod(second, seconds.toLong).toInt
    val current = buckets.get(slot)
    if (current != null && current.second == second) Some(current)
    else if (current != null && current.second > second) None
    else {
      val fresh = new Bucket(second)
      if (buckets.compareAndSet(slot, current, fresh)) Some(fresh) else bucket(second)
    }
  }

  /** The responses that ended in the `seconds` seconds up to and including the second of `nowEpochMs`. */
  def figures(nowEpochMs: Long): WindowFigures = {
    val now = Math.floorDiv(nowEpochMs, 1000L)
    val live = (0 until seconds).map(buckets.get).filter(b => b != null && b.second > now - seconds && b.second <= now)
    val latencies = new Histogram(ResponseWindow.MaxMs, 2)
    live.foreach(b => latencies.add(b.latencies))
    val answered = latencies.getTotalCount > 0
    WindowFigures(
      live.map(_.responses.sum).sum,
      live.map(_.serverErrors.sum).sum,
      if (answered) latencies.getValueAtPercentile(99) else 0L,
      if (answered) ResponseWindow.lowerP99(latencies) else 0L
    )
  }
}

object ResponseWindow {
  private def lowerP99(latencies: Histogram): Long =
    OrderStatistics.ofWindow(latencies, 99, PercentileInterval.DefaultConfidencePercent).lowerMs.toLong

  // Response times are kept to 2 significant digits up to an hour; longer ones count as an hour.
  val MaxMs: Long = 3600000L
}

/** Watches every response of the run and stops the load when the window breaks a limit.
  *
  * The answers come from the run's [[LoadWatch]]: every answer that arrives (its status and time), not a
  * request that got none (timeout, reset, refused), nor Gatling's verdict on the request's own checks. Once a
  * second the window is judged off the request path; after a breach the next user to start or end a journey
  * stops the load (see [[SystemLoad.withStops]]).
  */
final class EarlyStop(val limits: EarlyStopLimits) extends LoadListener {
  private val window = new ResponseWindow(limits.window.toSeconds.toInt)
  @volatile private var startedAtMs = 0L
  @volatile private var breach: Option[EarlyStopRecord] = None
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val thread = new Thread(r, "early-stop")
    thread.setDaemon(true)
    thread
  }

  /** Why and when the run was stopped early; None while every limit holds. */
  def record: Option[EarlyStopRecord] = breach

  /** Records each answer's status and time (handed on by the run's [[LoadWatch]]). */
  def answered(answer: Answer): Unit =
    window.record(answer.endEpochMs, answer.responseTimeMs, answer.status >= 500)

  def start(): Unit = {
    startedAtMs = System.currentTimeMillis()
    scheduler.scheduleAtFixedRate(() => judge(System.currentTimeMillis()), 1, 1, TimeUnit.SECONDS)
    ()
  }

  def stop(): Unit = { scheduler.shutdownNow(); () }

  private def judge(nowMs: Long): Unit =
    if (breach.isEmpty) {
      breach = limits.breach(window.figures(nowMs), nowMs - startedAtMs)
      breach.foreach { record =>
        println(s"early stop: ${record.describe}: stopping the load")
        scheduler.shutdown()
      }
    }
}
