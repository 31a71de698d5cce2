package results.summarize

import results.model.{
  Degradation,
  QuarterFigures,
  RunWindow,
  SteadyState,
  SystemRecord,
  SystemSummary,
  TransactionRate,
  WindowLabel
}

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess._

/** Each system's figures, filled in the summary's one walk over the log (see [[RunSummarizer]]).
  *
  * A system's steady window is its profile's (recorded in run.json), counted exactly as the records go by;
  * a system whose profile marks none (a sweep) gets its own span less `results.steadyWindow`'s exclusions,
  * known only once the walk has seen its last request: its steady figures are then counted from per-second
  * buckets of its request starts and its transactions' OK ends (bounded by the run's length in seconds).
  */
private[results] final class SystemFigures(
    records: Seq[SystemRecord],
    runStartEpochMs: Long,
    settings: ResultsSettings,
    useGroupDuration: Boolean
) {
  val ownership = new SystemSummary.Ownership(records)

  private final class Collector(val record: SystemRecord) {
    val marked: Option[RunWindow] = record.steadyAt(runStartEpochMs).filterNot(_.isEmpty)
    val global = new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs)
    var firstStart = Long.MaxValue
    var lastEnd = Long.MinValue
    val requestStarts = mutable.LinkedHashMap.empty[List[String], Long]
    val groupStarts = mutable.LinkedHashMap.empty[List[String], Long]
    var startedUsers = 0L
    var endedUsers = 0L
    var steadyRequests = 0L
    val steadyCompleted: mutable.Map[List[String], Long] = mutable.Map.empty.withDefaultValue(0L)
    // Without a marked window: requests started and OK transactions ended, per second from the run's start.
    val startsPerSecond: mutable.Map[Long, Long] = mutable.Map.empty.withDefaultValue(0L)
    val completedPerSecond: mutable.Map[(List[String], Long), Long] = mutable.Map.empty.withDefaultValue(0L)
    val quarters: Option[((RunWindow, RunWindow), (LatencyAccumulator, LatencyAccumulator))] =
      marked.flatMap { w =>
        val quarterMs = w.durationMs / 4
        Option.when(quarterMs > 0)(
          (
            RunWindow(w.kind, WindowLabel.FirstQuarter, w.startEpochMs, w.startEpochMs + quarterMs),
            RunWindow(w.kind, WindowLabel.LastQuarter, w.endEpochMs - quarterMs, w.endEpochMs)
          ) -> (
            new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs),
            new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs)
          )
        )
      }
  }

  private val collectors = records.map(r => r.key -> new Collector(r)).toMap
  private def second(epochMs: Long) = (epochMs - runStartEpochMs) / 1000

  val collect: LogRecord => Unit = {
    case r: RequestRecorded =>
      val path = r.groupHierarchy :+ r.name
      ownership.ofRequest(path).flatMap(collectors.get).foreach { c =>
        c.global.record(r.responseTimeMs, r.ok)
        c.firstStart = math.min(c.firstStart, r.startEpochMs)
        c.lastEnd = math.max(c.lastEnd, r.endEpochMs)
        if (r.startEpochMs < c.requestStarts.getOrElse(path, Long.MaxValue)) c.requestStarts(path) = r.startEpochMs
        c.marked match {
          case Some(w) => if (w.contains(r.startEpochMs)) c.steadyRequests += 1
          case None    => c.startsPerSecond(second(r.startEpochMs)) += 1
        }
        c.quarters.foreach { case ((firstWindow, lastWindow), (first, last)) =>
          if (firstWindow.contains(r.startEpochMs)) first.record(r.responseTimeMs, r.ok)
          if (lastWindow.contains(r.startEpochMs)) last.record(r.responseTimeMs, r.ok)
        }
      }
    case g: GroupRecorded =>
      ownership.ofGroup(g.hierarchy).flatMap(collectors.get).foreach { c =>
        if (g.startEpochMs < c.groupStarts.getOrElse(g.hierarchy, Long.MaxValue))
          c.groupStarts(g.hierarchy) = g.startEpochMs
        if (g.ok) c.marked match {
          case Some(w) => if (w.contains(g.endEpochMs)) c.steadyCompleted(g.hierarchy) += 1
          case None    => c.completedPerSecond((g.hierarchy, second(g.endEpochMs))) += 1
        }
      }
    case u: UserRecorded =>
      collectors.values.find(_.record.runs(u.scenario)).foreach { c =>
        if (u.started) c.startedUsers += 1 else c.endedUsers += 1
      }
  }

  /** Each system that sent at least one request, in the order the run recorded them. */
  def summaries(degradationMinSamples: Long): Seq[SystemSummary] =
    records.map(r => collectors(r.key)).filter(_.global.count > 0).map { c =>
      val spanMs = c.lastEnd - c.firstStart
      val seconds = math.max(1.0, math.ceil(spanMs / 1000.0))
      val (window, source) = c.marked.map(_ -> "profile").getOrElse {
        val start = c.firstStart + settings.steadyExcludeStartMs
        val end = c.lastEnd - settings.steadyExcludeEndMs
        if (end > start) (RunWindow(RunWindow.Steady, WindowLabel.Configured, start, end), "configured")
        else
          (
            RunWindow(RunWindow.Steady, WindowLabel.WholeRun, c.firstStart, math.max(c.lastEnd, c.firstStart + 1)),
            "whole run"
          )
      }
      val (requests, completed) =
        if (c.marked.nonEmpty) (c.steadyRequests, c.steadyCompleted.toMap)
        else if (source == "whole run")
          (c.global.count, c.completedPerSecond.toSeq.groupMapReduce(_._1._1)(_._2)(_ + _))
        else {
          // whole seconds from the run's start that fall in the window
          val (from, to) = (second(window.startEpochMs + 999), second(window.endEpochMs))
          def inside(s: Long) = s >= from && s < to
          (
            c.startsPerSecond.collect { case (s, n) if inside(s) => n }.sum,
            c.completedPerSecond.toSeq.collect { case ((path, s), n) if inside(s) => path -> n }.groupMapReduce(_._1)(
              _._2
            )(_ + _)
          )
        }
      val degradation = c.quarters.collect {
        case (_, (first, last)) if first.count > 0 && last.count > 0 =>
          def figures(q: LatencyAccumulator) = QuarterFigures(q.count, q.percentileMs(95), q.percentileMs(99))
          Degradation(figures(first), figures(last), degradationMinSamples)
      }
      SystemSummary(
        key = c.record.key,
        profile = c.record.profile,
        scenarios = c.record.scenarios,
        requests = c.requestStarts.toSeq.sortBy(_._2).map(_._1),
        groups = c.groupStarts.toSeq.sortBy { case (path, start) => (start, path.size) }.map(_._1),
        global = c.global.entry(Nil, seconds).get,
        startEpochMs = c.firstStart,
        endEpochMs = c.lastEnd,
        steady = SteadyState(
          window.startEpochMs,
          window.endEpochMs,
          window.durationMs,
          source,
          requests,
          SystemFigures.rates(completed, window.durationMs),
          degradation
        ),
        plannedUsers = c.record.plannedUsers,
        startedUsers = c.startedUsers,
        endedUsers = c.endedUsers
      )
    }
}

object SystemFigures {

  /** Completed transactions per hour of a window `durationMs` long, by path. */
  def rates(completed: collection.Map[List[String], Long], durationMs: Long): Seq[TransactionRate] =
    completed.toSeq.sortBy(_._1.mkString("\u0000")).map { case (path, count) =>
      TransactionRate(path, count, if (durationMs > 0) count * 3600000.0 / durationMs else 0.0)
    }
}
