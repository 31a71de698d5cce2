package results.render

import text.{ Formats, MarkdownTable }

import results.model.{ Entry, Figures }

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

  /** A request table headed `names` (the request's, then the figures'), one row per entry: its name, then [[cells]]. */
  def table(names: Seq[String], rows: Seq[Seq[String]]): MarkdownTable =
    MarkdownTable(MarkdownTable.named(names.head, names.tail), rows)

  /** The last name of a row's path (its group rows above it give the rest). */
  def shortName(entry: Entry): String = if (entry.path.isEmpty) Entry.GlobalName else entry.path.last
}
