package results.history

import results.model.{ Entry, GateVerdict, PercentileInterval, RunContext, RunShard, RunSummary, Verdict }

import text.Formats.round

/** What makes runs comparable: runs of other settings are series of their own, never mixed. */
final case class SeriesSettings(
    simulation: String,
    target: String,
    profile: String,
    shard: RunShard,
    loadOverrides: Map[String, String]
)

/** One request path of one system in one run: its figures and, where the suite measured it, its latency
  * histogram (HdrHistogram's compressed encoding, base64), from which any percentile can be recomputed.
  *
  * @param count     None for figures imported without it
  * @param intervals each percentile's confidence interval, at the record's confidence, where the run reported one
  *                  (none in figures imported, nor in records written before they were kept)
  */
final case class PathFigures(
    system: String,
    path: String,
    count: Option[Long],
    values: Map[SeriesMetric, Double],
    histogram: Option[String],
    intervals: Map[SeriesMetric, PercentileInterval] = Map.empty
)

/** What the target said it was running after a run: the version of the whole target, and of each system that
  * tells its own (a system deployed on its own).
  */
final case class DeployedVersions(run: Option[String], bySystem: Map[String, String] = Map.empty) {
  def of(system: String): Option[String] = bySystem.get(system).orElse(run)
}

object DeployedVersions {
  val Untold: DeployedVersions = DeployedVersions(None)
}

/** One gated run as the history keeps it.
  *
  * @param deployedVersion the version the target said it was running, where it tells
  * @param systemVersions  the version each system said it was running, where it tells its own
  * @param verdict         the gate's; INVALID and INCOMPLETE runs are kept, marked by it, and left out of every
  *                        series; None for figures imported from a team's own table, which no gate judged
  * @param release         whether it was judged as a release (`results.history.gate` on): the last passing one is
  *                        where the release gate's search for change points starts
  * @param confidencePercent the confidence of its percentiles' intervals; None where it has none
  */
final case class HistoryRecord(
    runId: String,
    commit: String,
    startEpochMs: Long,
    settings: SeriesSettings,
    deployedVersion: Option[String],
    verdict: Option[Verdict],
    figures: Seq[PathFigures],
    release: Boolean = false,
    systemVersions: Map[String, String] = Map.empty,
    confidencePercent: Option[Double] = None
) {
  def inSeries: Boolean = verdict.forall(HistoryRecord.inSeries)

  /** The version `system` was running: its own, where it tells it, else the target's. */
  def deployedVersionOf(system: String): Option[String] = DeployedVersions(deployedVersion, systemVersions).of(system)
}

object HistoryRecord {

  /** A run that did not complete its plan, or whose injector was the bottleneck, measured nothing to follow. One
    * that did is followed whatever its gate said: an INCONCLUSIVE night (a rare path's p99 its samples could not
    * decide) measured all the same, and a drift shows best over every such night.
    */
  def inSeries(verdict: Verdict): Boolean = verdict != Verdict.Invalid && verdict != Verdict.Incomplete

  /** The record of a gated run: each system's requests together and each of its request paths. */
  def of(
      summary: RunSummary,
      verdict: GateVerdict,
      deployed: DeployedVersions,
      release: Boolean
  ): HistoryRecord = {
    val run = summary.run
    val perSystem: Seq[(String, Entry)] =
      if (summary.systems.nonEmpty)
        summary.systems.flatMap(s => (s.global +: s.requests.flatMap(summary.entry)).map(s.key -> _))
      else (summary.global +: summary.requests).map(run.systems.mkString(",") -> _)
    HistoryRecord(
      run.runId,
      run.gitCommit,
      run.startEpochMs,
      SeriesSettings(run.simulation, run.target, run.profile, run.shard, RunContext.loadOverrides(run.overrides)),
      deployed.run,
      Some(verdict.verdict),
      perSystem.filter(_._2.figures.count > 0).map { case (system, entry) => figures(system, entry) },
      release,
      deployed.bySystem,
      Some(summary.settings.confidencePercent)
    )
  }

  private def figures(system: String, entry: Entry): PathFigures = {
    val f = entry.figures
    PathFigures(
      system,
      entry.name,
      Some(f.count),
      Map(
        SeriesMetric.P50 -> f.p50Ms.toDouble,
        SeriesMetric.P95 -> f.p95Ms.toDouble,
        SeriesMetric.P99 -> f.p99Ms.toDouble,
        SeriesMetric.Ko -> round(f.koPercent, 3),
        SeriesMetric.Throughput -> round(entry.activeRequestsPerSecond, 3)
      ),
      Some(entry.mergeable.histogram),
      SeriesMetric.All.flatMap(m => m.percentile.flatMap(f.intervalsMs.get).map(m -> _)).toMap
    )
  }
}
