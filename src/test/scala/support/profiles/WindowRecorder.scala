package support.profiles

import java.util.concurrent.atomic.AtomicLong

import scala.collection.mutable
import scala.concurrent.duration.FiniteDuration

/** A stretch of a run that the results are split by.
  *
  * `kind` is `steady` (the steady window of a run: the steady phase, the hold, or a whole fixed-work run),
  * `cycle` (one concurrency cycle) or `level` (one level of one repeat of a sweep). Labels carry the
  * whole run's figures, so the windows of all shards of a run have the same labels.
  */
final case class Window(kind: String, label: String, startEpochMs: Long, endEpochMs: Long) {
  def durationMs: Long = endEpochMs - startEpochMs
}

object Window {
  val Steady = "steady"
  val Cycle = "cycle"
  val Level = "level"
}

/** Collects the windows of a run as it happens, for the results tooling to split results by.
  *
  * Windows planned relative to injection start become epoch times once the first user starts; windows
  * whose times depend on the system's speed (fixed work, sweeps) are recorded by the workers themselves.
  * Only windows that have both started and ended, and last longer than 0 ms, are listed: a zero-length
  * window holds no requests and says nothing.
  */
final class WindowRecorder {
  private val planned = mutable.ArrayBuffer.empty[PlannedWindows]
  private val recorded = mutable.LinkedHashMap.empty[(String, String), (Long, Long)]

  def windows: Seq[Window] = synchronized {
    val fromPlans = planned.toSeq.flatMap(_.resolved)
    val fromWorkers = recorded.toSeq.collect { case ((kind, label), (start, end)) if end > start => Window(kind, label, start, end) }
    (fromPlans ++ fromWorkers).sortBy(w => (w.startEpochMs, w.label))
  }

  /** Registers windows at fixed offsets from the injection start of one population.
    * `firstArrival` is when that population's first user is due, so its start time gives injection start.
    */
  private[profiles] def plan(windows: Seq[PlannedWindow], firstArrival: FiniteDuration): PlannedWindows = synchronized {
    val plan = new PlannedWindows(windows, firstArrival)
    planned += plan
    plan
  }

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

private[profiles] final case class PlannedWindow(kind: String, label: String, from: FiniteDuration, to: FiniteDuration)

private[profiles] final class PlannedWindows(windows: Seq[PlannedWindow], firstArrival: FiniteDuration) {
  private val injectionStart = new AtomicLong(PlannedWindows.NotStarted)

  /** Called as every user starts; only the first call counts (a read first, so later users do not contend). */
  def userStarted(epochMs: Long): Unit =
    if (injectionStart.get == PlannedWindows.NotStarted)
      injectionStart.compareAndSet(PlannedWindows.NotStarted, epochMs - firstArrival.toMillis)

  def resolved: Seq[Window] = {
    val start = injectionStart.get
    if (start == PlannedWindows.NotStarted) Nil
    else windows.map(w => Window(w.kind, w.label, start + w.from.toMillis, start + w.to.toMillis))
  }
}

private object PlannedWindows {
  val NotStarted: Long = Long.MinValue
}
