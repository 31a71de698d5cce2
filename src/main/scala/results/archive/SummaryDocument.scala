package results.archive

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model.{
  Apdex,
  CheckRule,
  Degradation,
  EarlyStopRecord,
  ErrorCount,
  Mergeable,
  SessionFigures,
  ShardStart,
  SummarySettings,
  Timeline,
  TransactionRate,
  WorkDone
}

import SummaryDocument._

/** summary.json, the file pipelines read and baselines, merges and trends read back, as it is on disk: its
  * fields in the order written. Fields marked `required = false` are written for readers and worked out again
  * from the others when read; `Option`s without `NON_ABSENT` are written as null. [[SummaryJson]] maps it to
  * and from the model.
  */
private[results] final case class SummaryDocument(
    schema: Int,
    run: Run,
    settings: SummarySettings,
    global: Entry,
    groups: Seq[Entry] = Nil,
    requests: Seq[Entry] = Nil,
    steady: Steady,
    // Summaries written before runs were read system by system have none: read as one run.
    systems: Seq[SystemFigures] = Nil,
    windows: Seq[Window] = Nil,
    warnings: Seq[String] = Nil,
    completion: Completion,
    @JsonInclude(NON_ABSENT) injector: Option[RunDocument.Injector],
    @JsonInclude(NON_ABSENT) earlyStop: Option[EarlyStopRecord],
    sandboxExhaustion: Seq[String] = Nil,
    errors: Seq[ErrorCount] = Nil,
    @JsonInclude(NON_ABSENT) duplicateLocks: Option[DuplicateLocks],
    tallies: Seq[RunDocument.Tally] = Nil,
    curves: Seq[CurveDocument] = Nil,
    @JsonInclude(NON_ABSENT) gate: Option[Gate],
    // Summaries written before session figures existed have none.
    sessions: Seq[SessionFigures] = Nil,
    // Summaries written before the timeline existed have none.
    @JsonInclude(NON_ABSENT) timeline: Option[Timeline],
    // A merged run's shards on one time line; none for a run of one injector.
    @JsonInclude(NON_ABSENT) shards: Option[ShardsDocument.Shards] = None
)

