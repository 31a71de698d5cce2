package results.render

import text.{ Formats, MarkdownTable }

import results.model.RunSummary

import Formats.number
import MarkdownTable.escape
import MarkdownTable.{ figures, text }
import RequestColumns.{ cells => statsCells, Names => StatsColumns }

/** summary.md's part for a run of several systems: the table of systems, then one section per system. */
object SystemsMarkdown {
  val SystemColumns: Seq[MarkdownTable.Column] =
    Seq(
      text("System"),
      text("Verdict"),
      figures("Failed checks"),
      text("Profile"),
      figures("Users (started of planned)"),
      figures("Req/s"),
      figures("Steady req/s"),
      figures("p99 ms"),
      figures("KO"),
      figures("% KO")
    )

  def table(rows: Seq[SystemSections.Row]): String = {
    val lines = rows.map { r =>
      val f = r.figures
      Seq(
        r.key,
        if (r.passed) r.verdict.word else s"**${r.verdict}**",
        r.failedOfAll,
        r.system.profile,
        r.users,
        number(f.requestsPerSecond),
        number(r.system.steady.requestsPerSecond),
        r.p99,
        f.ko.toString,
        number(f.koPercent)
      )
    }
    "## Systems\n\nEach system's requests/s over its own span, from its first request to its last; its steady window is its own." +
      s"\n\n${MarkdownTable(SystemColumns, lines).render}"
  }

  /** One system: what it ran, its failed checks, its requests in journey order (Req/s while each ran). */
  def section(s: RunSummary, row: SystemSections.Row): String = {
    val columns = RequestColumns.names(rateHeading = "Req/s")
    val requests = SystemSections.entries(s, row.system).map { case (entry, _) =>
      val name = if (entry.path.isEmpty) row.system.subject else entry.name
      name +: statsCells(entry.figures, entry.activeRequestsPerSecond)
    }
    val failed = row.failed.map(c => s"- ${escape(c.name)}: ${escape(c.outcome)}")
    val transactions = row.system.steady.transactions
    (Seq(s"## ${escape(row.key)}: ${row.verdict}", "", escape(SystemSections.describe(row))) ++
      (if (failed.isEmpty) Nil else "" +: failed) ++
      Seq("", RequestColumns.table(columns, requests).render) ++
      (if (transactions.isEmpty) Nil
       else Seq("", SectionsMarkdown.transactionTable("Transaction (steady window)", transactions).render)))
      .mkString("\n")
  }

  def render(s: RunSummary): Seq[String] = {
    val rows = SystemSections.rows(s)
    val unowned = SystemSections.unowned(s)
    Seq(table(rows)) ++ rows.map(section(s, _)) ++
      Option.when(unowned.nonEmpty)(
        (Seq(
          "## Requests of no system",
          "",
          "No answer came to these (every try failed before one), so no system was recorded for them.",
          "",
          RequestColumns.table(StatsColumns, unowned.map(e => e.name +: statsCells(e.figures))).render
        )).mkString("\n")
      )
  }
}
