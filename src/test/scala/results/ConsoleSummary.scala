package results

/** What a run prints on the terminal after Gatling's report. */
object ConsoleSummary {

  def transactionsLine(summary: RunSummary): String =
    if (summary.definesTransactions) f"Transactions per hour (steady window, ${summary.steady.source}): ${summary.steady.transactionsPerHour}%.1f"
    else SummaryMarkdown.NoTransactions
}
