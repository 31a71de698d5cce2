package sandbox

import results.model.SandboxShare

import java.util.concurrent.{ ConcurrentHashMap, TimeUnit }
import java.util.concurrent.atomic.AtomicLong

import scala.jdk.CollectionConverters._

import org.HdrHistogram.ConcurrentHistogram

/** The time one request spent waiting on the stubs, added up over its calls, so that its answer can say how
  * much of its time the sandbox itself added. A stub call made while a request is being handled, or from the
  * completion of an earlier stub call of that request, counts for that request: the stub client carries the
  * request along the completions it runs (see [[RequestTiming.within]]).
  */
private[sandbox] final class RequestTiming {
  private val stub = new AtomicLong

  def addStub(nanos: Long): Unit = { stub.addAndGet(nanos); () }

  def stubNanos: Long = stub.get
}

private[sandbox] object RequestTiming {
  private val current = new ThreadLocal[RequestTiming]

  /** The request being handled on this thread, or null outside one. */
  def active: RequestTiming = current.get

  /** Runs `body` (a handler, a stub call's completion) on behalf of `timing`'s request. */
  def within[T](timing: RequestTiming)(body: => T): T = {
    val outer = current.get
    current.set(timing)
    try body
    finally current.set(outer)
  }
}

/** One request name's figures at one stand-in, in milliseconds: `added` is the time from reading the request
  * to its answer being ready less the time its stub calls took; `answered` is that whole time.
  */
final case class ServingFigures(
    system: String,
    request: String,
    count: Long,
    addedP50Ms: Double,
    addedP99Ms: Double,
    stubP99Ms: Double,
    answeredP99Ms: Double,
    addedByBucket: Seq[(String, Long)]
) {

  /** e.g. "raid mint raid: sandbox-added p99 4 ms of 2,041 ms (stubs 2,037 ms), 1,234 requests" */
  def describe: String =
    f"$system $request: sandbox-added p99 ${addedP99Ms}%,.0f ms of ${answeredP99Ms}%,.0f ms (stubs ${stubP99Ms}%,.0f ms), $count%,d requests"
}

/** What one stand-in's requests spent in the sandbox, per request name: the time from reading each request to
  * its answer, split into its stub calls and the rest, which the sandbox added (its queues, its event loops,
  * its own work); and, per new connection, the wait from its accept to its first request being read.
  *
  * Names are the stand-in's ([[StandInHandler.requestName]]); past [[ServingTimes.MaxNames]] of them the
  * rest count as "other", so a stand-in naming requests by an id holds a bounded heap.
  */
final class ServingTimes(val system: String) {
  private val byName = new ConcurrentHashMap[String, ServingTimes.Histograms]
  private val acceptWait = ServingTimes.histogram()
  private val acceptWaitBuckets = new ServingTimes.BucketCounts

  private[sandbox] def record(name: String, answeredNanos: Long, stubNanos: Long): Unit = {
    val h =
      if (byName.size < ServingTimes.MaxNames || byName.containsKey(name))
        byName.computeIfAbsent(name, _ => new ServingTimes.Histograms)
      else byName.computeIfAbsent("other", _ => new ServingTimes.Histograms)
    val answered = TimeUnit.NANOSECONDS.toMicros(answeredNanos)
    val stub = math.min(answered, TimeUnit.NANOSECONDS.toMicros(stubNanos))
    h.answered.recordValue(ServingTimes.clamp(answered))
    h.stub.recordValue(ServingTimes.clamp(stub))
    h.added.recordValue(ServingTimes.clamp(answered - stub))
    h.addedBuckets.add(answered - stub)
  }

  private[sandbox] def recordAcceptWait(nanos: Long): Unit = {
    val micros = TimeUnit.NANOSECONDS.toMicros(nanos)
    acceptWait.recordValue(ServingTimes.clamp(micros))
    acceptWaitBuckets.add(micros)
  }

  /** Per request name, sorted by name. */
  def figures: Seq[ServingFigures] =
    byName.asScala.toSeq.sortBy(_._1).map { case (name, h) =>
      val added = h.added.copy()
      ServingFigures(
        system,
        name,
        added.getTotalCount,
        ServingTimes.ms(added.getValueAtPercentile(50)),
        ServingTimes.ms(added.getValueAtPercentile(99)),
        ServingTimes.ms(h.stub.copy().getValueAtPercentile(99)),
        ServingTimes.ms(h.answered.copy().getValueAtPercentile(99)),
        h.addedBuckets.counts
      )
    }

  /** New connections by their wait from accept to first request read, in [[SandboxShare.Buckets]]. */
  def acceptWaitByBucket: Seq[(String, Long)] = acceptWaitBuckets.counts

  /** e.g. "raid new connections: accept to first request p99 0.4 ms, 1,234 connections" */
  def describeAcceptWait: Option[String] = {
    val h = acceptWait.copy()
    Option.when(h.getTotalCount > 0)(
      f"$system new connections: accept to first request read p99 ${ServingTimes.ms(h.getValueAtPercentile(99))}%,.1f ms, ${h.getTotalCount}%,d connections"
    )
  }
}

object ServingTimes {

  /** Request names a stand-in may have before the rest count as "other". */
  val MaxNames = 64

  private val HighestMicros = TimeUnit.HOURS.toMicros(1)

  private final class Histograms {
    val answered: ConcurrentHistogram = histogram()
    val stub: ConcurrentHistogram = histogram()
    val added: ConcurrentHistogram = histogram()
    val addedBuckets = new BucketCounts
  }

  /** Counts in [[SandboxShare.Buckets]], exact at their bounds (a histogram's are within its precision). */
  private final class BucketCounts {
    private val adders = SandboxShare.Buckets.map(_ => new java.util.concurrent.atomic.LongAdder)

    def add(micros: Long): Unit = adders(SandboxShare.Buckets.indexWhere(micros < _._2)).increment()

    def counts: Seq[(String, Long)] = SandboxShare.Buckets.map(_._1).zip(adders.map(_.sum))
  }

  private def histogram() = new ConcurrentHistogram(HighestMicros, 2)

  private def clamp(micros: Long): Long = math.max(0L, math.min(micros, HighestMicros))

  private def ms(micros: Long): Double = micros / 1000.0
}
