package results.model

/** A stretch of the run the load profile marks out, e.g. the steady state, one cycle, or one concurrency
  * level and repeat (kind [[WindowKind.Level]], label [[WindowLabel.Level]]). A window that ends at or before
  * its start is kept as recorded here (a run is never lost over it); the summary leaves it out with a warning.
  */
final case class RunWindow(kind: WindowKind, label: WindowLabel, startEpochMs: Long, endEpochMs: Long) {
  def isEmpty: Boolean = endEpochMs <= startEpochMs
  def contains(epochMs: Long): Boolean = epochMs >= startEpochMs && epochMs < endEpochMs
  def durationMs: Long = endEpochMs - startEpochMs
}

/** A window planned at fixed offsets from the run's start (a profile's steady phase, its cycles): the
  * results step resolves it against the start its simulation.log records.
  */
final case class PlannedWindow(kind: WindowKind, label: WindowLabel, fromMs: Long, toMs: Long) {
  def at(runStartEpochMs: Long): RunWindow = RunWindow(kind, label, runStartEpochMs + fromMs, runStartEpochMs + toMs)
}
