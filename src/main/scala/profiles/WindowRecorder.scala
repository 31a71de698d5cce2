package profiles

import scala.collection.mutable
import scala.concurrent.duration.FiniteDuration

import results.{ PlannedWindow, RunWindow }

/** Collects the windows of a run (stretches the results are split by; see [[results.RunWindow]]).
  *
  * Windows planned at fixed offsets from the run's start (a steady phase, the cycles) are kept as
  * offsets: the results step resolves them against the start the run's simulation.log records.
  * Windows whose times depend on the system's speed (fixed work, sweep levels) are recorded by the
  * workers themselves; only those that have both started and ended, and last longer than 0 ms, are
  * listed: a zero-length window holds no requests and says nothing.
  */
final class WindowRecorder {
  private val plans = mutable.ArrayBuffer.empty[PlannedWindow]
  private val recorded = mutable.LinkedHashMap.empty[(String, String), (Long, Long)]

  def planned: Seq[PlannedWindow] = synchronized(plans.toSeq)

  def measured: Seq[RunWindow] = synchronized {
    recorded.toSeq
      .collect { case ((kind, label), (start, end)) if end > start => RunWindow(kind, label, start, end) }
      .sortBy(w => (w.startEpochMs, w.label))
  }

  private[profiles] def plan(kind: String, label: String, from: FiniteDuration, to: FiniteDuration): Unit =
    synchronized(plans += PlannedWindow(kind, label, from.toMillis, to.toMillis))

  /** The earliest start and the latest end reported for a window count: workers start and end at different times. */
  private[profiles] def started(kind: String, label: String, epochMs: Long): Unit = synchronized {
    val (start, end) = recorded.getOrElse((kind, label), (Long.MaxValue, Long.MinValue))
    recorded((kind, label)) = (math.min(start, epochMs), end)
  }

  private[profiles] def ended(kind: String, label: String, epochMs: Long): Unit = synchronized {
    val (start, end) = recorded.getOrElse((kind, label), (Long.MaxValue, Long.MinValue))
    recorded((kind, label)) = (start, math.max(end, epochMs))
  }
}
