package results.render

import results.model.{
  Apdex,
  Completion,
  Degradation,
  Entry,
  ErrorCount,
  Figures,
  GateCheck,
  GateVerdict,
  QuarterFigures,
  RunSummary,
  SessionFigures,
  SystemSummary,
  Tally,
  Verdict,
  WorkDone
}
import results.summarize.DuplicateLocks

import java.text.{ DecimalFormat, DecimalFormatSymbols }
import java.time.Instant
import java.util.Locale

/** summary.md: the table engineers paste into reports, in the column layout of Gatling's own report. */
object SummaryMarkdown {
  // Gatling's report formats numbers with this pattern, so pasted figures read the same.
  private val GatlingNumber = new DecimalFormat("###.##", DecimalFormatSymbols.getInstance(Locale.ENGLISH))
  def number(value: Double): String = GatlingNumber.format(value)

  val StatsColumns: Seq[String] = Seq(
    "Request",
    "Total",
    "OK",
    "KO",
    "% KO",
    "Cnt/s",
    "Min",
    "50th",
    "75th",
    "95th",
    "99th",
    "Max",
    "Mean",
    "Std Dev"
  )
  val StatsHeader: String = StatsColumns.mkString("| ", " | ", " |")
  private val StatsAlignment = "|---|" + ("---:|" * (StatsColumns.size - 1))

  /** The figures of one row, after its name. */
  def statsCells(f: Figures): Seq[String] = statsCells(f, f.requestsPerSecond)

  def statsCells(f: Figures, requestsPerSecond: Double): Seq[String] =
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

  /** The rows with their nesting depth: global first, then every group followed by everything in it,
    * as Gatling's report nests them; siblings in the order they first ran.
    */
  def statsRows(summary: RunSummary): Seq[(Entry, Int)] =
    statsRows(summary.global, summary.requests, summary.groups)

  def statsRows(global: Entry, requestEntries: Seq[Entry], groupEntries: Seq[Entry]): Seq[(Entry, Int)] = {
    val order = collection.mutable.LinkedHashSet.empty[List[String]]
    (requestEntries ++ groupEntries).foreach(e => order ++= e.path.inits.toSeq.reverse.tail)
    val requests = requestEntries.map(r => r.path -> r).toMap
    val groups = groupEntries.map(g => g.path -> g).toMap
    val children = order.toSeq.groupBy(_.init)
    def under(parent: List[String]): Seq[(Entry, Int)] =
      children.getOrElse(parent, Nil).flatMap { path =>
        requests.get(path).map(_ -> path.size).toSeq ++ groups.get(path).map(_ -> path.size) ++ under(path)
      }
    (global -> 0) +: under(Nil)
  }

  /** The last name of a row's path (its group rows above it give the rest). */
  def shortName(entry: Entry): String = if (entry.path.isEmpty) Entry.GlobalName else entry.path.last

  /** Rows in Gatling's nesting order, each named by its whole path (`Browse / search`): Markdown drops
    * leading spaces in a cell, and an indent made of HTML entities reads as `&nbsp;` outside GitHub.
    */
  def statsTable(summary: RunSummary): String = {
    val rows = statsRows(summary).map { case (entry, _) =>
      (escape(entry.name) +: statsCells(entry.figures)).mkString("| ", " | ", " |")
    }
    (Seq(StatsHeader, StatsAlignment) ++ rows).mkString("\n")
  }

  /** The verdict word the first line leads with; a run its thresholds could not gate has none. */
  def verdictLabel(summary: RunSummary): String = summary.gate.fold(Verdict.NoVerdict)(_.label)

  /** The first lines, read in CI, a PR comment or a chat message: the verdict and why, then the few
    * figures that say how the run went. Plain text apart from the heading mark, so it reads the same anywhere.
    */
  def headline(summary: RunSummary): Seq[String] = {
    val run = summary.run
    val g = summary.global.figures
    val why = summary.gate match {
      case None       => Seq("No verdict: the thresholds could not be read (see the run's console).")
      case Some(gate) =>
        val reasons =
          gate.stoppedEarly ++ gate.incomplete ++ gate.invalid ++ SystemSections.failureLines(summary, gate)
        val checks = s"${gate.checks.size - gate.failures.size} of ${gate.checks.size} checks held"
        if (reasons.isEmpty) Seq(s"${gate.label}: $checks.")
        else s"${gate.label}: $checks; why:" +: reasons.map(r => s"- ${escape(r)}")
    }
    val apdex = g.apdex.score.fold("")(score => f", Apdex $score%.2f (${g.apdex.rating})")
    Seq(s"# ${verdictLabel(summary)}: ${escape(run.simulation)}, run ${escape(run.runId)}", "") ++ why ++ Seq(
      "",
      s"${g.count} requests, ${g.ko} KO (${number(g.koPercent)} %), " + (if (SystemSections.shown(summary))
                                                                           s"${number(g.requestsPerSecond)} requests/s over the run " +
                                                                             s"(${summary.systems.size} systems, each on its own schedule below)"
                                                                         else
                                                                           s"${number(summary.steady.requestsPerSecond)} requests/s in the steady window") +
        s"; p95 ${g.p95Ms} ms, p99 ${g.p99Ms} ms, max ${g.maxMs} ms$apdex.",
      s"Target ${escape(run.target)}, profile ${escape(run.profile)}, shard ${run.shard}, " +
        s"overrides: ${overrides(run.overrides)}, commit ${run.gitCommit}."
    )
  }

