package results.archive

import results.model.{
  CurveSpec,
  InjectorFigures,
  InjectorHealthRecord,
  InjectorLimits,
  LateStartFigures,
  PlannedWindow,
  RunContext,
  RunCourse,
  RunWindow,
  SystemRecord,
  Tally
}

import scala.collection.immutable.ListMap

import config.InputError

import text.Formats.round
import RunDocument._

/** A [[RunContext]] to its [[RunDocument]] (run.json) and back, and the parts summary.json shares with it. */
private[results] object RunJson {

  def document(context: RunContext, runId: String, gitCommit: String): RunDocument =
    RunDocument(
      SummaryJson.SchemaVersion,
      runId,
      context.simulation,
      context.target,
      context.profile,
      context.shard.text,
      gitCommit,
      context.systems,
      ListMap.from(context.overrides.toSeq.sorted),
      context.plannedWindows.map(planned),
      context.windows.map(window),
      context.work,
      context.tallies.map(tally),
      context.curves.map(curveSpec),
      context.systemRecords.map(systemRecord),
      Some(course(context.course)),
      context.shardedRunId,
      context.start,
      Some(ShardDocument.document(context.shard)),
      Some(context.smoke)
    )

  def context(d: RunDocument): RunContext =
    RunContext(
      simulation = d.simulation,
      systems = d.systems,
      target = d.target,
      profile = d.profile,
      shard = ShardDocument.shard(d.shard, d.shardFields, d.schema),
      overrides = d.overrides,
      plannedWindows = d.plannedWindows.map(planned(_, d.schema)),
      windows = d.windows.map(window(_, d.schema)),
      work = d.work,
      tallies = d.tallies.map(tally),
      curves = d.curves.map(curveSpec),
      systemRecords = d.systemRecords.map(systemRecord(_, d.schema)),
      course = d.course.fold(RunCourse.Unrecorded)(course),
      shardedRunId = d.shardedRunId,
      start = d.start,
      smoke = smoke(d.smoke, d.profile, d.schema)
    )

  /** Schema 2 did not store it: read from the profile's words. */
  def smoke(stored: Option[Boolean], profile: String, schema: Int): Boolean =
    if (SummaryJson.inWords(schema)) ShardDocument.smokeInWords(profile)
    else stored.getOrElse(throw new InputError("a run of schema 3 without smoke"))

  def window(w: RunWindow): Window =
    Window(w.kind.word, w.label.text, Some(LabelDocument.document(w.label)), w.startEpochMs, w.endEpochMs)

  def window(w: Window, schema: Int): RunWindow =
    RunWindow(
      StoredWindowKind.read(w.kind),
      LabelDocument.label(w.label, w.labelFields, schema),
      w.startEpochMs,
      w.endEpochMs
    )

  def planned(w: PlannedWindow): RunDocument.PlannedWindow =
    RunDocument.PlannedWindow(w.kind.word, w.label.text, Some(LabelDocument.document(w.label)), w.fromMs, w.toMs)

  def planned(w: RunDocument.PlannedWindow, schema: Int): PlannedWindow =
    PlannedWindow(StoredWindowKind.read(w.kind), LabelDocument.label(w.label, w.labelFields, schema), w.fromMs, w.toMs)

  /** Counts and shares in the categories' order; a category a key lacks counts 0. */
  def tally(t: Tally): RunDocument.Tally = {
    def counts(byCategory: Map[String, Long]) = ListMap.from(t.categories.map(c => c -> byCategory.getOrElse(c, 0L)))
    def percent(byCategory: Map[String, Long]) =
      ListMap.from(t.categories.map(c => c -> Tally.percent(byCategory, c).map(round(_, 2))))
    RunDocument.Tally(
      t.name,
      t.categories,
      t.counts.map { case (key, byCategory) => TallyKey(key, counts(byCategory), percent(byCategory)) },
      Some(TallyTotals(counts(t.overall), percent(t.overall)))
    )
  }

  def tally(t: RunDocument.Tally): Tally =
    Tally(t.name, t.categories, t.keys.map(k => k.key -> t.categories.map(c => c -> k.counts.getOrElse(c, 0L)).toMap))

  def curveSpec(c: CurveSpec): RunDocument.CurveSpec =
    RunDocument.CurveSpec(c.system, c.group, c.unit, Requirement(c.requirementMin, c.requirementMax))

  def curveSpec(c: RunDocument.CurveSpec): CurveSpec =
    CurveSpec(c.system, c.group, c.unit, c.requirement.min, c.requirement.max)

  def injector(record: InjectorHealthRecord): Injector = {
    val (f, limits) = (record.figures, record.limits)
    Injector(
      f.cores,
      round(f.cpuMeanPercent, 1),
      round(f.cpuMaxPercent, 1),
      f.busySamples,
      round(f.gcPercent, 2),
      Some(f.gcPauses.toLong),
      Some(f.gcLongestPauseMs),
      Some(f.connectionRetries),
      Some(round(f.cpuSeconds, 2)),
      Some(f.heapPeakMiB),
      f.samples,
      Some(f.lateStarts.users),
      Some(f.lateStarts.p99Ms),
      Some(f.lateStarts.maxMs),
      limits.maxCpuPercent,
      limits.maxBusyPercent,
      limits.maxGcPercent,
      limits.minSamples,
      Some(limits.maxLateStartP99Ms),
      record.saturation
    )
  }

  /** Runs archived before users' start times, GC pauses or retries were measured have none of them: 0. */
  def injector(i: Injector): InjectorHealthRecord =
    InjectorHealthRecord(
      InjectorFigures(
        i.cores,
        i.cpuMeanPercent,
        i.cpuMaxPercent,
        i.busySamples,
        i.gcPercent,
        i.samples,
        LateStartFigures(i.lateStartUsers.getOrElse(0), i.lateStartP99Ms.getOrElse(0), i.lateStartMaxMs.getOrElse(0)),
        i.gcPauses.getOrElse(0L).toInt,
        i.gcLongestPauseMs.getOrElse(0),
        i.connectionRetries.getOrElse(0),
        i.cpuSeconds.getOrElse(0),
        i.heapPeakMiB.getOrElse(0)
      ),
      InjectorLimits(
        i.maxCpuPercent,
        i.maxBusyPercent,
        i.maxGcPercent,
        i.minSamples,
        i.maxLateStartP99Ms.getOrElse(Long.MaxValue)
      )
    )

  /** A system's plan and requests, as the simulation recorded them. */
  def systemRecord(r: SystemRecord): RunDocument.SystemRecord =
    RunDocument.SystemRecord(
      r.key,
      r.profile,
      r.scenarios,
      r.plannedUsers,
      r.plannedSteady.map(planned),
      r.measuredSteady.map(window),
      r.requests,
      r.capacity.map(CapacityJson.document)
    )

  def systemRecord(r: RunDocument.SystemRecord, schema: Int): SystemRecord =
    SystemRecord(
      r.key,
      r.profile,
      r.scenarios,
      r.plannedUsers,
      r.plannedSteady.map(planned(_, schema)),
      r.measuredSteady.map(window(_, schema)),
      r.requests,
      r.capacity.map(CapacityJson.record)
    )

  def course(c: RunCourse): Course =
    Course(
      c.reachedEnd,
      c.users,
      c.durationMs,
      c.elapsedMs,
      c.injector.map(injector),
      c.earlyStop,
      c.sandboxExhaustion
    )

  def course(c: Course): RunCourse =
    RunCourse(
      c.users,
      c.durationMs,
      c.reachedEnd,
      c.elapsedMs,
      c.injector.map(injector),
      c.earlyStop,
      c.sandboxExhaustion
    )
}
