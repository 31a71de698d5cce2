package results.summarize

import results.model.{
  Degradation,
  QuarterFigures,
  RunWindow,
  Span,
  SteadySource,
  SteadyState,
  SystemRecord,
  SystemSummary,
  TransactionRate,
  WindowKind,
  WindowLabel
}

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess._

/** One system's figures, filled in the summary's one walk over the log (see [[RunSummarizer]]): its requests
  * together, when they ran, its users, and its steady window's requests, transactions and degradation. The run
  * reads itself with one too, over every record: for a run of one system its steady window is chosen from the
  * run's plan and span; for several, it is the whole run.
  *
  * A steady window known before the walk (the profile's, or the run's span less `results.steadyWindow`'s
  * exclusions) is counted exactly as the records go by, with its first and last quarters. A system whose
  * profile marks none (a sweep) gets its own span less the exclusions, known only once the walk has seen its
  * last request: its steady figures are then counted from per-second buckets of its request starts and its
  * transactions' OK ends (bounded by the run's length in seconds), without quarters.
  *
  * @param known the steady window and its source, where known before the walk
  */
private[results] final class SystemCollector(
    known: Option[(RunWindow, SteadySource)],
    runStartEpochMs: Long,
    settings: ResultsSettings
) {
  private def newAccumulator() =
    new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs, settings.confidencePercent)

  /** Its requests together. */
  val global: LatencyAccumulator = newAccumulator()
  private var firstStart = Long.MaxValue
  private var lastEnd = Long.MinValue
  private val requestStarts = mutable.LinkedHashMap.empty[List[String], Long]
  private val requestEnds = mutable.HashMap.empty[List[String], Long]
  private val groupStarts = mutable.LinkedHashMap.empty[List[String], Long]
  private var started = 0L
  private var ended = 0L
  private var steadyRequests = 0L
  private val steadyCompleted = mutable.Map.empty[List[String], Long].withDefaultValue(0L)
  // Without a window known before the walk: requests started and OK transactions ended, per second from the run's start.
  private val startsPerSecond = mutable.Map.empty[Long, Long].withDefaultValue(0L)
  private val completedPerSecond = mutable.Map.empty[(List[String], Long), Long].withDefaultValue(0L)
  // The steady window's first and last quarters, by request start time (none in a window under 4 ms).
  private val quarters = known.flatMap { case (w, _) =>
    val quarterMs = w.durationMs / 4
    Option.when(quarterMs > 0)(
      (
        RunWindow(w.kind, WindowLabel.FirstQuarter, w.startEpochMs, w.startEpochMs + quarterMs),
        RunWindow(w.kind, WindowLabel.LastQuarter, w.endEpochMs - quarterMs, w.endEpochMs)
      ) -> (newAccumulator(), newAccumulator())
    )
  }
  private def second(epochMs: Long) = (epochMs - runStartEpochMs) / 1000

  def request(r: RequestRecorded, path: List[String]): Unit = {
    global.record(r.responseTimeMs, r.ok)
    firstStart = math.min(firstStart, r.startEpochMs)
    lastEnd = math.max(lastEnd, r.endEpochMs)
    if (r.startEpochMs < requestStarts.getOrElse(path, Long.MaxValue)) requestStarts(path) = r.startEpochMs
    if (r.endEpochMs > requestEnds.getOrElse(path, Long.MinValue)) requestEnds(path) = r.endEpochMs
    known match {
      case Some((w, _)) => if (w.contains(r.startEpochMs)) steadyRequests += 1
      case None         => startsPerSecond(second(r.startEpochMs)) += 1
    }
    quarters.foreach { case ((firstWindow, lastWindow), (first, last)) =>
      if (firstWindow.contains(r.startEpochMs)) first.record(r.responseTimeMs, r.ok)
      if (lastWindow.contains(r.startEpochMs)) last.record(r.responseTimeMs, r.ok)
    }
  }

  def group(g: GroupRecorded): Unit = {
    if (g.startEpochMs < groupStarts.getOrElse(g.hierarchy, Long.MaxValue)) groupStarts(g.hierarchy) = g.startEpochMs
    if (g.ok) known match {
      case Some((w, _)) => if (w.contains(g.endEpochMs)) steadyCompleted(g.hierarchy) += 1
      case None         => completedPerSecond((g.hierarchy, second(g.endEpochMs))) += 1
    }
  }

  def user(u: UserRecorded): Unit = if (u.started) started += 1 else ended += 1

  def startedUsers: Long = started
  def endedUsers: Long = ended

  /** From its first request's start to its last one's end. */
  def span: Span = Span(firstStart, lastEnd)

  def requestSpan(path: List[String]): Option[Span] =
    for { start <- requestStarts.get(path); end <- requestEnds.get(path) } yield Span(start, end)

  /** Each request path with its first start, in the order they were first seen. */
  def requestFirstStarts: Seq[(List[String], Long)] = requestStarts.toSeq

  /** Its groups by first start, a parent before what is in it. */
  def groupPaths: Seq[List[String]] = groupStarts.toSeq.sortBy { case (path, start) => (start, path.size) }.map(_._1)

  /** Its steady window with the requests that started in it, the transactions that ended OK in it, and (for a
    * window known before the walk) its first quarter's latency against its last's.
    */
  def steady(degradationMinSamples: Long): SteadyState = {
    val (window, source) = known.getOrElse(SystemCollector.steadyWindow(None, firstStart, lastEnd, settings))
    val (requests, completed) =
      if (known.nonEmpty) (steadyRequests, steadyCompleted.toMap)
      else if (source == SteadySource.WholeRun)
        (global.count, completedPerSecond.toSeq.groupMapReduce(_._1._1)(_._2)(_ + _))
      else {
        // whole seconds from the run's start that fall in the window
        val (from, to) = (second(window.startEpochMs + 999), second(window.endEpochMs))
        def inside(s: Long) = s >= from && s < to
        (
          startsPerSecond.collect { case (s, n) if inside(s) => n }.sum,
          completedPerSecond.toSeq.collect { case ((path, s), n) if inside(s) => path -> n }.groupMapReduce(_._1)(
            _._2
          )(_ + _)
        )
      }
    val degradation = quarters.collect {
      case (_, (first, last)) if first.count > 0 && last.count > 0 =>
        def figures(q: LatencyAccumulator) = QuarterFigures(q.count, q.percentileMs(95), q.percentileMs(99))
        Degradation(figures(first), figures(last), degradationMinSamples)
    }
    SteadyState(
      window.startEpochMs,
      window.endEpochMs,
      window.durationMs,
      source,
      requests,
      SystemCollector.rates(completed, window.durationMs),
      degradation
    )
  }
}