  private def overrides(values: Map[String, String]): String =
    if (values.isEmpty) "none" else values.toSeq.sorted.map { case (k, v) => s"`$k=$v`" }.mkString(", ")

  def render(summary: RunSummary): String =
    summary.gate.filterNot(_ => summary.hasFigures).fold(renderFigures(summary))(renderWithoutFigures(summary, _))

  private def renderFigures(summary: RunSummary): String = {
    val run = summary.run
    val sections = Seq.newBuilder[String]
    sections += headline(summary).mkString("\n")
    sections += "## Run\n\n" + Seq(
      s"- Systems: ${escape(run.systems.mkString(", "))}; target: ${escape(run.target)}; profile: ${escape(run.profile)}; shard: ${run.shard}",
      s"- From ${utc(run.startEpochMs)} to ${utc(run.endEpochMs)} (UTC); Gatling ${run.gatlingVersion}; commit ${run.gitCommit}",
      completion(summary.completion, summary.systems),
      WorkDone.headline(summary.completion.work).fold("")(line => s"- **${escape(line)}**"),
      summary.injector.fold("")(injector => s"- Injector: ${escape(injector.describe)}"),
      summary.earlyStop.fold("")(stop => s"- **Early stop**: ${escape(stop.describe)}"),
      if (run.mergedFrom.nonEmpty) s"- Merged from ${run.mergedFrom.size} shards: ${run.mergedFrom.mkString(", ")}"
      else "",
      if (run.overrides.nonEmpty) s"- Overrides: ${overrides(run.overrides)}" else ""
    ).filter(_.nonEmpty).mkString("\n")
    summary.gate.foreach(gate => sections ++= results.capacity.CapacityText.markdown(gate.capacity))
    if (SystemSections.shown(summary)) sections ++= SystemsMarkdown.render(summary)
    else {
      sections += s"## Requests (times in ms; percentiles: ${summary.settings.percentileSource})\n\n${statsTable(summary)}"
      sections += transactions(summary)
    }
    if (summary.sessions.nonEmpty) sections += sessions(summary.sessions)
    summary.steady.degradation.foreach(d => sections += degradation(d))
    if (summary.errors.nonEmpty) sections += errors(summary.errors)
    summary.duplicateLocks.foreach(d => sections += duplicateLocks(d))
    sections += apdex(summary)
    summary.tallies.foreach(tally => sections += this.tally(tally))
    if (summary.windows.nonEmpty) sections += WindowsMarkdown.windows(summary)
    summary.curves.filter(_.points.nonEmpty).foreach(c => sections += WindowsMarkdown.curve(c))
    summary.gate.foreach(gate => sections += this.gate(gate))
    if (summary.warnings.nonEmpty)
      sections += ("## Warnings\n\n" + summary.warnings.map(w => s"- ${escape(w)}").mkString("\n"))
    sections.result().mkString("", "\n\n", "\n")
  }

  /** The console's and summary.md's line for a run whose simulation has no groups. */
  val NoTransactions = "Transactions per hour: none (this simulation defines no transactions)"

  private def transactions(summary: RunSummary): String = {
    val steady = summary.steady
    val head =
      s"## Transactions per hour\n\nSteady window ${utc(steady.startEpochMs)} to ${utc(steady.endEpochMs)} UTC (${steady.source}, ${number(steady.coveredMs / 1000.0)} s): " +
        s"${number(steady.requestsPerSecond)} requests/s."
    if (!summary.definesTransactions) s"$head\n\n$NoTransactions."
    else if (steady.transactions.isEmpty) s"$head No transactions (groups) completed in it."
    else {
      val rows =
        steady.transactions.map(t => s"| ${escape(t.path.mkString(" / "))} | ${t.completed} | ${number(t.perHour)} |")
      (Seq(head, "", "| Transaction | Completed | Per hour |", "|---|---:|---:|") ++ rows ++
        Seq(
          s"| **All transactions** | ${steady.transactions.filter(_.path.size == 1).map(_.completed).sum} | **${number(steady.transactionsPerHour)}** |"
        ))
        .mkString("\n")
    }
  }

