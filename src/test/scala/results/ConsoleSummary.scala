package results

/** What a run prints on the terminal after Gatling's report: summary.md's request table as plain,
  * aligned text (Markdown's pipes and &nbsp; indentation read badly there), and the transactions figure.
  */
object ConsoleSummary {
  private val ColumnGap = "  "

  /** The columns of summary.md's table; names indented two spaces per group level, figures right-aligned. */
  def statsTable(summary: RunSummary): String = {
    val rows = SummaryMarkdown.statsRows(summary).map { case (entry, depth) =>
      ("  " * depth + SummaryMarkdown.shortName(entry)) +: SummaryMarkdown.statsCells(entry.figures)
    }
    val header = SummaryMarkdown.StatsColumns
    val widths = header.indices.map(column => (header +: rows).map(_(column).length).max)
    def line(cells: Seq[String]): String =
      cells.zip(widths).zipWithIndex.map { case ((cell, width), column) =>
        if (column == 0) cell.padTo(width, ' ') else " " * (width - cell.length) + cell
      }.mkString(ColumnGap)
    (line(header) +: widths.map("-" * _).mkString(ColumnGap) +: rows.map(line)).mkString("\n")
  }

  def transactionsLine(summary: RunSummary): String =
    if (summary.definesTransactions) f"Transactions per hour (steady window, ${summary.steady.source}): ${summary.steady.transactionsPerHour}%.1f"
    else SummaryMarkdown.NoTransactions
}
