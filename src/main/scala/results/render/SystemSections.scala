package results.render

import text.Formats

import results.gate.SystemVerdicts
import results.model.{
  Entry,
  EntryNesting,
  Figures,
  GateCheck,
  GateVerdict,
  Metric,
  RunSummary,
  SystemSummary,
  Unjudged,
  Verdict,
  VerdictWord
}

/** What summary.md and run.html show of a run of several systems, read once from the model: a table of the
  * systems (verdict, users against plan, requests/s, p99 with its interval against its limit, KO), then one section per system
  * with its requests in journey order, each request's rate over the interval it ran in.
  */
object SystemSections {

  /** @param plannedUsers None where the system's speed decides how many users start (closed shapes)
    * @param p99LimitMs   its own global p99 limit, where the gate checked one
    */
  final case class Row(system: SystemSummary, checks: Seq[GateCheck], p99LimitMs: Option[Double]) {
    def key: String = system.key

    /** The verdict the gate stored on it; NO VERDICT where the run was not gated. */
    def verdict: VerdictWord = system.verdict.getOrElse(Unjudged.NoVerdict)
    def passed: Boolean = system.verdict.contains(Verdict.Pass)
    def figures: Figures = system.global.figures
    def users: String = system.plannedUsers.fold(s"${system.startedUsers} (no fixed plan)")(p =>
      s"${system.startedUsers} of $p"
    )
    def p99: String =
      RequestColumns.percentile(figures, 99) + p99LimitMs.fold("")(l => s" (limit ${Formats.checkValue(l)})")
    def failed: Seq[GateCheck] = checks.filter(_.failed)
    def failedOfAll: String = s"${failed.size} of ${checks.size}"
    def spanSeconds: Double = (system.endEpochMs - system.startEpochMs) / 1000.0

    /** Transactions per hour in its steady window; None when it defines no transactions. */
    def transactionsPerHour: Option[Double] = Option.when(system.groups.nonEmpty)(system.steady.transactionsPerHour)
  }

  /** Read system by system: a run of several systems whose requests the run recorded by system. */
  def shown(s: RunSummary): Boolean = s.systems.size > 1

  def rows(s: RunSummary): Seq[Row] =
    s.systems.map { system =>
      val checks = s.gate.fold(Seq.empty[GateCheck])(system.checks)
      Row(
        system,
        checks,
        checks.find(c => c.subject == system.subject && c.metric == Metric.Percentile(99)).map(_.allowed)
      )
    }

  /** Its rows in Gatling's nesting order (all its requests first, then each group followed by what is in
    * it; siblings in the order they first ran). Renderers show each at its rate over the interval it ran in
    * ([[Entry.activeRequestsPerSecond]]; its requests together: over its span).
    */
  def entries(s: RunSummary, system: SystemSummary): Seq[(Entry, Int)] = {
    val own = system.requests.toSet
    val groups = system.groups.toSet
    EntryNesting.rows(system.global, s.requests.filter(r => own(r.path)), s.groups.filter(g => groups(g.path)))
  }

  /** The failed checks a reader sees first: each one, or for a run read by system, the run's own and one
    * line per system that failed any (its section lists them), so that the table of systems stays in view.
    */
  def failureLines(s: RunSummary, gate: GateVerdict): Seq[String] =
    if (!shown(s)) (gate.failures ++ gate.inconclusive).map(c => s"${c.name}: ${c.outcome}")
    else
      SystemVerdicts.runChecks(s, gate).filter(c => c.failed || c.inconclusive).map(c => s"${c.name}: ${c.outcome}") ++
        rows(s).filter(_.failed.isEmpty).flatMap(r =>
          r.checks.filter(_.inconclusive).map(c => s"${c.name}: ${c.outcome}")
        ) ++
        rows(s).filter(_.failed.nonEmpty).map(r =>
          s"${r.key}: ${r.failedOfAll} checks failed (${r.failed.take(
              2
            ).map(_.name).mkString(", ")}${if (r.failed.size > 2) ", ..." else ""})"
        )

  /** Requests no system was answered on (every try failed before an answer): listed apart, never dropped. */
  def unowned(s: RunSummary): Seq[Entry] = {
    val owned = s.systems.flatMap(_.requests).toSet
    s.requests.filterNot(r => owned(r.path))
  }

  /** "raid: 12:00:05 to 12:01:05 UTC (60 s); steady window 12:00:35 to 12:01:05 (profile): 10 requests/s". */
  def describe(row: Row): String = {
    val steady = row.system.steady
    val transactions = row.transactionsPerHour.fold("")(t => s", ${Formats.number(t)} transactions/h")
    s"Profile ${row.system.profile}; users ${row.users}; ran ${Formats.utc(row.system.startEpochMs)} to " +
      s"${Formats.utc(row.system.endEpochMs)} UTC (${Formats.number(row.spanSeconds)} s) at " +
      s"${Formats.number(row.figures.requestsPerSecond)} requests/s; steady window " +
      s"${Formats.utc(steady.startEpochMs)} to ${Formats.utc(steady.endEpochMs)} (${steady.source.text}): " +
      s"${Formats.number(steady.requestsPerSecond)} requests/s$transactions."
  }
}
