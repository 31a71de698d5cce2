package profiles

import results.model.{ PlannedWindow, RunWindow, WindowKind, WindowLabel, WorkDone }

import java.util.concurrent.atomic.AtomicLong

import scala.collection.mutable
import scala.concurrent.duration.FiniteDuration

/** Collects the windows of a run (stretches the results are split by; see [[results.model.RunWindow]]).
  *
  * Windows planned at fixed offsets from the run's start (a steady phase, the cycles) are kept as
  * offsets: the results step resolves them against the start the run's simulation.log records.
  * Windows whose times depend on the system's speed (fixed work, sweep levels) are recorded by the
  * workers themselves; only those that have both started and ended, and last longer than 0 ms, are
  * listed: a zero-length window holds no requests and says nothing.
  *
  * It also holds how late users started against their schedule ([[LateStarts]]).
  */
final class WindowRecorder {
  val lateStarts = new LateStarts

  private val plans = mutable.ArrayBuffer.empty[PlannedWindow]
  private val plansByScenario = mutable.LinkedHashMap.empty[String, Seq[PlannedWindow]]
  private val recorded = mutable.LinkedHashMap.empty[(WindowKind, WindowLabel), (Long, Long)]
  private val work = mutable.LinkedHashMap.empty[WindowLabel, (String, Long, AtomicLong)]

  def planned: Seq[PlannedWindow] = synchronized(plans.toSeq)

  def measured: Seq[RunWindow] = synchronized {
    recorded.toSeq
      .collect { case ((kind, label), (start, end)) if end > start => RunWindow(kind, label, start, end) }
      .sortBy(w => (w.startEpochMs, w.label.text))
  }

  /** Each fixed-work population's list: how many scenarios it planned and finished, over its window. */
  def workDone: Seq[WorkDone] = synchronized {
    work.toSeq.map { case (label, (scenario, planned, finished)) =>
      val (start, end) = recorded.get((WindowKind.Steady, label)).filter { case (s, e) => e > s }.getOrElse((0L, 0L))
      WorkDone(scenario, planned, finished.get, start, end)
    }
  }

  /** Registers a fixed-work population's list (its window `label`); returns what to call per finished scenario. */
  private[profiles] def work(label: WindowLabel, scenario: String, planned: Long): () => Unit = synchronized {
    val finished = new AtomicLong
    work(label) = (scenario, planned, finished)
    () => { finished.incrementAndGet(); () }
  }

  /** The steady window of the populations `scenarios` (one system's: one per line class), as planned
    * or, for fixed work, as measured; None when their profile marks none (a sweep).
    */
  def steadyOf(scenarios: Seq[String]): Option[Either[PlannedWindow, RunWindow]] = synchronized {
    val planned = scenarios.flatMap(plansByScenario.getOrElse(_, Nil)).filter(_.kind == WindowKind.Steady)
    val worked = work.toSeq.collect { case (label, (scenario, _, _)) if scenarios.contains(scenario) => label }
    val measured = worked.flatMap(label => recorded.get((WindowKind.Steady, label))).filter { case (s, e) => e > s }
    if (planned.nonEmpty)
      Some(Left(PlannedWindow(
        WindowKind.Steady,
        planned.head.label,
        planned.map(_.fromMs).min,
        planned.map(_.toMs).max
      )))
    else
      Option.when(measured.nonEmpty)(
        Right(RunWindow(WindowKind.Steady, worked.head, measured.map(_._1).min, measured.map(_._2).max))
      )
  }

  /** A window planned again (by each population of one profile: one per line class) is listed once. */
  private[profiles] def plan(
      kind: WindowKind,
      label: WindowLabel,
      from: FiniteDuration,
      to: FiniteDuration,
      scenario: String
  )
      : Unit =
    synchronized {
      val window = PlannedWindow(kind, label, from.toMillis, to.toMillis)
      if (!plans.contains(window)) plans += window
      plansByScenario(scenario) = plansByScenario.getOrElse(scenario, Nil) :+ window
    }

  /** The earliest start and the latest end reported for a window count: workers start and end at different times. */
  private[profiles] def started(kind: WindowKind, label: WindowLabel, epochMs: Long): Unit = synchronized {
    val (start, end) = recorded.getOrElse((kind, label), (Long.MaxValue, Long.MinValue))
    recorded((kind, label)) = (math.min(start, epochMs), end)
  }

  private[profiles] def ended(kind: WindowKind, label: WindowLabel, epochMs: Long): Unit = synchronized {
    val (start, end) = recorded.getOrElse((kind, label), (Long.MaxValue, Long.MinValue))
    recorded((kind, label)) = (start, math.max(end, epochMs))
  }
}
