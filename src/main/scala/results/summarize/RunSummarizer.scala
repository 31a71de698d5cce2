package results.summarize

import results.model.{
  Completion,
  Degradation,
  ErrorCount,
  QuarterFigures,
  RunContext,
  RunMetadata,
  RunSummary,
  RunWindow,
  SessionFigures,
  Span,
  SteadyState,
  SummarySettings,
  ThroughputCurve,
  Timeline,
  TransactionRate,
  WindowLabel,
  WindowSummary
}

import java.nio.file.Path

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess._
import io.gatling.core.config.GatlingConfiguration
import suite.InputError

/** Reads one run's simulation.log and produces its [[RunSummary]] (without a gate verdict).
  *
  * Gatling's reader's first pass finds the run's start and end as the report does; every figure then comes
  * from one walk over the records into fixed-size accumulators (an HdrHistogram per request, group and
  * window, a timeline of at most [[Timeline.MaxBuckets]] buckets), so the heap does not grow with the
  * request count. Counts, requests/s, min, max, mean and std dev equal the HTML report's; percentiles are
  * the log's exact ones to HdrHistogram's 3 digits, where the report's come from a t-digest (Gatling's
  * reader keeps one per request, status and chart time bucket, which grow with the request count).
  */
object RunSummarizer {
  val LogFileName = "simulation.log"

  final case class RunIdentity(runId: String, gitCommit: String)

  def summarize(runDir: Path, context: RunContext, identity: RunIdentity, settings: ResultsSettings): RunSummary = {
    val logFile = runDir.resolve(LogFileName)
    val useGroupDuration = GatlingConfiguration.load().reports.useGroupDurationMetric
    val span =
      try SimulationLogAccess.injectionSpan(logFile)
      catch { case e: UnreadableLogException => throw new InputError(e.getMessage) }

    val (emptyWindows, windows) = context.resolvedWindows(span.header.runStartEpochMs).partition(_.isEmpty)
    val records = context.systemsToRead
    // Several systems have a steady window each: the run's own figures then span the whole run.
    val severalSystems = records.size > 1
    val steadyWindow =
      if (severalSystems)
        (
          RunWindow(
            RunWindow.Steady,
            WindowLabel.WholeRun,
            span.startEpochMs,
            span.endEpochMs max (span.startEpochMs + 1)
          ),
          "whole run"
        )
      else chooseSteadyWindow(windows, span.startEpochMs, span.endEpochMs, settings)
    val walk = new RecordCollector(settings, windows, steadyWindow._1, useGroupDuration)
    val timeline = new Timeline.Collector(span.startEpochMs, span.endEpochMs)
    val header = span.header
    val sessions = new SessionFigures.Counter(header.runStartEpochMs)
    val systems = new SystemFigures(records, header.runStartEpochMs, settings, useGroupDuration)
    val capacity = new results.capacity.CapacityCollector(records, systems.ownership, settings)
    val outcome =
      try SimulationLogAccess.walk(logFile, header) { record =>
          walk.collect(record)
          sessions.collect(record)
          systems.collect(record)
          capacity.collect(record)
          record match {
            case r: RequestRecorded =>
              val path = r.groupHierarchy :+ r.name
              timeline.record(path, r.startEpochMs, r.responseTimeMs, r.ok)
            case _ =>
          }
        }
      catch { case e: UnreadableLogException => throw new InputError(e.getMessage) }

    // Gatling's report divides by the run's length in whole seconds, rounded up
    val runSeconds = math.ceil((span.endEpochMs - span.startEpochMs) / 1000.0)
    val global = walk.global
      .entry(Nil, runSeconds)
      .getOrElse(throw new InputError(s"$logFile holds no requests: nothing to summarise"))
    val requests = walk.requestPaths.flatMap(path =>
      walk.request(path).entry(path, runSeconds).map(_.copy(span = walk.requestSpan(path)))
    )
    val systemSummaries = systems.summaries(settings.degradationMinSamples)
    val groups = walk.groupPaths.flatMap(path => walk.group(path).entry(path, runSeconds))

    val (steady, steadySource) = steadyWindow
    // A capacity search ends the run once it has its answer: the users it never admitted or stopped mid-journey
    // are its design, and whether it finished is its own end's to say (see results.capacity.CapacityGate).
    val searched = records.filter(_.capacity.nonEmpty).map(_.key).toSet
    val usersShort =
      if (severalSystems) systemSummaries.filterNot(s => searched(s.key)).flatMap(_.problems)
      else if (searched.nonEmpty) Nil
      else
        Seq(
          context.course.users.filter(_ > walk.startedUsers).map(p =>
            s"${walk.startedUsers} of the $p planned users started"
          ),
          Option.when(walk.endedUsers < walk.startedUsers)(
            s"${walk.startedUsers - walk.endedUsers} of ${walk.startedUsers} users had not finished their journey when the run ended"
          )
        ).flatten
    val completion = Completion(
      plannedUsers = context.course.users,
      startedUsers = walk.startedUsers,
      endedUsers = walk.endedUsers,
      plannedDurationMs = context.course.durationMs,
      actualDurationMs = span.endEpochMs - span.startEpochMs,
      problems = Seq(
        Option.when(
          !context.course.reachedEnd
        )("the run was stopped before the end of its plan (interrupted, or its JVM was stopped)"),
        outcome.truncatedAfterRecord.map(_ => "simulation.log is cut short")
      ).flatten ++ usersShort ++ context.work.filter(w => w.finished < w.planned).map(w =>
        s"${w.scenario}: ${w.finished} of its ${w.planned} scenarios finished (the time limit stopped the rest)"
      ),
      work = context.work
    )
    val warnings = outcome.truncatedAfterRecord.toList.map(record =>
      s"$logFile is truncated after record $record (the run was cut short?): the figures cover the records before it"
    ) ++ emptyWindows.map(w =>
      s"window ${w.kind} '${w.label.text}' ends at or before its start (${w.startEpochMs} to ${w.endEpochMs}): left out"
    )

    val windowSummaries = windows.map(walk.windowSummary)
    RunSummary(
      run = RunMetadata(
        simulation = context.simulation,
        systems = context.systems,
        simulationClass = header.simulationClassName,
        runId = identity.runId,
        startEpochMs = span.startEpochMs,
        endEpochMs = span.endEpochMs,
        target = context.target,
        profile = context.profile,
        shard = context.shard,
        gitCommit = identity.gitCommit,
        gatlingVersion = header.gatlingVersion,
        overrides = context.overrides,
        runDescription = header.runDescription,
        mergedFrom = Nil
      ),
      settings = SummarySettings(
        settings.apdexThresholdMs,
        settings.slowThresholdMs,
        if (useGroupDuration) "duration" else "cumulated response time",
        "HdrHistogram"
      ),
      global = global,
      groups = groups,
      requests = requests,
      steady = SteadyState(
        steady.startEpochMs,
        steady.endEpochMs,
        steady.durationMs,
        steadySource,
        walk.steadyRequests,
        if (severalSystems) Nil else walk.transactions(walk.steadyCompleted, steady),
        if (severalSystems) None else walk.degradation(settings.degradationMinSamples)
      ),
      windows = windowSummaries,
      warnings = warnings,
      completion = completion,
      injector = context.course.injector,
      errors = ErrorCount.sorted(walk.errors.map { case ((path, message), count) => ErrorCount(message, count, path) }),
      gate = None,
      earlyStop = context.course.earlyStop,
      duplicateLocks = Claims.read(runDir).map(Claims.duplicates),
      sessions = sessions.figures(header.scenarios),
      tallies = context.tallies,
      timeline = Some(timeline.timeline),
      curves = context.curves.map(ThroughputCurve.of(_, windowSummaries)),
      sandboxExhaustion = context.course.sandboxExhaustion,
      systems = systemSummaries,
      capacity = capacity.results
    )
  }

