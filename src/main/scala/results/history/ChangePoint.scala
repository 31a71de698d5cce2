package results.history

/** One series: a figure of one request path of one system, over the runs of one set of settings. */
final case class SeriesKey(settings: SeriesSettings, system: String, path: String, metric: SeriesMetric)

/** A run's value in a series. */
final case class SeriesPoint(
    runId: String,
    commit: String,
    startEpochMs: Long,
    deployedVersion: Option[String],
    value: Double
)

/** A lasting change in a series: the level of the runs from `began` on differs from the level before.
  *
  * @param before the mean of the runs since the previous change point (or the series' start)
  * @param after  the mean of the runs from `began` to the next change point (or the series' end)
  * @param at     where in the series (of the runs searched) it began
  * @param pValue the p-value of the split (Student's t, multiplied by the places it could have been)
  * @param accepted the acceptance of it, where a team has looked at it and accepted it
  */
final case class ChangePoint(
    key: SeriesKey,
    began: SeriesPoint,
    at: Int,
    before: Double,
    after: Double,
    pValue: Double,
    accepted: Option[Acceptance] = None
) {

  /** Its relative size, (after - before) / before; None where the level before was 0 (no failures, say). */
  def change: Option[Double] = Option.when(before != 0)((after - before) / before)

  /** Whether the figure got worse: slower, more failures, or fewer requests/s. */
  def worse: Boolean = if (key.metric.higherIsWorse) after > before else after < before
}

/** A change point a team has looked at and accepted, with why: it no longer fails the release gate. */
final case class Acceptance(
    system: String,
    path: String,
    metric: SeriesMetric,
    runId: String,
    reason: String,
    acceptedEpochMs: Long
) {
  def covers(point: ChangePoint): Boolean =
    point.key.system == system && point.key.path == path && point.key.metric == metric && point.began.runId == runId
}
