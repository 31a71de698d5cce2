package results.history

import results.gate.BaselinePolicy
import results.model.{ Entry, GateCheck, Metric, SystemSummary, Verdict }

/** The release gate told by the history (`results.history.gate`): a change point in one of the run's series that
  * began since the last release (the last passing run judged as one) and raised p95 or p99 by more than the
  * baseline policy allows (`baseline.maxP99IncreasePercent`) fails the gate, naming the run where it began,
  * unless a team accepted it.
  */
object HistoryGate {
  private val Gated: Set[SeriesMetric] = Set(SeriesMetric.P95, SeriesMetric.P99)

  /** The failing checks: one per such change point of `run`'s settings, in the history with `run` added. */
  def checks(
      run: HistoryRecord,
      history: HistoryContents,
      policy: BaselinePolicy
  ): Seq[GateCheck] = {
    val others = history.records.filterNot(_.runId == run.runId)
    val lastRelease = others
      .filter(r => r.release && r.settings == run.settings && r.verdict.contains(Verdict.Pass))
      .filter(_.startEpochMs < run.startEpochMs)
      .map(_.startEpochMs)
      .maxOption
    History.changePoints(others :+ run, history.acceptances, EDivisive.forPolicy(policy))
      .filter(c => c.key.settings == run.settings && Gated(c.key.metric) && c.accepted.isEmpty && c.worse)
      .filter(c => lastRelease.forall(c.began.startEpochMs > _))
      .flatMap(c =>
        c.change.map(_ * 100).filter(_ > policy.maxP99IncreasePercent).map { rise =>
          val subject = if (c.key.path == Entry.GlobalName) SystemSummary.subject(c.key.system) else c.key.path
          val rank = c.key.metric.percentile.getOrElse(99.0)
          GateCheck(
            subject,
            Metric.ChangePointRise(rank, c.began.runId),
            Some(rise),
            policy.maxP99IncreasePercent,
            true
          )
        }
      )
  }
}