object SystemCollector {

  /** The steady window: the one the profile marked; else from `start` to `end` less `results.steadyWindow`'s
    * exclusions; else, when those leave nothing, all of it.
    */
  def steadyWindow(
      marked: Option[RunWindow],
      start: Long,
      end: Long,
      settings: ResultsSettings
  ): (RunWindow, SteadySource) =
    marked match {
      case Some(window) => (window, SteadySource.Profile)
      case None         =>
        val from = start + settings.steadyExcludeStartMs
        val to = end - settings.steadyExcludeEndMs
        if (to > from) (RunWindow(WindowKind.Steady, WindowLabel.Configured, from, to), SteadySource.Configured)
        else wholeRun(start, end)
    }

  /** All of a run (or a system's span) as its steady window: at least 1 ms long. */
  def wholeRun(start: Long, end: Long): (RunWindow, SteadySource) =
    (RunWindow(WindowKind.Steady, WindowLabel.WholeRun, start, math.max(end, start + 1)), SteadySource.WholeRun)

  /** Completed transactions per hour of a window `durationMs` long, by path. */
  def rates(completed: collection.Map[List[String], Long], durationMs: Long): Seq[TransactionRate] =
    completed.toSeq.sortBy(_._1.mkString("\u0000")).map { case (path, count) =>
      TransactionRate(path, count, if (durationMs > 0) count * 3600000.0 / durationMs else 0.0)
    }

  /** Every system of the run, each read by its own [[SystemCollector]]: a record goes to the system that owns it. */
  final class BySystem(records: Seq[SystemRecord], runStartEpochMs: Long, settings: ResultsSettings) {
    val ownership = new SystemSummary.Ownership(records)

    private val collectors = records.map { r =>
      val marked = r.steadyAt(runStartEpochMs).filterNot(_.isEmpty)
      r.key -> new SystemCollector(marked.map(_ -> SteadySource.Profile), runStartEpochMs, settings)
    }.toMap

    val collect: LogRecord => Unit = {
      case r: RequestRecorded =>
        val path = r.groupHierarchy :+ r.name
        ownership.ofRequest(path).flatMap(collectors.get).foreach(_.request(r, path))
      case g: GroupRecorded => ownership.ofGroup(g.hierarchy).flatMap(collectors.get).foreach(_.group(g))
      case u: UserRecorded  => records.find(_.runs(u.scenario)).foreach(r => collectors(r.key).user(u))
    }

    /** Each system that sent at least one request, in the order the run recorded them. */
    def summaries(degradationMinSamples: Long): Seq[SystemSummary] =
      records.map(r => r -> collectors(r.key)).filter(_._2.global.count > 0).map { case (record, c) =>
        SystemSummary(
          key = record.key,
          profile = record.profile,
          scenarios = record.scenarios,
          requests = c.requestFirstStarts.sortBy(_._2).map(_._1),
          groups = c.groupPaths,
          global = c.global.entry(Nil, c.span.seconds).get,
          startEpochMs = c.span.startEpochMs,
          endEpochMs = c.span.endEpochMs,
          steady = c.steady(degradationMinSamples),
          plannedUsers = record.plannedUsers,
          startedUsers = c.startedUsers,
          endedUsers = c.endedUsers
        )
      }
  }
}
