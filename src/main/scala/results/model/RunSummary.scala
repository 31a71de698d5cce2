package results.model

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty, JsonPropertyOrder }
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT

/** Response-time figures of one request, group, window or the whole run. Times in ms.
  *
  * @param intervalsMs each percentile's confidence interval at the summary's confidence (its settings')
  */
final case class Figures(
    count: Long,
    ok: Long,
    ko: Long,
    requestsPerSecond: Double,
    minMs: Int,
    percentilesMs: Map[Double, Int],
    intervalsMs: Map[Double, PercentileInterval],
    maxMs: Int,
    meanMs: Int,
    stdDevMs: Int,
    slowCount: Long,
    slowThresholdMs: Int,
    apdex: Apdex
) {
  def koPercent: Double = if (count == 0) 0.0 else ko * 100.0 / count
  def p50Ms: Int = percentilesMs(50)
  def p75Ms: Int = percentilesMs(75)
  def p90Ms: Int = percentilesMs(90)
  def p95Ms: Int = percentilesMs(95)
  def p99Ms: Int = percentilesMs(99)
  def p999Ms: Int = percentilesMs(99.9)
}

object Figures {

  /** The percentiles every summary carries: Gatling's report columns plus p90 (eForms SLA) and p99.9. */
  val Ranks: Seq[Double] = Seq(50, 75, 90, 95, 99, 99.9)

  /** The figures of nothing: no request was recorded. */
  def empty(slowThresholdMs: Int, apdexThresholdMs: Int): Figures =
    Figures(
      0,
      0,
      0,
      0.0,
      0,
      Ranks.map(_ -> 0).toMap,
      Map.empty,
      0,
      0,
      0,
      0,
      slowThresholdMs,
      Apdex(apdexThresholdMs, 0, 0, 0)
    )
}

/** What a merge needs beyond the figures: exact sums and the HdrHistogram (base64, compressed). Stored in
  * summary.json as it is, the histogram as `hdrHistogram`.
  */
final case class Mergeable(
    sumMs: Long,
    sumOfSquaresMs: Long,
    @JsonProperty(value = "hdrHistogram", required = true) histogram: String
)

/** From the first start to the last end of a request's (or a system's) records. */
final case class Span(startEpochMs: Long, endEpochMs: Long) {

  /** Whole seconds, rounded up as Gatling's report rounds the run's: at least one. */
  def seconds: Double = math.max(1.0, math.ceil((endEpochMs - startEpochMs) / 1000.0))

  def union(other: Span): Span = Span(startEpochMs min other.startEpochMs, endEpochMs max other.endEpochMs)
}

/** A request (path = groups :+ request name), a group (path = its hierarchy) or the global line (Nil).
  *
  * @param span when the request ran (None for groups, windows and summaries written before it was kept)
  */
final case class Entry(path: List[String], figures: Figures, mergeable: Mergeable, span: Option[Span] = None) {
  def name: String = Entry.name(path)

  /** Its requests/s over the interval it ran in; `figures.requestsPerSecond` is over the whole run, as in
    * Gatling's report, which says little of a request that ran for a minute of a run of an hour.
    */
  def activeRequestsPerSecond: Double = span.fold(figures.requestsPerSecond)(s => figures.count / s.seconds)
}

object Entry {
  val GlobalName = "All Requests"
  def name(path: List[String]): String = if (path.isEmpty) GlobalName else path.mkString(" / ")
}

/** Completed (OK) transactions of one group inside a window. Stored in summary.json as it is, with its name for
  * readers (never read back); summaries written before transactions had a path read with none.
  */
@JsonPropertyOrder(Array("name", "completed", "perHour", "path"))
final case class TransactionRate(path: List[String] = Nil, completed: Long, perHour: Double) {
  @JsonProperty("name") def name: String = Entry.name(path)
}

/** The steady window: start-up and wind-down left out.
  *
  * @param coveredMs    the time the window covers: its length, or for merged shards the length of
  *                     the union of their windows
  * @param source       where the window came from (the profile, results.steadyWindow, the whole run)
  */
final case class SteadyState(
    startEpochMs: Long,
    endEpochMs: Long,
    coveredMs: Long,
    source: SteadySource,
    requests: Long,
    transactions: Seq[TransactionRate],
    degradation: Option[Degradation] = None
) {
  def requestsPerSecond: Double = if (coveredMs > 0) requests * 1000.0 / coveredMs else 0.0

  /** Top-level groups only: a nested group is part of its parent's transaction. */
  def transactionsPerHour: Double = transactions.filter(_.path.size == 1).map(_.perHour).sum
}

/** Figures for one window the profile recorded (a cycle, a concurrency level, a repeat). */
final case class WindowSummary(
    window: RunWindow,
    global: Option[Entry],
    requests: Seq[Entry],
    groups: Seq[Entry],
    transactions: Seq[TransactionRate]
) {
  def transactionsPerHour: Double = transactions.filter(_.path.size == 1).map(_.perHour).sum
}

/** What was run, where and when.
  *
  * @param startEpochMs     the log's first record (a request, or a user's start)
  * @param planStartEpochMs when Gatling began the injection plan (the log's header): the first request may come
  *                         later by the plan's shape; None in summaries written before it was kept
  */
final case class RunMetadata(
    simulation: String,
    systems: Seq[String],
    simulationClass: String,
    runId: String,
    startEpochMs: Long,
    endEpochMs: Long,
    target: String,
    profile: String,
    shard: RunShard,
    gitCommit: String,
    gatlingVersion: String,
    overrides: Map[String, String],
    runDescription: String,
    mergedFrom: Seq[String],
    shardedRunId: Option[String] = None,
    start: Option[ShardStart] = None,
    planStartEpochMs: Option[Long] = None,
    smoke: Boolean = false
) {
  def durationMs: Long = endEpochMs - startEpochMs
}

