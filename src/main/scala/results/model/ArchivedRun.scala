package results.model

import java.nio.file.Path

/** An archived run as the index lists it; `summary` is None when the run could not be summarised.
  *
  * @param unreadable      why its summary.json, which exists, cannot be read (a corrupt or older file)
  * @param folderEpochMs   when its folder last changed: its place in time when it has no summary
  */
final case class ArchivedRun(
    dir: Path,
    context: Option[RunContext],
    summary: Option[RunSummary],
    unreadable: Option[String],
    folderEpochMs: Long
) {
  def name: String = dir.getFileName.toString
  def simulation: String = summary.map(_.run.simulation).orElse(context.map(_.simulation)).getOrElse("?")
  def startEpochMs: Long = summary.map(_.run.startEpochMs).getOrElse(folderEpochMs)
  def passed: Boolean = summary.flatMap(_.gate).exists(_.passed)
}