  /** Every failure by request, the status it answered (for a failed status check) and Gatling's message. */
  private def errors(errors: Seq[ErrorCount]): String = {
    val ko = errors.map(_.count).sum
    val rows = errors.map { e =>
      val request = if (e.path.isEmpty) "-" else escape(Entry.name(e.path))
      s"| $request | ${e.status.fold("-")(_.toString)} | ${escape(e.message)} | ${e.count} | ${number(100.0 * e.count / ko)} |"
    }
    (Seq(
      "## Errors (by request, status and message)",
      "",
      "| Request | Status | Error | Count | % of KO |",
      "|---|---:|---|---:|---:|"
    ) ++ rows).mkString("\n")
  }

  private def sessions(figures: Seq[SessionFigures]): String = {
    val rows = figures.map { f =>
      s"| ${escape(f.scenario)} | ${f.started} | ${f.completed} | ${f.failed} | ${f.unfinished} | " +
        s"${number(f.meanStartedPerMinute)} (${f.startedPerMinute.mkString(", ")}) | " +
        s"${f.meanTimeOnSiteMs.fold("-")(ms => number(ms / 1000.0))} |"
    }
    (Seq(
      "## Sessions",
      "",
      "A session is one user's journey; its pages are the groups under the scenario's name in the request table.",
      "",
      "| Scenario | Started | Completed | Failed | Unfinished | Started per minute: mean (each minute) | Time on site, s (mean of completed) |",
      "|---|---:|---:|---:|---:|---|---:|"
    ) ++ rows).mkString("\n")
  }

  private def degradation(d: Degradation): String = {
    def quarter(q: QuarterFigures) = s"p95 ${q.p95Ms} ms, p99 ${q.p99Ms} ms (${q.requests} requests)"
    val change = d.p95ChangePercent.fold("")(c => s"; p95 ${if (c >= 0) "+" else ""}${number(c)} %")
    val judged = if (d.judged) "" else s" (too few requests to judge: at least ${d.minSamples} per quarter needed)"
    s"## Degradation over the steady window\n\nFirst quarter: ${quarter(d.first)}; last quarter: ${quarter(d.last)}$change$judged."
  }

  /** One table per tally: each key's count of every category with its share, then every key together; a tally
    * of one category (records per extraction, say) has no shares or total to add: its counts alone.
    */
  private def tally(tally: Tally): String = {
    def row(key: String, counts: Map[String, Long], cells: Seq[Long]) = {
      val shown = cells.zipWithIndex.map { case (count, i) =>
        val share = tally.categories.lift(i).filter(_ => tally.addsUp).map(c =>
          s" (${Tally.percent(counts, c).fold("-")(p => number(p) + " %")})"
        )
        s"$count${share.getOrElse("")}"
      }
      (escape(key) +: shown).mkString("| ", " | ", " |")
    }
    (Seq(
      s"## ${escape(tally.name)}",
      "",
      ("Key" +: tally.columns.map(escape)).mkString("| ", " | ", " |"),
      ("|---" + "|---:" * tally.columns.size + "|")
    ) ++ tally.rows.map { case (key, counts, cells) => row(key, counts, cells) }).mkString("\n")
  }

