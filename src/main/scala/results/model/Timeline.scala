package results.model

import scala.collection.mutable

import com.fasterxml.jackson.annotation.{ JsonFormat, JsonProperty, JsonPropertyOrder }

import org.HdrHistogram.IntCountsHistogram

/** One time bucket of one request (or all requests): what started in it. Times in ms. Stored in summary.json as
  * an array of its fields in this order ([[Timeline.Columns]]): a long run has thousands of them.
  */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
final case class TimelinePoint(offsetMs: Long, count: Long, ko: Long, p50Ms: Int, p95Ms: Int, p99Ms: Int)

/** A request's points over the run, bucket by bucket (buckets without requests left out). */
final case class TimelineSeries(name: String, points: Seq[TimelinePoint])

/** The run over time, for the run page's charts: per bucket of `bucketMs` from `startEpochMs`, each
  * request's count, failures and p50/p95/p99 (the first series is all requests). Stored in summary.json as it is,
  * with its points' columns named for readers (never read back).
  */
@JsonPropertyOrder(Array("startEpochMs", "bucketMs", "columns", "series"))
final case class Timeline(startEpochMs: Long, bucketMs: Long, series: Seq[TimelineSeries]) {
  @JsonProperty("columns") def columns: Seq[String] = Timeline.Columns
}

object Timeline {

  /** A stored point's fields, in the order of its array. */
  val Columns: Seq[String] = Seq("offsetMs", "count", "ko", "p50Ms", "p95Ms", "p99Ms")

  /** At most this many buckets, whatever the run's length: with 2-digit histograms (within 1 %, ~5 KB
    * each for times up to a minute) a run of 40 requests holds under 25 MB of them, an hour's as a minute's.
    */
  val MaxBuckets = 120
  private val SignificantDigits = 2

  /** Whole seconds, and long enough that [[MaxBuckets]] cover the run. */
  def bucketMs(durationMs: Long): Long = {
    val raw = math.max(1L, (durationMs + MaxBuckets - 1) / MaxBuckets)
    math.max(1000L, (raw + 999) / 1000 * 1000)
  }

  /** Collects requests by start time into the buckets of a run from `startEpochMs` to `endEpochMs`. */
  final class Collector(startEpochMs: Long, endEpochMs: Long) {
    private val bucket = bucketMs(endEpochMs - startEpochMs)
    private val buckets = ((endEpochMs - startEpochMs) / bucket + 1).toInt

    private final class Cell {
      val histogram = new IntCountsHistogram(SignificantDigits)
      var ko = 0L
    }
    private val global = new Array[Cell](buckets)
    private val requests = mutable.LinkedHashMap.empty[List[String], Array[Cell]]

    def record(path: List[String], requestStartEpochMs: Long, responseTimeMs: Int, ok: Boolean): Unit = {
      val index = math.min(buckets - 1, math.max(0L, (requestStartEpochMs - startEpochMs) / bucket).toInt)
      val ms = math.max(0, responseTimeMs).toLong
      Seq(global, requests.getOrElseUpdate(path, new Array[Cell](buckets))).foreach { cells =>
        if (cells(index) == null) cells(index) = new Cell
        cells(index).histogram.recordValue(ms)
        if (!ok) cells(index).ko += 1
      }
    }

    def timeline: Timeline = {
      def series(name: String, cells: Array[Cell]) =
        TimelineSeries(
          name,
          cells.toSeq.zipWithIndex.collect {
            case (cell, i) if cell != null =>
              val h = cell.histogram
              def at(rank: Double) = h.getValueAtPercentile(rank).toInt
              TimelinePoint(i * bucket, h.getTotalCount, cell.ko, at(50), at(95), at(99))
          }
        )
      Timeline(
        startEpochMs,
        bucket,
        series(Entry.GlobalName, global) +: requests.toSeq.map { case (path, cells) => series(Entry.name(path), cells) }
      )
    }
  }
}
