package results.summarize

import results.model.{ Apdex, Entry, Figures, Mergeable, PercentileInterval }

import java.nio.ByteBuffer
import java.util.Base64

import org.HdrHistogram.Histogram

/** Response times of one request, group or window, kept so that two of them merge without loss.
  *
  * The HdrHistogram (3 significant digits: exact up to 2,047 ms, within 0.1% above) merges exactly
  * across runs and injectors; sums give an exact mean and standard deviation after a merge; counts
  * (OK, KO, Apdex bands, slow requests) simply add up. Each percentile's interval, at `confidencePercent`,
  * comes from the same histogram ([[OrderStatistics]]), so a merged run's is that of one run of all its samples.
  */
final class LatencyAccumulator(val apdexThresholdMs: Int, val slowThresholdMs: Int, val confidencePercent: Double) {
  private val histogram = new Histogram(LatencyAccumulator.SignificantDigits)
  private var ok = 0L
  private var ko = 0L
  private var sumMs = 0L
  private var sumOfSquaresMs = 0L
  private var minMs = Int.MaxValue
  private var maxMs = Int.MinValue
  private var slow = 0L
  private var satisfied = 0L
  private var tolerating = 0L
  private var frustrated = 0L

  def count: Long = ok + ko
  def koCount: Long = ko
  def slowCount: Long = slow

  def record(responseTimeMs: Int, isOk: Boolean): Unit = {
    // a clock step backwards during the run can make an end precede its start
    val ms = math.max(0, responseTimeMs)
    histogram.recordValue(ms.toLong)
    if (isOk) ok += 1 else ko += 1
    sumMs += ms
    sumOfSquaresMs += ms.toLong * ms
    minMs = math.min(minMs, ms)
    maxMs = math.max(maxMs, ms)
    if (ms > slowThresholdMs) slow += 1
    if (isOk && ms <= apdexThresholdMs) satisfied += 1
    else if (isOk && ms <= 4 * apdexThresholdMs) tolerating += 1
    else frustrated += 1
  }

  def add(other: LatencyAccumulator): Unit = {
    require(
      other.apdexThresholdMs == apdexThresholdMs && other.slowThresholdMs == slowThresholdMs &&
        other.confidencePercent == confidencePercent,
      s"cannot merge figures computed with Apdex T = ${other.apdexThresholdMs} ms / slow > ${other.slowThresholdMs} ms / ${other.confidencePercent} % intervals into T = $apdexThresholdMs ms / slow > $slowThresholdMs ms / $confidencePercent % intervals"
    )
    histogram.add(other.histogram)
    ok += other.ok
    ko += other.ko
    sumMs += other.sumMs
    sumOfSquaresMs += other.sumOfSquaresMs
    minMs = math.min(minMs, other.minMs)
    maxMs = math.max(maxMs, other.maxMs)
    slow += other.slow
    satisfied += other.satisfied
    tolerating += other.tolerating
    frustrated += other.frustrated
  }

  def apdex: Apdex = Apdex(apdexThresholdMs, satisfied, tolerating, frustrated)

  /** Percentile by the nearest-rank rule on the histogram (the value at or below which `rank`% of samples lie).
    *
    * Above 2,047 ms HdrHistogram keeps a range of values per bucket and answers a bucket's highest value
    * (10,038 ms is in the bucket 10,032-10,039, so its p99 reads 10,039), which can exceed the slowest
    * request; the exact max is known, so no percentile is ever above it.
    */
  def percentileMs(rank: Double): Int =
    if (count == 0) 0 else math.min(histogram.getValueAtPercentile(rank), maxMs.toLong).toInt

  def mergeable: Mergeable = Mergeable(sumMs, sumOfSquaresMs, LatencyAccumulator.encode(histogram))

  /** Figures from this accumulator alone, for windows and merged runs (percentiles from the histogram). */
  def figures(durationSeconds: Double): Option[Figures] =
    Option.when(count > 0) {
      val mean = sumMs.toDouble / count
      val stdDev = math.sqrt(math.max(0.0, sumOfSquaresMs.toDouble / count - mean * mean))
      Figures(
        count = count,
        ok = ok,
        ko = ko,
        requestsPerSecond = if (durationSeconds > 0) count / durationSeconds else 0.0,
        minMs = minMs,
        percentilesMs = Figures.Ranks.map(rank => rank -> percentileMs(rank)).toMap,
        intervalsMs = LatencyAccumulator.intervals(histogram, maxMs, confidencePercent),
        maxMs = maxMs,
        meanMs = math.round(mean).toInt,
        stdDevMs = math.round(stdDev).toInt,
        slowCount = slow,
        slowThresholdMs = slowThresholdMs,
        apdex = apdex
      )
    }

  def entry(path: List[String], durationSeconds: Double): Option[Entry] =
    figures(durationSeconds).map(Entry(path, _, mergeable))
}

object LatencyAccumulator {

  /** The precision of every histogram whose percentiles are judged (this one, the live view's): buckets of at most
    * 0.1 %, narrow beside a percentile's interval.
    */
  val SignificantDigits = 3

  /** Rebuilds the accumulator a summary was written from (its intervals at `confidencePercent`), to merge it with others. */
  def restore(figures: Figures, mergeable: Mergeable, confidencePercent: Double): LatencyAccumulator = {
    val restored = new LatencyAccumulator(figures.apdex.thresholdMs, figures.slowThresholdMs, confidencePercent)
    restored.histogram.add(decode(mergeable.histogram))
    restored.ok = figures.ok
    restored.ko = figures.ko
    restored.sumMs = mergeable.sumMs
    restored.sumOfSquaresMs = mergeable.sumOfSquaresMs
    restored.minMs = figures.minMs
    restored.maxMs = figures.maxMs
    restored.slow = figures.slowCount
    restored.satisfied = figures.apdex.satisfied
    restored.tolerating = figures.apdex.tolerating
    restored.frustrated = figures.apdex.frustrated
    restored
  }

  /** Each of [[Figures.Ranks]]' intervals at `confidencePercent` from a stored histogram (none when it is empty). */
  def intervals(mergeable: Mergeable, maxMs: Int, confidencePercent: Double): Map[Double, PercentileInterval] =
    intervals(decode(mergeable.histogram), maxMs, confidencePercent)

  private def intervals(histogram: Histogram, maxMs: Int, confidencePercent: Double) =
    if (histogram.getTotalCount == 0) Map.empty[Double, PercentileInterval]
    else Figures.Ranks.map(rank => rank -> OrderStatistics.interval(histogram, maxMs, rank, confidencePercent)).toMap

  /** Base64 of HdrHistogram's standard compressed encoding (readable by any HdrHistogram port). */
  def encode(histogram: Histogram): String = {
    val buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity)
    val length = histogram.encodeIntoCompressedByteBuffer(buffer)
    Base64.getEncoder.encodeToString(java.util.Arrays.copyOf(buffer.array, length))
  }

  def decode(encoded: String): Histogram =
    Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder.decode(encoded)), 0)
}
