package results.summarize

import results.model.{
  Completion,
  Entry,
  Figures,
  GateVerdict,
  Mergeable,
  Problem,
  ProblemKind,
  RunContext,
  RunMetadata,
  RunSummary,
  SessionFigures,
  SteadySource,
  SteadyState,
  SummarySettings,
  ThroughputCurve,
  Timeline,
  WindowKind
}

import java.nio.file.Path

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess._
import io.gatling.core.config.GatlingConfiguration
import config.InputError

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
    val header = span.header
    val run = new SystemCollector(
      Some(
        if (severalSystems) SystemCollector.wholeRun(span.startEpochMs, span.endEpochMs)
        else
          SystemCollector.steadyWindow(
            windows.find(_.kind == WindowKind.Steady),
            span.startEpochMs,
            span.endEpochMs,
            settings
          )
      ),
      header.runStartEpochMs,
      settings
    )
    val walk = new PathCollector(settings, windows, useGroupDuration)
    val timeline = new Timeline.Collector(span.startEpochMs, span.endEpochMs)
    val sessions = new SessionFigures.Counter(header.runStartEpochMs)
    val systems = new SystemCollector.BySystem(records, header.runStartEpochMs, settings)
    val capacity = new results.summarize.CapacityCollector(records, systems.ownership, settings, useGroupDuration)
    val outcome =
      try SimulationLogAccess.walk(logFile, header) { record =>
          walk.collect(record)
          sessions.collect(record)
          systems.collect(record)
          capacity.collect(record)
          record match {
            case r: RequestRecorded =>
              val path = r.groupHierarchy :+ r.name
              run.request(r, path)
              timeline.record(path, r.startEpochMs, r.responseTimeMs, r.ok)
            case g: GroupRecorded => run.group(g)
            case u: UserRecorded  => run.user(u)
            case _                =>
          }
        }
      catch { case e: UnreadableLogException => throw new InputError(e.getMessage) }

    // Gatling's report divides by the run's length in whole seconds, rounded up
    val runSeconds = math.ceil((span.endEpochMs - span.startEpochMs) / 1000.0)
    val global = run.global
      .entry(Nil, runSeconds)
      .getOrElse(throw new InputError(s"$logFile holds no requests: nothing to summarise"))
    // Each path's earliest start, to list paths in the report's order: by it, then by depth.
    val requests = run.requestFirstStarts
      .sortBy { case (path, start) => (start, if (path.size > 1) path.size else 0) }
      .flatMap { case (path, _) =>
        walk.request(path).entry(path, runSeconds).map(_.copy(span = run.requestSpan(path)))
      }
    val systemSummaries = systems.summaries(settings.degradationMinSamples)
    val groups = run.groupPaths.flatMap(path => walk.group(path).entry(path, runSeconds))

    // A capacity search ends the run once it has its answer: the users it never admitted or stopped mid-journey
    // are its design, and whether it finished is its own end's to say (see results.gate.CapacityGate).
    val searched = records.filter(_.capacity.nonEmpty).map(_.key).toSet
    val usersShort =
      if (severalSystems) systemSummaries.filterNot(s => searched(s.key)).flatMap(_.problems)
      else if (searched.nonEmpty) Nil
      else Completion.usersShort(None, context.course.users, run.startedUsers, run.endedUsers)
    val completion = Completion(
      plannedUsers = context.course.users,
      startedUsers = run.startedUsers,
      endedUsers = run.endedUsers,
      plannedDurationMs = context.course.durationMs,
      actualDurationMs = Some(span.endEpochMs - span.startEpochMs),
      problems = Seq(
        Option.when(!context.course.reachedEnd)(Problem.StoppedBeforeEnd),
        outcome.truncatedAfterRecord.map(_ => Problem.ofRun(ProblemKind.LogCutShort, "simulation.log is cut short"))
      ).flatten ++ usersShort ++ context.work.filter(w => w.finished < w.planned).map(w =>
        Problem(
          records.find(r => r.key == w.scenario || r.scenarios.contains(w.scenario)).map(_.key),
          ProblemKind.FixedWorkUnfinished,
          s"${w.finished} of its ${w.planned} scenarios finished (the time limit stopped the rest)",
          Some(w.scenario)
        )
      ),
      work = context.work
    )
    val warnings = outcome.truncatedAfterRecord.toList.map(record =>
      s"$logFile is truncated after record $record (the run was cut short?): the figures cover the records before it"
    ) ++ emptyWindows.map(w =>
      s"window ${w.kind.word} '${w.label.text}' ends at or before its start (${w.startEpochMs} to ${w.endEpochMs}): left out"
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
        smoke = context.smoke,
        gitCommit = identity.gitCommit,
        gatlingVersion = header.gatlingVersion,
        overrides = context.overrides,
        runDescription = header.runDescription,
        mergedFrom = Nil,
        shardedRunId = context.shardedRunId,
        start = context.start,
        planStartEpochMs = Some(header.runStartEpochMs)
      ),
      settings = SummarySettings(
        settings.apdexThresholdMs,
        settings.slowThresholdMs,
        if (useGroupDuration) "duration" else "cumulated response time",
        "HdrHistogram",
        settings.confidencePercent
      ),
      global = global,
      groups = groups,
      requests = requests,
      // Several systems: the run's steady window is the whole run, its transactions and degradation its systems'.
      steady = {
        val steady = run.steady(settings.degradationMinSamples)
        if (severalSystems) steady.copy(transactions = Nil, degradation = None) else steady
      },
      windows = windowSummaries,
      warnings = warnings,
      completion = completion,
      injector = context.course.injector,
      errors = walk.errorCounts,
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

  /** The summary of a run stopped before its log held a single request: its plan, how long it ran, its verdict. */
  def withoutFigures(
      context: RunContext,
      identity: RunIdentity,
      settings: ResultsSettings,
      startedEpochMs: Long,
      verdict: GateVerdict
  ): RunSummary = {
    val elapsed = context.course.elapsedMs.getOrElse(0L)
    val nothing = Figures.empty(settings.slowThresholdMs, settings.apdexThresholdMs)
    RunSummary(
      run = RunMetadata(
        context.simulation,
        context.systems,
        "",
        identity.runId,
        startedEpochMs,
        startedEpochMs + elapsed,
        context.target,
        context.profile,
        context.shard,
        identity.gitCommit,
        io.gatling.commons.util.GatlingVersion.ThisVersion.fullVersion,
        context.overrides,
        "",
        Nil,
        context.shardedRunId,
        context.start,
        smoke = context.smoke
      ),
      settings = SummarySettings(
        settings.apdexThresholdMs,
        settings.slowThresholdMs,
        "none",
        "HdrHistogram",
        settings.confidencePercent
      ),
      global = Entry(Nil, nothing, Mergeable(0, 0, LatencyAccumulator.encode(new org.HdrHistogram.Histogram(3)))),
      groups = Nil,
      requests = Nil,
      steady = SteadyState(startedEpochMs, startedEpochMs, 0, SteadySource.Unmeasured, 0, Nil),
      windows = Nil,
      warnings = Nil,
      completion =
        Completion(context.course.users, 0, 0, context.course.durationMs, context.course.elapsedMs, verdict.incomplete),
      injector = context.course.injector,
      errors = Nil,
      gate = Some(verdict),
      earlyStop = context.course.earlyStop,
      tallies = context.tallies,
      sandboxExhaustion = context.course.sandboxExhaustion
    )
  }
}