  private def chooseSteadyWindow(
      windows: Seq[RunWindow],
      injectStart: Long,
      injectEnd: Long,
      settings: ResultsSettings
  ): (RunWindow, String) =
    windows.find(_.kind == RunWindow.Steady) match {
      case Some(window) => (window, "profile")
      case None         =>
        val start = injectStart + settings.steadyExcludeStartMs
        val end = injectEnd - settings.steadyExcludeEndMs
        if (end > start) (RunWindow(RunWindow.Steady, WindowLabel.Configured, start, end), "configured")
        else (
          RunWindow(RunWindow.Steady, WindowLabel.WholeRun, injectStart, math.max(injectEnd, injectStart + 1)),
          "whole run"
        )
    }

  /** One pass over the records, filling every accumulator the summary needs. */
  private final class RecordCollector(
      settings: ResultsSettings,
      windows: Seq[RunWindow],
      steady: RunWindow,
      useGroupDuration: Boolean
  ) {
    private def newAccumulator() = new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs)

    val global: LatencyAccumulator = newAccumulator()
    private val requests = mutable.Map.empty[List[String], LatencyAccumulator]
    private val groups = mutable.Map.empty[List[String], LatencyAccumulator]
    var steadyRequests = 0L
    val errors: mutable.Map[(List[String], String), Long] = mutable.Map.empty.withDefaultValue(0L)
    private val distinctMessages = mutable.Map.empty[List[String], Int].withDefaultValue(0)
    private def countError(path: List[String], message: String): Unit = {
      val kept =
        if (errors.contains(path -> message)) message
        else if (distinctMessages(path) < ErrorCount.MaxMessages) { distinctMessages(path) += 1; message }
        else ErrorCount.OtherMessages
      errors(path -> kept) += 1
    }
    var startedUsers = 0L
    var endedUsers = 0L
    val steadyCompleted: mutable.Map[List[String], Long] = mutable.Map.empty.withDefaultValue(0L)

