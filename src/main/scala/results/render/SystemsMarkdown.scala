package results.render

import results.model.RunSummary

import SummaryMarkdown.{ number, statsCells, StatsColumns }

/** summary.md's part for a run of several systems: the table of systems, then one section per system. */
object SystemsMarkdown {
  private def escape(text: String): String = text.replace("|", "\\|")

  val SystemColumns: Seq[String] =
    Seq(
      "System",
      "Verdict",
      "Failed checks",
      "Profile",
      "Users (started of planned)",
      "Req/s",
      "Steady req/s",
      "p99 ms",
      "KO",
      "% KO"
    )

  def table(rows: Seq[SystemSections.Row]): String = {
    val lines = rows.map { r =>
      val f = r.figures
      Seq(
        escape(r.key),
        if (r.passed) r.verdict else s"**${r.verdict}**",
        r.failedOfAll,
        escape(r.system.profile),
        r.users,
        number(f.requestsPerSecond),
        number(r.system.steady.requestsPerSecond),
        r.p99,
        f.ko.toString,
        number(f.koPercent)
      ).mkString("| ", " | ", " |")
    }
    (Seq(
      "## Systems",
      "",
      "Each system's requests/s over its own span, from its first request to its last; its steady window is its own.",
      "",
      SystemColumns.mkString("| ", " | ", " |"),
      "|---|---|---:|---|---:|---:|---:|---:|---:|---:|"
    ) ++ lines).mkString("\n")
  }

  /** One system: what it ran, its failed checks, its requests in journey order (Req/s while each ran). */
  def section(s: RunSummary, row: SystemSections.Row): String = {
    val columns = StatsColumns.updated(StatsColumns.indexOf("Cnt/s"), "Req/s")
    val requests = SystemSections.entries(s, row.system).map { case (entry, _) =>
      val name = if (entry.path.isEmpty) row.system.subject else entry.name
      (escape(name) +: statsCells(entry.figures, entry.activeRequestsPerSecond)).mkString("| ", " | ", " |")
    }
    val failed = row.failed.map(c => s"- ${escape(c.name)}: ${escape(c.outcome)}")
    val transactions = row.system.steady.transactions.map(t =>
      s"| ${escape(t.path.mkString(" / "))} | ${t.completed} | ${number(t.perHour)} |"
    )
    (Seq(s"## ${escape(row.key)}: ${row.verdict}", "", escape(SystemSections.describe(row))) ++
      (if (failed.isEmpty) Nil else "" +: failed) ++
      Seq("", columns.mkString("| ", " | ", " |"), "|---|" + ("---:|" * (columns.size - 1))) ++ requests ++
      (if (transactions.isEmpty) Nil
       else Seq("", "| Transaction (steady window) | Completed | Per hour |", "|---|---:|---:|") ++ transactions))
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
          StatsColumns.mkString("| ", " | ", " |"),
          "|---|" + ("---:|" * (StatsColumns.size - 1))
        ) ++ unowned.map(e => (escape(e.name) +: statsCells(e.figures)).mkString("| ", " | ", " |"))).mkString("\n")
      )
  }
}
