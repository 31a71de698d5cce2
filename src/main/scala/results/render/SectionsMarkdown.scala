package results.render

import text.{ Formats, MarkdownTable }

import results.model.{
  Apdex,
  Degradation,
  DuplicateLocks,
  Entry,
  ErrorCount,
  GateVerdict,
  QuarterFigures,
  RunSummary,
  SessionFigures,
  Tally,
  TransactionRate
}

import Formats.{ number, utcAsLogged }
import MarkdownTable.{ escape, figures, text }

/** summary.md's sections after the run's: transactions, errors, sessions, degradation, tallies, duplicate
  * locks, Apdex and the gate.
  */
private[render] object SectionsMarkdown {
  def transactions(summary: RunSummary): String = {
    val steady = summary.steady
    val head =
      s"## Transactions per hour\n\nSteady window ${utcAsLogged(steady.startEpochMs)} to ${utcAsLogged(steady.endEpochMs)} UTC (${steady.source.text}, ${number(steady.coveredMs / 1000.0)} s): " +
        s"${number(steady.requestsPerSecond)} requests/s."
    if (!summary.definesTransactions) s"$head\n\n${SummaryMarkdown.NoTransactions}."
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
  def errors(errors: Seq[ErrorCount]): String = {
    val ko = errors.map(_.count).sum
    val rows = errors.map { e =>
      val request = if (e.path.isEmpty) "-" else Entry.name(e.path)
      Seq(request, e.status.fold("-")(_.toString), e.message, e.count.toString, number(100.0 * e.count / ko))
    }
    val columns = Seq(text("Request"), figures("Status"), text("Error"), figures("Count"), figures("% of KO"))
    s"## Errors (by request, status and message)\n\n${MarkdownTable(columns, rows).render}"
  }

  def sessions(figures: Seq[SessionFigures]): String = {
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

  def degradation(d: Degradation): String = {
    def quarter(q: QuarterFigures) = s"p95 ${q.p95Ms} ms, p99 ${q.p99Ms} ms (${q.requests} requests)"
    val change = d.p95ChangePercent.fold("")(c => s"; p95 ${if (c >= 0) "+" else ""}${number(c)} %")
    val judged = if (d.judged) "" else s" (too few requests to judge: at least ${d.minSamples} per quarter needed)"
    s"## Degradation over the steady window\n\nFirst quarter: ${quarter(d.first)}; last quarter: ${quarter(d.last)}$change$judged."
  }

  /** One table per tally: each key's count of every category with its share, then every key together; a tally
    * of one category (records per extraction, say) has no shares or total to add: its counts alone.
    */
  def tally(tally: Tally): String = {
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
  def duplicateLocks(d: DuplicateLocks): String =
    if (d.count == 0) "## Duplicate locks\n\nNone: no resource was given to two users."
    else {
      val rows = d.examples.map { dup =>
        Seq(dup.resource, dup.claims.map(c => s"${c.claimant} at ${utcAsLogged(c.atEpochMs)}").mkString(", "))
      }
      val more = if (d.count > d.examples.size) s"\n\nand ${d.count - d.examples.size} more." else ""
      s"## Duplicate locks\n\n${d.count} resources were given to more than one user (UTC):\n\n" +
        MarkdownTable(Seq(text("Resource"), text("Claims")), rows).render + more
    }

  def apdex(summary: RunSummary): String = {
    val t = summary.settings.apdexThresholdMs
    val rows = (summary.global +: (summary.groups ++ summary.requests)).map(e => apdexRow(e.name, e.figures.apdex))
    val columns =
      MarkdownTable.named("Request", Seq("Samples", "Satisfied", "Tolerating", "Frustrated", "Apdex")) :+ text("Rating")
    s"## Apdex (T = ${number(t / 1000.0)} s, tolerating up to ${number(4 * t / 1000.0)} s, errors frustrated)\n\n" +
      MarkdownTable(columns, rows).render
  }

  def gate(gate: GateVerdict): String = {
    val rows = gate.checks.map { c =>
      val (word, more) = CheckCells.result(c)
      Seq(c.name, CheckCells.measured(c), CheckCells.allowed(c), (if (c.failed) s"**$word**" else word) + more)
    }
    val checks = MarkdownTable(
      MarkdownTable.named(CheckCells.Names.head, CheckCells.Names.slice(1, 3)) :+ text(CheckCells.Names.last),
      rows
    )
    val baseline = gate.baselineRun.map(run => s"\n\nBaseline: $run").getOrElse("")
    val warnings =
      if (gate.warnings.isEmpty) "" else gate.warnings.map(w => s"- ${escape(w)}").mkString("\n\n", "\n", "")
    val stoppedEarly =
      if (gate.stoppedEarly.isEmpty) Nil
      else Seq("", "An early-stop limit stopped the run, so it fails:") ++ gate.stoppedEarly.map(r =>
        s"- ${escape(r.text)}"
      )
    val incomplete =
      if (gate.incomplete.isEmpty) Nil
      else Seq(
        "",
        "The run did not complete its plan, so it can neither pass nor serve as a baseline:"
      ) ++ gate.incomplete.map(r => s"- ${escape(r.text)}")
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
