package results.render

import text.Formats

import results.gate.RunComparison
import results.model.{ EntryNesting, RunSummary, Tally }

/** What a run prints on the terminal after Gatling's report: the tables of summary.md and comparison.md
  * as plain, aligned text (Markdown's pipes and &nbsp; indentation read badly there), and the transactions figure.
  */
object ConsoleSummary {
  private val ColumnGap = "  "

  /** The columns of summary.md's request table; names indented two spaces per group level. */
  def statsTable(summary: RunSummary): String = {
    val rows = EntryNesting.rows(summary).map { case (entry, depth) =>
      ("  " * depth + RequestColumns.shortName(entry)) +: RequestColumns.cells(entry.figures)
    }
    aligned(RequestColumns.Names, rows)
  }

  /** summary.md's intervals table, its caption above it. */
  def intervalsTable(summary: RunSummary): String = {
    val rows = EntryNesting.rows(summary).map { case (entry, depth) =>
      ("  " * depth + RequestColumns.shortName(entry)) +: RequestColumns.intervalCells(entry.figures)
    }
    s"${RequestColumns.intervalsCaption(summary)}: ${RequestColumns.IntervalsNote}\n" + aligned(
      "Request" +: RequestColumns.intervalNames(summary),
      rows
    )
  }

  def transactionsLine(summary: RunSummary): String =
    if (SystemSections.shown(summary)) {
      // Each system over its own steady window: a sum over systems would add up unlike things.
      val each =
        summary.systems.filter(_.groups.nonEmpty).map(s => s"${s.key} ${Formats.perHour(s.steady.transactionsPerHour)}")
      if (each.isEmpty) SummaryMarkdown.NoTransactions
      else s"Transactions per hour (each system's steady window): ${each.mkString(", ")}"
    } else if (summary.definesTransactions)
      s"Transactions per hour (steady window, ${summary.steady.source.text}): ${Formats.perHour(summary.steady.transactionsPerHour)}"
    else SummaryMarkdown.NoTransactions

  /** One line per scenario that records sessions: "Sessions (vote.nz visit): 12 started: ...". */
  def sessionLines(summary: RunSummary): Seq[String] =
    summary.sessions.map(f => s"Sessions (${f.scenario}): ${f.describe}")

  /** One line per tally: every key together, each category's count and, where there are several, its share
    * (e.g. the cache-hit ratio).
    */
  def tallyLines(summary: RunSummary): Seq[String] =
    summary.tallies.map { tally =>
      val overall = tally.overall
      val shares = tally.categories.map { c =>
        val share = Tally.percent(overall, c).filter(_ => tally.addsUp)
        s"$c ${overall(c)}${share.fold("")(p => s" (${Formats.number(p)} %)")}"
      }
      s"${tally.name}, all keys: ${shares.mkString(", ")}"
    }

  /** The columns of comparison.md, the status ("new", "gone", "REGRESSION") last. */
  def comparisonTable(comparison: RunComparison.Comparison): String =
    results.gate.HeadroomComparison.of(comparison.before, comparison.after).map(_.line + "\n").mkString +
      RunComparison.caption(comparison) + "\n\n" + aligned(
        RunComparison.Columns,
        RunComparison.cells(comparison),
        textColumns = Set(0, RunComparison.Columns.size - 1)
      )

  /** A header, a rule and the rows; text columns left-aligned, figures right-aligned. */
  private def aligned(header: Seq[String], rows: Seq[Seq[String]], textColumns: Set[Int] = Set(0)): String = {
    val widths = header.indices.map(column => (header +: rows).map(_(column).length).max)
    def line(cells: Seq[String]): String =
      cells.zip(widths).zipWithIndex
        .map { case ((cell, width), column) =>
          if (textColumns(column)) cell.padTo(width, ' ') else " " * (width - cell.length) + cell
        }
        .mkString(ColumnGap)
        .stripTrailing()
    (line(header) +: line(widths.map("-" * _)) +: rows.map(line)).mkString("\n")
  }
}
