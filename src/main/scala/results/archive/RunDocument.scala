package results.archive

import com.fasterxml.jackson.annotation.JsonInclude
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model.{ EarlyStopRecord, ShardStart, WorkDone }

import RunDocument._

/** run.json, what the simulation knew of its run, as it is on disk (and the parts summary.json shares with
  * it). [[RunJson]] maps it to and from the model.
  */
private[results] final case class RunDocument(
    schema: Int,
    runId: String,
    simulation: String,
    target: String,
    profile: String,
    shard: String,
    gitCommit: String,
    systems: Seq[String] = Nil,
    overrides: Map[String, String] = Map.empty,
    plannedWindows: Seq[PlannedWindow] = Nil,
    windows: Seq[Window] = Nil,
    work: Seq[WorkDone] = Nil,
    tallies: Seq[Tally] = Nil,
    curves: Seq[CurveSpec] = Nil,
    // run.json files written before runs were read system by system have none.
    systemRecords: Seq[SystemRecord] = Nil,
    course: Option[Course],
    // Runs that were no shard of a named sharded run, or did not wait for a common start, have none.
    @JsonInclude(NON_ABSENT) shardedRunId: Option[String] = None,
    @JsonInclude(NON_ABSENT) start: Option[ShardStart] = None,
    // Files of schema 2 have the shard's text only, and no smoke.
    @JsonInclude(NON_ABSENT) shardFields: Option[ShardDocument] = None,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Boolean]) smoke: Option[Boolean] = None
)

private[results] object RunDocument {

  /** A window; run.json files of schema 2 have its label's text only, without `labelFields`. */
  final case class Window(
      kind: String,
      label: String,
      @JsonInclude(NON_ABSENT) labelFields: Option[LabelDocument],
      startEpochMs: Long,
      endEpochMs: Long
  )

  final case class PlannedWindow(
      kind: String,
      label: String,
      @JsonInclude(NON_ABSENT) labelFields: Option[LabelDocument],
      fromMs: Long,
      toMs: Long
  )

  final case class TallyKey(
      key: String,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) counts: Map[String, Long],
      percent: Map[String, Option[Double]] = Map.empty
  )

  final case class TallyTotals(counts: Map[String, Long], percent: Map[String, Option[Double]])

  /** Counts and shares by category, in the categories' order. */
  final case class Tally(
      name: String,
      categories: Seq[String] = Nil,
      keys: Seq[TallyKey] = Nil,
      overall: Option[TallyTotals]
  )

  final case class Requirement(min: Double, max: Double)

  final case class CurveSpec(system: String, group: String, unit: String, requirement: Requirement)

  /** Runs archived before users' start times, GC pauses or retries were measured have no such figures. */
  final case class Injector(
      cores: Int,
      cpuMeanPercent: Double,
      cpuMaxPercent: Double,
      busySamples: Int,
      gcPercent: Double,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) gcPauses: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) gcLongestPauseMs: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) connectionRetries: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Double]) cpuSeconds: Option[Double],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) heapPeakMiB: Option[Long],
      samples: Int,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) lateStartUsers: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) lateStartP99Ms: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) lateStartMaxMs: Option[Long],
      maxCpuPercent: Double,
      maxBusyPercent: Double,
      maxGcPercent: Double,
      minSamples: Int,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) maxLateStartP99Ms: Option[Long],
      saturation: Seq[String] = Nil
  )

  final case class SystemRecord(
      key: String,
      profile: String,
      scenarios: Seq[String] = Nil,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) plannedUsers: Option[Long],
      @JsonInclude(NON_ABSENT) plannedSteady: Option[PlannedWindow],
      @JsonInclude(NON_ABSENT) measuredSteady: Option[Window],
      requests: Seq[List[String]] = Nil,
      @JsonInclude(NON_ABSENT) capacity: Option[CapacityDocument]
  )

  /** How the run went; run.json files written before it was recorded have none. */
  final case class Course(
      reachedEnd: Boolean,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) users: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) durationMs: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) elapsedMs: Option[Long],
      @JsonInclude(NON_ABSENT) injector: Option[Injector],
      @JsonInclude(NON_ABSENT) earlyStop: Option[EarlyStopRecord],
      // Runs recorded before the sandbox reported its exhaustion have none.
      sandboxExhaustion: Seq[String] = Nil
  )
}