/** How many failed requests of one request `path` Gatling gave one reason, as it words it (e.g.
  * `status.find.is(200), but actually found 503`). Summaries written before errors were kept per request
  * have an empty path. Stored in summary.json as it is, with its status for readers (worked out again when read).
  */
final case class ErrorCount(message: String, count: Long, path: List[String] = Nil) {

  /** The HTTP status the reason names, where it is a status check's failure. */
  @JsonProperty("status") @JsonInclude(NON_ABSENT)
  def status: Option[Int] = ErrorCount.FoundStatus.findFirstMatchIn(message).map(_.group(1).toInt)
}

object ErrorCount {

  /** Distinct messages kept per request: a message that names an id would otherwise grow without end. */
  val MaxMessages = 50
  val OtherMessages = "(other messages)"
  // Gatling's wording of a failed status check: "status.find.is(200), but actually found 503", also for in(...).
  private val FoundStatus = """^status\.find\..*but actually found (\d{3})$""".r.unanchored

  /** Most frequent first, then by request and reason. */
  def sorted(errors: Iterable[ErrorCount]): Seq[ErrorCount] =
    errors.toSeq.sortBy(e => (-e.count, Entry.name(e.path), e.message))
}

/** Whether the run did what it planned: a run that did not is never a PASS and never a baseline.
  *
  * @param plannedUsers users the injection profiles were to start (None where the count depends on
  *                     the system's speed, as in closed shapes)
  * @param actualDurationMs how long the load ran: the log's first record to its last, or for a run without
  *                     figures the time its simulation recorded (None where it recorded none)
  * @param problems     why the run is incomplete, one line each; empty for a complete run
  * @param work         each fixed-work list and how far it got (empty for other shapes)
  */
final case class Completion(
    plannedUsers: Option[Long],
    startedUsers: Long,
    endedUsers: Long,
    plannedDurationMs: Option[Long],
    actualDurationMs: Option[Long],
    problems: Seq[Problem],
    work: Seq[WorkDone] = Nil
) {
  def complete: Boolean = problems.isEmpty
}

object Completion {

  /** Why a run (or its system `system`) fell short of its users: fewer started than planned, or some had not
    * finished their journey when it ended.
    */
  def usersShort(
      system: Option[String],
      plannedUsers: Option[Long],
      startedUsers: Long,
      endedUsers: Long
  ): Seq[Problem] =
    (plannedUsers.filter(_ > startedUsers).map(p =>
      (ProblemKind.UsersNotStarted, s"$startedUsers of the $p planned users started")
    ).toSeq ++ Option.when(endedUsers < startedUsers)(
      (
        ProblemKind.JourneysUnfinished,
        s"${startedUsers - endedUsers} of $startedUsers users had not finished their journey when the run ended"
      )
    )).map { case (kind, detail) => Problem(system, kind, detail, system) }
}

/** How the figures were computed; two summaries merge or compare only when these agree. Stored in summary.json
  * as it is.
  *
  * @param confidencePercent the confidence of every percentile's interval: summaries written before percentiles
  *                          had intervals (schema 3) state none, and theirs are worked out at 95 %
  */
final case class SummarySettings(
    apdexThresholdMs: Int,
    slowThresholdMs: Int,
    groupMetric: String,
    percentileSource: String,
    @JsonProperty(required = false) confidencePercent: Double = PercentileInterval.DefaultConfidencePercent
)

/** @param duplicateLocks resources the run's users claimed ([[Claims]]) that more than one of them got;
  *                       None when the run recorded no claims
  * @param timeline       the run over time (None for merged shards and summaries written before it existed)
  * @param sandboxExhaustion what the in-process sandbox ran out of (see RunCourse): the run is INVALID
  * @param systems        each system's own figures (empty for summaries written before, and for a run of
  *                       several systems that recorded no systems); with several, `steady` is the whole run
  * @param capacity       each system's capacity search, its steps' figures from the log (see results.capacity)
  */
final case class RunSummary(
    run: RunMetadata,
    settings: SummarySettings,
    global: Entry,
    groups: Seq[Entry],
    requests: Seq[Entry],
    steady: SteadyState,
    windows: Seq[WindowSummary],
    warnings: Seq[String],
    completion: Completion,
    injector: Option[InjectorHealthRecord],
    errors: Seq[ErrorCount],
    gate: Option[GateVerdict],
    earlyStop: Option[EarlyStopRecord] = None,
    duplicateLocks: Option[DuplicateLocks] = None,
    sessions: Seq[SessionFigures] = Nil,
    tallies: Seq[Tally] = Nil,
    timeline: Option[Timeline] = None,
    curves: Seq[ThroughputCurve] = Nil,
    sandboxExhaustion: Seq[String] = Nil,
    systems: Seq[SystemSummary] = Nil,
    capacity: Seq[results.model.CapacitySearch] = Nil,
    shardOverlap: Option[ShardOverlap] = None
) {
  def entry(path: List[String]): Option[Entry] =
    requests.find(_.path == path).orElse(groups.find(_.path == path))

  /** False for a run stopped before its log held a single request: its plan, how long it ran and its verdict only. */
  def hasFigures: Boolean = global.figures.count > 0

  /** Transactions are Gatling groups: without any, transactions per hour is no figure at all, not 0. */
  def definesTransactions: Boolean = groups.nonEmpty
}