    // The steady window's first and last quarters, by request start time (none in a window under 4 ms).
    private val quarterMs = steady.durationMs / 4
    private val quarters = Option.when(quarterMs > 0)(
      (
        RunWindow(steady.kind, WindowLabel.FirstQuarter, steady.startEpochMs, steady.startEpochMs + quarterMs),
        RunWindow(steady.kind, WindowLabel.LastQuarter, steady.endEpochMs - quarterMs, steady.endEpochMs)
      ) -> (newAccumulator(), newAccumulator())
    )

    def degradation(minSamples: Long): Option[Degradation] = quarters.collect {
      case (_, (first, last)) if first.count > 0 && last.count > 0 =>
        def figures(q: LatencyAccumulator) = QuarterFigures(q.count, q.percentileMs(95), q.percentileMs(99))
        Degradation(figures(first), figures(last), minSamples)
    }

    private final class WindowCollector(val window: RunWindow) {
      val global: LatencyAccumulator = newAccumulator()
      val requests = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
      val groups = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
      val completed: mutable.Map[List[String], Long] = mutable.Map.empty.withDefaultValue(0L)
    }
    private val windowCollectors = windows.map(new WindowCollector(_))

    def request(path: List[String]): LatencyAccumulator = requests.getOrElse(path, newAccumulator())
    def group(path: List[String]): LatencyAccumulator = groups.getOrElse(path, newAccumulator())

    // Each path's earliest start, to list paths in the report's order: by it, then by depth.
    private val requestStarts = mutable.LinkedHashMap.empty[List[String], Long]
    private val requestEnds = mutable.HashMap.empty[List[String], Long]
    def requestSpan(path: List[String]): Option[Span] =
      for { start <- requestStarts.get(path); end <- requestEnds.get(path) } yield Span(start, end)
    private val groupStarts = mutable.LinkedHashMap.empty[List[String], Long]
    private def started(starts: mutable.Map[List[String], Long], path: List[String], epochMs: Long): Unit =
      if (epochMs < starts.getOrElse(path, Long.MaxValue)) starts(path) = epochMs
    def requestPaths: Seq[List[String]] =
      requestStarts.toSeq.sortBy { case (path, start) => (start, if (path.size > 1) path.size else 0) }.map(_._1)
    def groupPaths: Seq[List[String]] = groupStarts.toSeq.sortBy { case (path, start) => (start, path.size) }.map(_._1)

    val collect: LogRecord => Unit = {
      case r: RequestRecorded =>
        val path = r.groupHierarchy :+ r.name
        val ms = r.responseTimeMs
        global.record(ms, r.ok)
        r.error.foreach(countError(path, _))
        requests.getOrElseUpdate(path, newAccumulator()).record(ms, r.ok)
        started(requestStarts, path, r.startEpochMs)
        if (r.endEpochMs > requestEnds.getOrElse(path, Long.MinValue)) requestEnds(path) = r.endEpochMs
        if (steady.contains(r.startEpochMs)) steadyRequests += 1
        quarters.foreach { case ((firstWindow, lastWindow), (first, last)) =>
          if (firstWindow.contains(r.startEpochMs)) first.record(ms, r.ok)
          if (lastWindow.contains(r.startEpochMs)) last.record(ms, r.ok)
        }
        windowCollectors.foreach { w =>
          if (w.window.contains(r.startEpochMs)) {
            w.global.record(ms, r.ok)
            w.requests.getOrElseUpdate(path, newAccumulator()).record(ms, r.ok)
          }
        }
      case g: GroupRecorded =>
        val ms = if (useGroupDuration) g.durationMs else g.cumulatedResponseTimeMs
        groups.getOrElseUpdate(g.hierarchy, newAccumulator()).record(ms, g.ok)
        started(groupStarts, g.hierarchy, g.startEpochMs)
        if (g.ok && steady.contains(g.endEpochMs)) steadyCompleted(g.hierarchy) += 1
        windowCollectors.foreach { w =>
          if (w.window.contains(g.startEpochMs))
            w.groups.getOrElseUpdate(g.hierarchy, newAccumulator()).record(ms, g.ok)
          if (g.ok && w.window.contains(g.endEpochMs)) w.completed(g.hierarchy) += 1
        }
      case u: UserRecorded => if (u.started) startedUsers += 1 else endedUsers += 1
    }

    def transactions(completed: collection.Map[List[String], Long], window: RunWindow): Seq[TransactionRate] =
      completed.toSeq.sortBy(_._1.mkString("\u0000")).map { case (path, count) =>
        TransactionRate(path, count, count * 3600000.0 / window.durationMs)
      }

    def windowSummary(window: RunWindow): WindowSummary = {
      val w = windowCollectors.find(_.window == window).get
      val seconds = window.durationMs / 1000.0
      WindowSummary(
        window,
        w.global.entry(Nil, seconds),
        w.requests.toSeq.flatMap { case (path, acc) => acc.entry(path, seconds) },
        w.groups.toSeq.flatMap { case (path, acc) => acc.entry(path, seconds) },
        transactions(w.completed, window)
      )
    }
  }
}