private[results] object SummaryDocument {
  final case class Run(
      simulation: String,
      simulationClass: String,
      runId: String,
      @JsonProperty(required = false) startUtc: String = "",
      @JsonProperty(required = false) endUtc: String = "",
      startEpochMs: Long,
      endEpochMs: Long,
      target: String,
      profile: String,
      shard: String,
      gitCommit: String,
      gatlingVersion: String,
      runDescription: String,
      systems: Seq[String] = Nil,
      overrides: Map[String, String] = Map.empty,
      mergedFrom: Seq[String] = Nil,
      @JsonInclude(NON_ABSENT) shardedRunId: Option[String] = None,
      @JsonInclude(NON_ABSENT) start: Option[ShardStart] = None,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) planStartEpochMs: Option[Long] =
        None,
      // Files of schema 2 have the shard's text only, and no smoke.
      @JsonInclude(NON_ABSENT) shardFields: Option[ShardDocument] = None,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Boolean]) smoke: Option[Boolean] = None
  )

  /** A system's figures, and with a gate its verdict and the names of its checks (read back from the gate). */
  final case class SystemFigures(
      key: String,
      profile: String,
      verdict: Option[String],
      steady: Steady,
      @JsonProperty(required = false) count: Long = 0,
      @JsonProperty(required = false) ko: Long = 0,
      @JsonProperty(required = false) koPercent: Double = 0,
      @JsonProperty(required = false) requestsPerSecond: Double = 0,
      @JsonProperty(required = false) p95Ms: Int = 0,
      @JsonProperty(required = false) p99Ms: Int = 0,
      startEpochMs: Long,
      endEpochMs: Long,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) plannedUsers: Option[Long],
      startedUsers: Long,
      endedUsers: Long,
      scenarios: Seq[String] = Nil,
      requests: Seq[String] = Nil,
      requestPaths: Seq[List[String]] = Nil,
      groupPaths: Seq[List[String]] = Nil,
      global: Entry,
      checks: Seq[String] = Nil,
      @JsonInclude(NON_ABSENT) capacity: Option[CapacitySummaryDocument]
  )

  /** A request, a group or the global line. Its span (first start, last end) is absent in summaries written
    * before spans were kept.
    */
  final case class Entry(
      @JsonProperty(required = false) name: String = "",
      path: List[String] = Nil,
      count: Long,
      ok: Long,
      ko: Long,
      @JsonProperty(required = false) koPercent: Double = 0,
      requestsPerSecond: Double,
      minMs: Int,
      p50Ms: Int,
      p75Ms: Int,
      p90Ms: Int,
      p95Ms: Int,
      p99Ms: Int,
      p999Ms: Int,
      @JsonProperty(required = false) intervals: Seq[Interval] = Nil,
      maxMs: Int,
      meanMs: Int,
      stdDevMs: Int,
      slowCount: Long,
      slowThresholdMs: Int,
      apdex: Apdex,
      mergeable: Mergeable,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) firstStartEpochMs: Option[Long],
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) lastEndEpochMs: Option[Long],
      @JsonInclude(NON_ABSENT) activeRequestsPerSecond: Option[Double]
  )

  /** A percentile's interval, written for readers and worked out again from the histogram when read; `upperMs`
    * null where the sample is too small to bound it from above.
    */
  final case class Interval(percentile: Double, lowerMs: Int, upperMs: Option[Int])

  /** A percentile check's interval; `upperMs` null where too few samples bound it from above. */
  final case class Bounds(lowerMs: Int, upperMs: Option[Int])

  /** A check's limit from a baseline's interval; `highest` null where that interval has no upper bound. */
  final case class Range(
      lowest: Double,
      @JsonDeserialize(contentAs = classOf[java.lang.Double]) highest: Option[Double]
  )

  /** A steady window and what ran in it: the run's, or one system's. */
  final case class Steady(
      source: String,
      @JsonProperty(required = false) startUtc: String = "",
      @JsonProperty(required = false) endUtc: String = "",
      startEpochMs: Long,
      endEpochMs: Long,
      coveredMs: Long,
      requests: Long,
      @JsonProperty(required = false) requestsPerSecond: Double = 0,
      // With several systems, a transactions per hour over all of them would add up unlike things.
      @JsonInclude(NON_ABSENT) transactionsPerHour: Option[Double],
      transactions: Seq[TransactionRate] = Nil,
      @JsonInclude(NON_ABSENT) degradation: Option[Degradation]
  )

  final case class Window(
      kind: String,
      label: String,
      // Summaries of schema 2 have the label's text only.
      @JsonInclude(NON_ABSENT) labelFields: Option[LabelDocument],
      startEpochMs: Long,
      endEpochMs: Long,
      @JsonProperty(required = false) transactionsPerHour: Double = 0,
      @JsonInclude(NON_ABSENT) global: Option[Entry],
      groups: Seq[Entry] = Nil,
      requests: Seq[Entry] = Nil,
      transactions: Seq[TransactionRate] = Nil
  )

  final case class Completion(
      @JsonProperty(required = false) complete: Boolean = false,
      startedUsers: Long,
      endedUsers: Long,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) plannedUsers: Option[Long],
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) plannedDurationMs: Option[Long],
      // A run stopped before its log held a record, whose simulation recorded no time either, has none.
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) actualDurationMs: Option[Long],
      problems: Seq[ProblemDocument.Stored] = Nil,
      // The headline of a fixed-work run, for whoever reads the file: the time to finish every list.
      workElapsedMs: Option[Long],
      work: Seq[WorkDone] = Nil
  )

  final case class Claim(claimant: String, atEpochMs: Long, @JsonProperty(required = false) at: String = "")

  final case class Duplicate(resource: String, claims: Seq[Claim] = Nil)

  final case class DuplicateLocks(count: Long, examples: Seq[Duplicate] = Nil)

  final case class Check(
      @JsonProperty(required = false) name: String = "",
      subject: String,
      metric: String,
      @JsonInclude(NON_ABSENT) metricFields: Option[MetricDocument],
      allowed: Double,
      atMost: Boolean,
      @JsonProperty(required = false) unit: String = "",
      @JsonDeserialize(contentAs = classOf[java.lang.Double]) measured: Option[Double],
      @JsonProperty(required = false) passed: Boolean = false,
      @JsonProperty(required = false) neverRan: Boolean = false,
      // Checks written before intervals (schema 3) judged a point.
      @JsonProperty(required = false) rule: String = CheckRule.Point.word,
      @JsonProperty(required = false) result: String = "",
      @JsonInclude(NON_ABSENT) interval: Option[Bounds] = None,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) moreSamples: Option[Long] = None,
      @JsonInclude(NON_ABSENT) allowedRange: Option[Range] = None
  )

  final case class Gate(
      @JsonProperty(required = false) verdict: String = "",
      @JsonProperty(required = false) passed: Boolean = false,
      baselineRun: Option[String],
      checks: Seq[Check] = Nil,
      warnings: Seq[String] = Nil,
      incomplete: Seq[ProblemDocument.Stored] = Nil,
      invalid: Seq[ProblemDocument.Stored] = Nil,
      stoppedEarly: Seq[ProblemDocument.Stored] = Nil
  )
}
