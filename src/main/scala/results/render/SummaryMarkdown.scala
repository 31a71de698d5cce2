package results.render

import results.model.{
  Apdex,
  Completion,
  Degradation,
  Entry,
  EntryNesting,
  ErrorCount,
  GateVerdict,
  QuarterFigures,
  RunContext,
  RunSummary,
  SessionFigures,
  SystemSummary,
  Tally,
  TransactionRate,
  WorkDone
}
import results.summarize.DuplicateLocks

import Formats.{ checkValue, number, utcAsLogged }
import MarkdownTable.{ escape, figures, text }

/** summary.md: the table engineers paste into reports, in the column layout of Gatling's own report. */
object SummaryMarkdown {

  /** Rows in Gatling's nesting order, each named by its whole path (`Browse / search`): Markdown drops
    * leading spaces in a cell, and an indent made of HTML entities reads as `&nbsp;` outside GitHub.
    */
  def statsTable(summary: RunSummary): String = {
    val rows = EntryNesting.rows(summary).map { case (entry, _) => entry.name +: RequestColumns.cells(entry.figures) }
    RequestColumns.table(RequestColumns.Names, rows).render
  }

  /** The verdict word the first line leads with; a run its thresholds could not gate has none. */
  def verdictLabel(summary: RunSummary): String = summary.gate.fold("NO VERDICT")(_.label)

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
    val apdex = g.apdex.score.fold("")(score => s", Apdex ${Formats.apdex(Some(score))} (${g.apdex.rating})")
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

  def render(summary: RunSummary): String = {
    val run = summary.run
    val sections = Seq.newBuilder[String]
    sections += headline(summary).mkString("\n")
    sections += "## Run\n\n" + Seq(
      s"- Systems: ${escape(run.systems.mkString(", "))}; target: ${escape(run.target)}; profile: ${escape(run.profile)}; shard: ${run.shard}",
      s"- From ${utcAsLogged(run.startEpochMs)} to ${utcAsLogged(run.endEpochMs)} (UTC); Gatling ${run.gatlingVersion}; commit ${run.gitCommit}",
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
      s"## Transactions per hour\n\nSteady window ${utcAsLogged(steady.startEpochMs)} to ${utcAsLogged(steady.endEpochMs)} UTC (${steady.source}, ${number(steady.coveredMs / 1000.0)} s): " +
        s"${number(steady.requestsPerSecond)} requests/s."
    if (!summary.definesTransactions) s"$head\n\n$NoTransactions."
    else if (steady.transactions.isEmpty) s"$head No transactions (groups) completed in it."
    else {
      val all = Seq(
        "**All transactions**",
        steady.transactions.filter(_.path.size == 1).map(_.completed).sum.toString,
        s"**${number(steady.transactionsPerHour)}**"
      )
      s"$head\n\n${transactionTable("Transaction", steady.transactions, all).render}"
    }
  }

  /** Every failure by request, the status it answered (for a failed status check) and Gatling's message. */
  private def errors(errors: Seq[ErrorCount]): String = {
    val ko = errors.map(_.count).sum
    val rows = errors.map { e =>
      val request = if (e.path.isEmpty) "-" else Entry.name(e.path)
      Seq(request, e.status.fold("-")(_.toString), e.message, e.count.toString, number(100.0 * e.count / ko))
    }
    val columns = Seq(text("Request"), figures("Status"), text("Error"), figures("Count"), figures("% of KO"))
    s"## Errors (by request, status and message)\n\n${MarkdownTable(columns, rows).render}"
  }

  private def sessions(figures: Seq[SessionFigures]): String = {
    val rows = figures.map { f =>
      Seq(
        f.scenario,
        f.started.toString,
        f.completed.toString,
        f.failed.toString,
        f.unfinished.toString,
        s"${number(f.meanStartedPerMinute)} (${f.startedPerMinute.mkString(", ")})",
        f.meanTimeOnSiteMs.fold("-")(ms => number(ms / 1000.0))
      )
    }
    val columns = MarkdownTable.named("Scenario", Seq("Started", "Completed", "Failed", "Unfinished")) ++
      Seq(text("Started per minute: mean (each minute)"), MarkdownTable.figures("Time on site, s (mean of completed)"))
    "## Sessions\n\nA session is one user's journey; its pages are the groups under the scenario's name in the request table." +
      s"\n\n${MarkdownTable(columns, rows).render}"
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
      key +: shown
    }
    val rows = tally.rows.map { case (key, counts, cells) => row(key, counts, cells) }
    s"## ${escape(tally.name)}\n\n${MarkdownTable(MarkdownTable.named("Key", tally.columns), rows).render}"
  }

