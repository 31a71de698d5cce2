package results

import results.archive.HistoryStore
import results.gate.BaselinePolicy
import results.history.{ DeployedVersions, HistoryGate, HistoryRecord }
import results.model.{ GateCheck, GateVerdict, RunSummary }
import results.summarize.ResultsSettings

import java.nio.file.Path

import scala.util.control.NonFatal

import config.InputError

/** The results step's part in the history (docs/history.md): the gated run's record kept, the release gate told
  * by the change points, and the version the target says it runs.
  */
private[results] object HistoryStep {

  /** The release gate told by the history (`results.history.gate`): the change points since the last release that
    * raised a gated percentile by more than the baseline policy, as failing checks; files of the history left out
    * are warnings.
    */
  def checks(
      resultsRoot: Path,
      summary: RunSummary,
      verdict: GateVerdict,
      policy: BaselinePolicy,
      deployed: DeployedVersions
  ): (Seq[GateCheck], Seq[String]) = {
    val history = HistoryStore.read(HistoryStore.folder(resultsRoot))
    val run = HistoryRecord.of(summary, verdict, deployed, release = true)
    (HistoryGate.checks(run, history, policy), history.unread.map(u => s"history: ${u.file} left out: ${u.reason}"))
  }

  /** What the target says it runs, where the settings say where it tells, and each of the run's `systems` that
    * tells its own (a warning for each that does not).
    */
  def deployedVersions(settings: ResultsSettings, systems: Seq[String]): DeployedVersions = {
    def read(url: java.net.URI, header: Option[String]): Option[String] =
      DeployedVersion.read(url, header) match {
        case Right(version) => Some(version)
        case Left(why)      => println(s"results: WARNING $why"); None
      }
    DeployedVersions(
      settings.deployedVersionUrl.flatMap(read(_, settings.deployedVersionHeader)),
      systems.distinct.flatMap(s =>
        settings.systemVersionSources.get(s).flatMap(v => read(v.url, v.header)).map(s -> _)
      )
        .toMap
    )
  }

  /** The gated run's record in the history (results/history/); one that cannot be written is a warning: the run
    * and its verdict stand.
    */
  def keep(resultsRoot: Path, record: => HistoryRecord): Unit =
    try { HistoryStore.append(HistoryStore.folder(resultsRoot), record); () }
    catch { case NonFatal(e) => println(s"results: WARNING history not written: ${InputError.oneLine(e)}") }
}
