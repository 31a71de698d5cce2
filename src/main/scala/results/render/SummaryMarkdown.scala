package results.render

import text.{ Formats, MarkdownTable }

import results.model.{ Completion, EntryNesting, GateVerdict, RunSummary, SystemSummary, Unjudged, WorkDone }

import Formats.{ number, utcAsLogged }
import MarkdownTable.escape

/** summary.md: the table engineers paste into reports, in the column layout of Gatling's own report. */
object SummaryMarkdown {

  /** Rows in Gatling's nesting order, each named by its whole path (`Browse / search`): Markdown drops
    * leading spaces in a cell, and an indent made of HTML entities reads as `&nbsp;` outside GitHub.
    */
  def statsTable(summary: RunSummary): String = {
    val rows = EntryNesting.rows(summary).map { case (entry, _) => entry.name +: RequestColumns.cells(entry.figures) }
    RequestColumns.table(RequestColumns.Names, rows).render
  }

  /** Each entry's percentiles with their intervals, under [[RequestColumns.intervalsCaption]]. */
  def intervalsTable(summary: RunSummary): String = {
    val rows = EntryNesting.rows(summary).map { case (entry, _) =>
      entry.name +: RequestColumns.intervalCells(entry.figures)
    }
    s"## ${RequestColumns.intervalsCaption(summary)}\n\n${RequestColumns.IntervalsNote.capitalize}.\n\n" +
      RequestColumns.table("Request" +: RequestColumns.intervalNames(summary), rows).render
  }

  /** The verdict word the first line leads with; a run its thresholds could not gate has none. */
  def verdictLabel(summary: RunSummary): String = summary.gate.fold(Unjudged.NoVerdict.word)(_.label)

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
          (gate.stoppedEarly ++ gate.incomplete ++ gate.invalid).map(_.text) ++ SystemSections.failureLines(
            summary,
            gate
          )
        val undecided = gate.inconclusive.size
        val checks = s"${gate.checks.count(_.passed)} of ${gate.checks.size} checks held" +
          (if (undecided > 0) s", $undecided inconclusive" else "") +
          CapacityText.judged(gate.capacity).fold("")(c => s"; $c")
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

  def render(summary: RunSummary): String =
    summary.gate.filterNot(_ => summary.hasFigures).fold(renderFigures(summary))(renderWithoutFigures(summary, _))

  private def renderFigures(summary: RunSummary): String = {
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
      run.shardedRunId.fold("")(id => s"- Shard of run ${escape(id)}"),
      run.start.fold("")(start => s"- Common start: ${ShardSections.start(start)}"),
      if (run.overrides.nonEmpty) s"- Overrides: ${overrides(run.overrides)}" else ""
    ).filter(_.nonEmpty).mkString("\n")
    summary.shardOverlap.foreach(o => sections += ShardSections.markdown(o))
    summary.gate.foreach(gate => sections ++= results.render.CapacityText.markdown(gate.capacity))
    if (SystemSections.shown(summary)) sections ++= SystemsMarkdown.render(summary)
    else {
      sections += s"## Requests (times in ms; percentiles: ${summary.settings.percentileSource})\n\n${statsTable(summary)}"
      sections += SectionsMarkdown.transactions(summary)
    }
    sections += intervalsTable(summary)
    if (summary.sessions.nonEmpty) sections += SectionsMarkdown.sessions(summary.sessions)
    summary.steady.degradation.foreach(d => sections += SectionsMarkdown.degradation(d))
    if (summary.errors.nonEmpty) sections += SectionsMarkdown.errors(summary.errors)
    summary.duplicateLocks.foreach(d => sections += SectionsMarkdown.duplicateLocks(d))
    sections += SectionsMarkdown.apdex(summary)
    summary.tallies.foreach(tally => sections += SectionsMarkdown.tally(tally))
    if (summary.windows.nonEmpty) sections += WindowsMarkdown.windows(summary)
    summary.curves.filter(_.points.nonEmpty).foreach(c => sections += WindowsMarkdown.curve(c))
    summary.gate.foreach(gate => sections += SectionsMarkdown.gate(gate))
    if (summary.warnings.nonEmpty)
      sections += ("## Warnings\n\n" + summary.warnings.map(w => s"- ${escape(w)}").mkString("\n"))
    sections.result().mkString("", "\n\n", "\n")
  }

  /** The console's and summary.md's line for a run whose simulation has no groups. */
  val NoTransactions = "Transactions per hour: none (this simulation defines no transactions)"

  /** The page of a run stopped before its end with no figures to show: its plan, and how long it ran. */
  private def renderWithoutFigures(summary: RunSummary, verdict: GateVerdict): String = {
    val (run, completion) = (summary.run, summary.completion)
    val planned = Seq(
      completion.plannedUsers.map(u => s"$u users"),
      completion.plannedDurationMs.map(ms => s"${number(ms / 1000.0)} s")
    ).flatten
    val ran = completion.actualDurationMs.fold("unknown")(ms => s"${number(ms / 1000.0)} s")
    Seq(
      s"# ${verdict.label}: ${escape(run.simulation)}, run ${escape(run.runId)}\n\n${verdict.label}: no figures, " +
        (verdict.incomplete.map(_.text) :+ "simulation.log held nothing to summarise").mkString("; ") + ".",
      Seq(
        s"- Systems: ${escape(run.systems.mkString(", "))}; target: ${escape(run.target)}; profile: ${escape(run.profile)}; shard: ${run.shard}",
        s"- Plan: ${if (planned.isEmpty) "not recorded"
          else planned.mkString(", ")}; ran: $ran (INCOMPLETE)"
      ).mkString("\n"),
      (Seq(s"## Gate: ${verdict.label}", "") ++ (verdict.incomplete.map(_.text) ++ verdict.warnings).map(r =>
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
    val ran = c.actualDurationMs.fold("unknown")(seconds)
    s"- Plan: ${if (planned.isEmpty) "not recorded" else planned.mkString(", ")}; ran: ${c.startedUsers} users started, " +
      s"${c.endedUsers} finished, $ran${if (c.complete) "" else " (INCOMPLETE)"}"
  }

}