  private def apdexRow(name: String, apdex: Apdex): Seq[String] =
    Seq(name) ++ Seq(apdex.samples, apdex.satisfied, apdex.tolerating, apdex.frustrated).map(_.toString) ++
      Seq(Formats.apdex(apdex.score), apdex.rating)

  /** Resources that more than one user claimed: each is a failure of the system's locking. */
  private def duplicateLocks(d: DuplicateLocks): String =
    if (d.count == 0) "## Duplicate locks\n\nNone: no resource was given to two users."
    else {
      val rows = d.examples.map { dup =>
        Seq(dup.resource, dup.claims.map(c => s"${c.claimant} at ${utcAsLogged(c.atEpochMs)}").mkString(", "))
      }
      val more = if (d.count > d.examples.size) s"\n\nand ${d.count - d.examples.size} more." else ""
      s"## Duplicate locks\n\n${d.count} resources were given to more than one user (UTC):\n\n" +
        MarkdownTable(Seq(text("Resource"), text("Claims")), rows).render + more
    }

  private def apdex(summary: RunSummary): String = {
    val t = summary.settings.apdexThresholdMs
    val rows = (summary.global +: (summary.groups ++ summary.requests)).map(e => apdexRow(e.name, e.figures.apdex))
    val columns =
      MarkdownTable.named("Request", Seq("Samples", "Satisfied", "Tolerating", "Frustrated", "Apdex")) :+ text("Rating")
    s"## Apdex (T = ${number(t / 1000.0)} s, tolerating up to ${number(4 * t / 1000.0)} s, errors frustrated)\n\n" +
      MarkdownTable(columns, rows).render
  }

  /** The page of a run stopped before its end with no figures to show: its plan, and how long it ran. */
  def renderIncomplete(context: RunContext, runId: String, verdict: GateVerdict): String = {
    val course = context.course
    val planned =
      Seq(course.users.map(u => s"$u users"), course.durationMs.map(ms => s"${number(ms / 1000.0)} s")).flatten
    Seq(
      s"# ${verdict.label}: ${escape(context.simulation)}, run ${escape(runId)}\n\n${verdict.label}: no figures, " +
        (verdict.incomplete :+ "simulation.log held nothing to summarise").mkString("; ") + ".",
      Seq(
        s"- Systems: ${escape(context.systems.mkString(", "))}; target: ${escape(context.target)}; profile: ${escape(context.profile)}; shard: ${context.shard}",
        s"- Plan: ${if (planned.isEmpty) "not recorded"
          else planned.mkString(", ")}; ran: ${course.elapsedMs.fold("unknown")(ms => s"${number(ms / 1000.0)} s")} (INCOMPLETE)"
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
      Seq(
        c.name,
        c.measured.map(v => checkValue(v) + c.unit).getOrElse("-"),
        s"${checkValue(c.allowed)}${c.unit}",
        result
      )
    }
    val checks = MarkdownTable(MarkdownTable.named("Check", Seq("Measured", "Allowed")) :+ text("Result"), rows)
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
    (Seq(s"## Gate: ${gate.label}$baseline") ++ stoppedEarly ++ incomplete ++ Seq("", checks.render))
      .mkString("\n") + warnings
  }

  /** Each transaction's completions and rate per hour, then the `total` row if given. */
  private[render] def transactionTable(first: String, transactions: Seq[TransactionRate], total: Seq[String]*)
      : MarkdownTable =
    MarkdownTable(
      MarkdownTable.named(first, Seq("Completed", "Per hour")),
      transactions.map(t => Seq(t.path.mkString(" / "), t.completed.toString, number(t.perHour))) ++ total
    )
}