  private def apdexRow(name: String, apdex: Apdex): String =
    s"| ${escape(name)} | ${apdex.samples} | ${apdex.satisfied} | ${apdex.tolerating} | ${apdex.frustrated} | ${apdex.score.map(
        s => f"$s%.2f"
      ).getOrElse("-")} | ${apdex.rating} |"

  /** Resources that more than one user claimed: each is a failure of the system's locking. */
  private def duplicateLocks(d: DuplicateLocks): String =
    if (d.count == 0) "## Duplicate locks\n\nNone: no resource was given to two users."
    else {
      val rows = d.examples.map { dup =>
        val claims = dup.claims.map(c => s"${escape(c.claimant)} at ${utc(c.atEpochMs)}").mkString(", ")
        s"| ${escape(dup.resource)} | $claims |"
      }
      val more = if (d.count > d.examples.size) Seq("", s"and ${d.count - d.examples.size} more.") else Nil
      (Seq(
        "## Duplicate locks",
        "",
        s"${d.count} resources were given to more than one user (UTC):",
        "",
        "| Resource | Claims |",
        "|---|---|"
      ) ++ rows ++ more).mkString("\n")
    }

  private def apdex(summary: RunSummary): String = {
    val t = summary.settings.apdexThresholdMs
    val rows = (summary.global +: (summary.groups ++ summary.requests)).map(e => apdexRow(e.name, e.figures.apdex))
    (Seq(
      s"## Apdex (T = ${number(t / 1000.0)} s, tolerating up to ${number(4 * t / 1000.0)} s, errors frustrated)",
      "",
      "| Request | Samples | Satisfied | Tolerating | Frustrated | Apdex | Rating |",
      "|---|---:|---:|---:|---:|---:|---|"
    ) ++ rows).mkString("\n")
  }

  /** The page of a run stopped before its end with no figures to show: its plan, and how long it ran. */
  private def renderWithoutFigures(summary: RunSummary, verdict: GateVerdict): String = {
    val (run, completion) = (summary.run, summary.completion)
    val planned = Seq(
      completion.plannedUsers.map(u => s"$u users"),
      completion.plannedDurationMs.map(ms => s"${number(ms / 1000.0)} s")
    ).flatten
    val ran = Option.when(completion.actualDurationMs > 0)(completion.actualDurationMs)
    Seq(
      s"# ${verdict.label}: ${escape(run.simulation)}, run ${escape(run.runId)}\n\n${verdict.label}: no figures, " +
        (verdict.incomplete :+ "simulation.log held nothing to summarise").mkString("; ") + ".",
      Seq(
        s"- Systems: ${escape(run.systems.mkString(", "))}; target: ${escape(run.target)}; profile: ${escape(run.profile)}; shard: ${run.shard}",
        s"- Plan: ${if (planned.isEmpty) "not recorded"
          else planned.mkString(", ")}; ran: ${ran.fold("unknown")(ms => s"${number(ms / 1000.0)} s")} (INCOMPLETE)"
      ).mkString("\n"),
      (Seq(s"## Gate: ${verdict.label}", "") ++ (verdict.incomplete ++ verdict.warnings).map(r =>
        s"- ${escape(r)}"
      )).mkString("\n")
    ).mkString("", "\n\n", "\n")
  }

  /** Planned against actual: users started and finished, and how long the injection ran. */
  private def completion(c: Completion, systems: Seq[SystemSummary]): String = {
    def seconds(ms: Long) = s"${number(ms / 1000.0)} s"
    // A run of several systems where one's speed decides its users has no one count: each system's plan.
    val bySystem = Option.when(c.plannedUsers.isEmpty && systems.nonEmpty) {
      val known = systems.flatMap(_.plannedUsers)
      val each = systems.map(s => s"${escape(s.key)} ${s.plannedUsers.fold("set by its speed")(_.toString)}")
      s"${known.sum} users where planned (${each.mkString(", ")})"
    }
    val planned =
      Seq(c.plannedUsers.map(u => s"${u} users").orElse(bySystem), c.plannedDurationMs.map(seconds)).flatten
    s"- Plan: ${if (planned.isEmpty) "not recorded" else planned.mkString(", ")}; ran: ${c.startedUsers} users started, " +
      s"${c.endedUsers} finished, ${seconds(c.actualDurationMs)}${if (c.complete) "" else " (INCOMPLETE)"}"
  }

  private def gate(gate: GateVerdict): String = {
    val rows = gate.checks.map { c =>
      val result = if (c.passed) "pass" else if (c.neverRan) "**FAIL** (never ran)" else "**FAIL**"
      s"| ${escape(c.name)} | ${c.measured.map(v => GateCheck.format(v) + c.unit).getOrElse("-")} | ${GateCheck.format(c.allowed)}${c.unit} | $result |"
    }
    val baseline = gate.baselineRun.map(run => s"\n\nBaseline: $run").getOrElse("")
    val warnings =
      if (gate.warnings.isEmpty) "" else gate.warnings.map(w => s"- ${escape(w)}").mkString("\n\n", "\n", "")
    val stoppedEarly =
      if (gate.stoppedEarly.isEmpty) Nil
      else Seq("", "An early-stop limit stopped the run, so it fails:") ++ gate.stoppedEarly.map(r => s"- ${escape(r)}")
    val incomplete =
      if (gate.incomplete.isEmpty) Nil
      else Seq(
        "",
        "The run did not complete its plan, so it can neither pass nor serve as a baseline:"
      ) ++ gate.incomplete.map(r => s"- ${escape(r)}")
    (Seq(s"## Gate: ${gate.label}$baseline") ++ stoppedEarly ++ incomplete ++ Seq(
      "",
      "| Check | Measured | Allowed | Result |",
      "|---|---:|---:|---|"
    ) ++ rows)
      .mkString("\n") + warnings
  }

  private def utc(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString.replace("T", " ").replace("Z", "")

  private[results] def escape(text: String): String = text.replace("|", "\\|")
}
