package results.archive

import results.model.{ Completion, Entry, Figures, Problem, Span, SteadySource, SteadyState, TransactionRate, WorkDone }

import results.summarize.LatencyAccumulator

import config.InputError

import Json.iso
import text.Formats.round
import SummaryDocument.Steady

/** The figures summary.json writes for the run, each of its windows and each system: an entry (a request, a
  * group, the global line), a steady window, transactions and the run's completion.
  */
private[results] object FiguresJson {
  def entry(e: Entry): SummaryDocument.Entry = {
    val (f, m) = (e.figures, e.mergeable)
    val p = f.percentilesMs
    SummaryDocument.Entry(
      e.name,
      e.path,
      f.count,
      f.ok,
      f.ko,
      round(f.koPercent, 2),
      round(f.requestsPerSecond, 3),
      f.minMs,
      p(50),
      p(75),
      p(90),
      p(95),
      p(99),
      p(99.9),
      Figures.Ranks.flatMap(rank =>
        f.intervalsMs.get(rank).map(i => SummaryDocument.Interval(rank, i.lowerMs, i.upperMs))
      ),
      f.maxMs,
      f.meanMs,
      f.stdDevMs,
      f.slowCount,
      f.slowThresholdMs,
      f.apdex,
      m,
      e.span.map(_.startEpochMs),
      e.span.map(_.endEpochMs),
      e.span.map(_ => round(e.activeRequestsPerSecond, 3))
    )
  }

  /** Summaries written before spans were kept have none. Intervals are worked out from the histogram again, at
    * the summary's `confidencePercent`: those of older summaries too.
    */
  def entry(e: SummaryDocument.Entry, confidencePercent: Double): Entry = {
    Entry(
      e.path,
      Figures(
        e.count,
        e.ok,
        e.ko,
        e.requestsPerSecond,
        e.minMs,
        Map(
          50.0 -> e.p50Ms,
          75.0 -> e.p75Ms,
          90.0 -> e.p90Ms,
          95.0 -> e.p95Ms,
          99.0 -> e.p99Ms,
          99.9 -> e.p999Ms
        ),
        LatencyAccumulator.intervals(e.mergeable, e.maxMs, confidencePercent),
        e.maxMs,
        e.meanMs,
        e.stdDevMs,
        e.slowCount,
        e.slowThresholdMs,
        e.apdex
      ),
      e.mergeable,
      e.firstStartEpochMs.map(start =>
        Span(
          start,
          e.lastEndEpochMs.getOrElse(throw new InputError(
            s"summary entry '${e.name}': firstStartEpochMs without lastEndEpochMs"
          ))
        )
      )
    )
  }

  /** The model's own rate, rounded as it is shown. */
  def transaction(t: TransactionRate): TransactionRate = t.copy(perHour = round(t.perHour, 1))

  /** A steady window and what ran in it: the run's, or one system's. */
  def steady(s: SteadyState, withTransactionsPerHour: Boolean = true): Steady = {
    Steady(
      s.source.text,
      iso(s.startEpochMs),
      iso(s.endEpochMs),
      s.startEpochMs,
      s.endEpochMs,
      s.coveredMs,
      s.requests,
      round(s.requestsPerSecond, 3),
      Option.when(withTransactionsPerHour)(round(s.transactionsPerHour, 1)),
      s.transactions.map(transaction),
      s.degradation
    )
  }

  def steady(s: Steady): SteadyState = {
    SteadyState(
      s.startEpochMs,
      s.endEpochMs,
      s.coveredMs,
      SteadySource.named(
        s.source
      ).getOrElse(throw new InputError(s"steady source '${s.source}' is none the suite writes")),
      s.requests,
      s.transactions,
      s.degradation
    )
  }

  def completion(c: Completion): SummaryDocument.Completion =
    SummaryDocument.Completion(
      c.complete,
      c.startedUsers,
      c.endedUsers,
      c.plannedUsers,
      c.plannedDurationMs,
      c.actualDurationMs,
      c.problems.map(ProblemDocument.document),
      WorkDone.elapsedMs(c.work),
      c.work
    )

  /** `problem` reads each stored problem back ([[ProblemDocument.problem]]). */
  def completion(c: SummaryDocument.Completion, problem: ProblemDocument.Stored => Problem): Completion =
    Completion(
      c.plannedUsers,
      c.startedUsers,
      c.endedUsers,
      c.plannedDurationMs,
      c.actualDurationMs,
      c.problems.map(problem),
      c.work
    )
}
