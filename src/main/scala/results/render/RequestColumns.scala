package results.render

import text.{ Formats, MarkdownTable }

import results.model.{ Entry, Figures, Metric, PercentileInterval, RunSummary }

import Formats.number

/** The columns of a request table, in the layout of Gatling's own report: summary.md's, each system's
  * and the console's.
  */
object RequestColumns {
  val Names: Seq[String] = names(rateHeading = "Cnt/s")

  /** The same, the requests/s column headed `rateHeading`: a system's section says "Req/s" over its own span. */
  def names(rateHeading: String): Seq[String] = Seq(
    "Request",
    "Total",
    "OK",
    "KO",
    "% KO",
    rateHeading,
    "Min",
    "50th",
    "75th",
    "95th",
    "99th",
    "Max",
    "Mean",
    "Std Dev"
  )

  /** The figures of one row, after its name. */
  def cells(f: Figures): Seq[String] = cells(f, f.requestsPerSecond)

  /** The same, at a requests/s of another span than the run's (a system's row: over the interval it ran). */
  def cells(f: Figures, requestsPerSecond: Double): Seq[String] =
    Seq(
      f.count.toString,
      f.ok.toString,
      f.ko.toString,
      number(f.koPercent),
      number(requestsPerSecond),
      f.minMs.toString,
      f.p50Ms.toString,
      f.p75Ms.toString,
      f.p95Ms.toString,
      f.p99Ms.toString,
      f.maxMs.toString,
      f.meanMs.toString,
      f.stdDevMs.toString
    )

  /** The percentiles the intervals table shows: the median and those thresholds limit. */
  val IntervalRanks: Seq[Double] = Seq(50, 90, 95, 99)

  /** The intervals table's columns, after the request's. */
  def intervalNames(summary: RunSummary): Seq[String] =
    "Samples" +: IntervalRanks.map(rank =>
      s"${Metric.Percentile(rank).name} (${number(summary.settings.confidencePercent)} %)"
    )

  /** The intervals table's title. */
  def intervalsCaption(summary: RunSummary): String =
    s"Percentiles with their ${number(summary.settings.confidencePercent)} % confidence intervals (ms)"

  /** How the intervals table reads: said under its title in summary.md and on the console. */
  val IntervalsNote: String =
    "the range in which the percentile of all the system's answers lies, from this run's samples (docs/gate.md); " +
      "'?': too few samples to bound it from above"

  /** One row's intervals, after its name: its samples, then each percentile with its interval. */
  def intervalCells(f: Figures): Seq[String] = f.count.toString +: IntervalRanks.map(percentile(f, _))

  /** The `rank`% percentile of `f` with its interval, as [[withInterval]] writes it. */
  def percentile(f: Figures, rank: Double): String = withInterval(f.percentilesMs(rank), f.intervalsMs.get(rank))

  /** "139 (112-168)", "189 (165-?)" where the sample is too small to bound it from above, the figure alone
    * where it has no interval (no samples).
    */
  def withInterval(pointMs: Int, interval: Option[PercentileInterval]): String =
    interval.fold(pointMs.toString)(i => s"$pointMs (${range(i)})")

  /** "112-168"; "165-?" where the sample is too small to bound it from above. */
  def range(interval: PercentileInterval): String = s"${interval.lowerMs}-${interval.upperMs.fold("?")(_.toString)}"

  /** A request table headed `names` (the request's, then the figures'), one row per entry: its name, then [[cells]]. */
  def table(names: Seq[String], rows: Seq[Seq[String]]): MarkdownTable =
    MarkdownTable(MarkdownTable.named(names.head, names.tail), rows)

  /** The last name of a row's path (its group rows above it give the rest). */
  def shortName(entry: Entry): String = if (entry.path.isEmpty) Entry.GlobalName else entry.path.last
}
