package results.model

/** A stretch of the run the load profile marks out, e.g. the steady state, one cycle, or one
  * concurrency level and repeat (kind "level", label [[WindowLabel.Level]]). A window that ends at or before
  * its start is kept as recorded here (a run is never lost over it); the summary leaves it out with a warning.
  */
final case class RunWindow(kind: String, label: WindowLabel, startEpochMs: Long, endEpochMs: Long) {
  def isEmpty: Boolean = endEpochMs <= startEpochMs
  def contains(epochMs: Long): Boolean = epochMs >= startEpochMs && epochMs < endEpochMs
  def durationMs: Long = endEpochMs - startEpochMs

  /** What the window is, for a reader: "cycle 2 (250 users)", "sweep level 3, repeat 2 (4 users)",
    * "steady window: hold".
    */
  def title: String = (kind, label) match {
    case (RunWindow.Cycle, cycle: WindowLabel.Cycle)                => cycle.text
    case (RunWindow.Level, WindowLabel.Level(level, repeat, users)) =>
      s"sweep level $level, repeat $repeat (${WindowLabel.users(users)})"
    case (RunWindow.Level, _)                   => s"sweep level ${label.text}"
    case (RunWindow.Steady, WindowLabel.Steady) => "steady window"
    case (RunWindow.Steady, _)                  => s"steady window: ${label.text}"
    case _                                      => s"$kind ${label.text}"
  }
}

/** One fixed-work population's list of scenarios and how far its workers got through it, between the
  * first scenario's start and the last one's end (both 0 when none started).
  */
final case class WorkDone(scenario: String, planned: Long, finished: Long, startEpochMs: Long, endEpochMs: Long) {
  def started: Boolean = endEpochMs > startEpochMs
}

object WorkDone {

  /** The headline of a fixed-work run: the time from the first scenario's start to the last one's end,
    * over every list (None without fixed work, or when no scenario ran).
    */
  def elapsedMs(work: Seq[WorkDone]): Option[Long] = {
    val ran = work.filter(_.started)
    Option.when(ran.nonEmpty)(ran.map(_.endEpochMs).max - ran.map(_.startEpochMs).min)
  }

  /** "Work: 24,000 of 24,000 scenarios finished in 21.5 minutes (web: 21,000 of 21,000; ...)". */
  def headline(work: Seq[WorkDone]): Option[String] =
    Option.when(work.nonEmpty) {
      val elapsed = elapsedMs(work).fold("none started")(ms => f"in ${ms / 60000.0}%.1f minutes (${ms / 1000} s)")
      val parts =
        if (work.size < 2) ""
        else work.map(w => s"${w.scenario}: ${count(w.finished)} of ${count(w.planned)}").mkString("; ", "; ", "")
      s"Work: ${count(work.map(_.finished).sum)} of ${count(work.map(_.planned).sum)} scenarios finished $elapsed$parts"
    }

  private def count(n: Long): String = String.format(java.util.Locale.ROOT, "%,d", Long.box(n))
}

/** A window planned at fixed offsets from the run's start (a profile's steady phase, its cycles): the
  * results step resolves it against the start its simulation.log records.
  */
final case class PlannedWindow(kind: String, label: WindowLabel, fromMs: Long, toMs: Long) {
  def at(runStartEpochMs: Long): RunWindow = RunWindow(kind, label, runStartEpochMs + fromMs, runStartEpochMs + toMs)
}

object RunWindow {

  /** The kind of the window transactions per hour are counted over (else results.steadyWindow applies). */
  val Steady = "steady"
  val Cycle = "cycle"
  val Level = "level"
}

/** The injector JVM's own load over the run: CPU as a share of all the machine's cores, sampled every
  * second; `busySamples` is how many samples were at or above the CPU limit. `connectionRetries` are the
  * requests Gatling sent again after their connection was closed or reset (see suite.ConnectionRetries).
  * `cpuSeconds` is the CPU time the JVM used from the start of the run to its end, and `heapPeakMiB` the
  * most heap in use at any sample, so a benchmark reads the injector's cost per request and its memory
  * from the run itself (0 in runs archived before they were measured).
  */
final case class InjectorFigures(
    cores: Int,
    cpuMeanPercent: Double,
    cpuMaxPercent: Double,
    busySamples: Int,
    gcPercent: Double,
    samples: Int,
    lateStarts: LateStartFigures = LateStartFigures.None,
    gcPauses: Int = 0,
    gcLongestPauseMs: Long = 0,
    connectionRetries: Long = 0,
    cpuSeconds: Double = 0,
    heapPeakMiB: Long = 0
) {
  def busyPercent: Double = if (samples == 0) 0.0 else 100.0 * busySamples / samples
}

/** How late users started against their schedule (see profiles.LateStarts): over `users` measured. */
final case class LateStartFigures(users: Long, p99Ms: Long, maxMs: Long)

object LateStartFigures {

  /** No user was measured: no profile of the run had an exact schedule, or the run predates the measure. */
  val None: LateStartFigures = LateStartFigures(0, 0, 0)
}

/** Beyond these, the injector itself was the bottleneck and the run's latencies say nothing of the
  * target: more than `maxBusyPercent` of the samples at `maxCpuPercent` or above, or more than
  * `maxGcPercent` of the run in garbage collection, or users starting more than `maxLateStartP99Ms`
  * behind their schedule at p99. Runs with fewer than `minSamples` samples (smoke runs: mostly JIT
  * warm-up) are not judged.
  */
final case class InjectorLimits(
    maxCpuPercent: Double,
    maxBusyPercent: Double,
    maxGcPercent: Double,
    minSamples: Int,
    maxLateStartP99Ms: Long
)

final case class InjectorHealthRecord(figures: InjectorFigures, limits: InjectorLimits) {
  private def percent(value: Double) = f"$value%.0f %%"

  /** One line for readers: what the injector used, and how late it started users. */
  def describe: String = {
    val late = figures.lateStarts
    val starts =
      if (late.users == 0) ""
      else f"; users started up to ${late.maxMs}%,d ms behind their schedule (p99 ${late.p99Ms}%,d ms)"
    val retries =
      if (figures.connectionRetries == 0) ""
      else
        f"; ${figures.connectionRetries}%,d requests sent again after their connection was closed or reset (no KO when the retry succeeded)"
    f"CPU ${figures.cpuMeanPercent}%.0f %% of ${figures.cores} cores on average (max ${figures.cpuMaxPercent}%.0f %%), " +
      f"GC pauses ${figures.gcPercent}%.1f %% of the run (${figures.gcPauses}%,d, longest ${figures.gcLongestPauseMs}%,d ms)$starts$retries"
  }

  /** Why the injector was saturated; empty when it was not, or when the run was too short to say. */
  def saturation: Seq[String] =
    if (figures.samples < limits.minSamples) Nil
    else
      Seq(
        Option.when(figures.busyPercent > limits.maxBusyPercent)(
          s"injector saturated: its JVM used ${percent(limits.maxCpuPercent)} or more of the machine's ${figures.cores} cores " +
            s"for ${percent(figures.busyPercent)} of the run (limit ${percent(limits.maxBusyPercent)})"
        ),
        Option.when(figures.gcPercent > limits.maxGcPercent)(
          s"injector saturated: its JVM spent ${percent(figures.gcPercent)} of the run in garbage-collection pauses (limit ${percent(limits.maxGcPercent)})"
        ),
        Option.when(figures.lateStarts.p99Ms > limits.maxLateStartP99Ms)(
          f"injector saturated: users started behind their schedule, p99 ${figures.lateStarts.p99Ms}%,d ms and up to " +
            f"${figures.lateStarts.maxMs}%,d ms late (limit p99 ${limits.maxLateStartP99Ms}%,d ms)"
        )
      ).flatten
}

/** Why and when an early-stop limit (suite.EarlyStopLimits) stopped the run.
  *
  * @param limit     which limit broke: "server error %" or "p99"
  * @param responses how many responses the window held
  * @param atMs      when, from the run's start
  */
final case class EarlyStopRecord(
    limit: String,
    measured: Double,
    allowed: Double,
    unit: String,
    windowMs: Long,
    responses: Long,
    atMs: Long
) {

  /** "stopped early at 6.0 s: server error % over the last 10 s was 100 % (14 responses), allowed at most 50 %". */
  def describe: String =
    f"stopped early at ${atMs / 1000.0}%.1f s: " +
      s"$limit over the last ${GateCheck.format(windowMs / 1000.0)} s " +
      s"was ${GateCheck.format(measured)}$unit ($responses responses), allowed at most ${GateCheck.format(allowed)}$unit"
}

/** What the simulation planned, and how its run went as the simulation saw it.
  *
  * @param users      users the injection profiles start (None where the count depends on the system's
  *                   speed, as in closed shapes)
  * @param durationMs planned injection time (None where it depends on the system's speed)
  * @param reachedEnd Gatling ran the simulation's `after` hook: the run was neither interrupted nor killed
  * @param elapsedMs  from the simulation's start to its archiving (None where not recorded)
  * @param injector   the injector JVM's CPU and GC over the run, with the limits it was held to
  * @param earlyStop  why and when an early-stop limit stopped the run, if one did
  * @param sandboxExhaustion why the in-process sandbox could not serve the load: a part of it ran out of
  *                   descriptors or threads (the run is then INVALID)
  */
final case class RunCourse(
    users: Option[Long],
    durationMs: Option[Long],
    reachedEnd: Boolean,
    elapsedMs: Option[Long],
    injector: Option[InjectorHealthRecord],
    earlyStop: Option[EarlyStopRecord] = None,
    sandboxExhaustion: Seq[String] = Nil
)

object RunCourse {

  /** For a bare Gatling folder that no simulation of ours recorded: only the log can tell. */
  val Unrecorded: RunCourse = RunCourse(None, None, reachedEnd = true, None, None)
}

/** One system of a run, as the simulation recorded it: what the log cannot say.
  *
  * @param scenarios     its populations' scenario names (one per line class; a sweep's add " L1 R1")
  * @param plannedUsers  the users its profiles were to start, None where its speed decides (closed shapes)
  * @param plannedSteady its profile's steady phase, at offsets from the run's start
  * @param measuredSteady its fixed work's window, as the workers measured it
  * @param requests      the request paths it was answered on, in the order first answered (its journey's)
  * @param capacity      its capacity search, when its profile was `capacity`
  */
final case class SystemRecord(
    key: String,
    profile: String,
    scenarios: Seq[String],
    plannedUsers: Option[Long],
    plannedSteady: Option[PlannedWindow] = None,
    measuredSteady: Option[RunWindow] = None,
    requests: Seq[List[String]] = Nil,
    capacity: Option[results.capacity.CapacityRecord] = None
) {
  def steadyAt(runStartEpochMs: Long): Option[RunWindow] =
    plannedSteady.map(_.at(runStartEpochMs)).orElse(measuredSteady)

  /** A scenario is its own when named as one of its populations, or a sweep level of one ("raid L2 R1"). */
  def runs(scenario: String): Boolean = scenarios.exists(s => scenario == s || scenario.startsWith(s + " L"))
}

/** What the simulation knows about its own run and the log does not: recorded as run.json beside the report.
  *
  * @param simulation    short name shown in summaries and the index, e.g. "RaidSimulation"
  * @param systems       the systems the run loaded, e.g. raid; each is gated on its own thresholds block
  * @param shard         "i/n" when n injectors share the load (see `ResultsCli merge`), else "1/1"
  * @param overrides     configuration the run overrode (its files record them through `suite.Redaction`)
  * @param plannedWindows windows at offsets from the run's start
  * @param windows       windows the run measured as it went (fixed work, sweep levels), in epoch ms
  * @param course        what the run planned, and whether it reached its end
  * @param work          each fixed-work population's list and how far it got
  * @param tallies       what the journeys counted in the responses (see [[Tally]])
  * @param curves        the throughput curves the systems' sweeps are read as (see [[ThroughputCurve]])
  * @param systemRecords each system's own plan and what the run recorded of it (none in run.json files
  *                      written before runs were read system by system)
  */
final case class RunContext(
    simulation: String,
    systems: Seq[String],
    target: String,
    profile: String,
    shard: String,
    overrides: Map[String, String],
    plannedWindows: Seq[PlannedWindow],
    windows: Seq[RunWindow],
    course: RunCourse = RunCourse.Unrecorded,
    work: Seq[WorkDone] = Nil,
    tallies: Seq[Tally] = Nil,
    curves: Seq[CurveSpec] = Nil,
    systemRecords: Seq[SystemRecord] = Nil
) {

  /** The records the run is read by: its own, or for a run of one system that recorded none, that system
    * owning every request. A run of several systems without records is read as one (its older way).
    */
  def systemsToRead: Seq[SystemRecord] =
    if (systemRecords.nonEmpty) systemRecords
    else systems.take(1).filter(_ => systems.size == 1).map(key => SystemRecord(key, profile, Nil, course.users))

  def resolvedWindows(runStartEpochMs: Long): Seq[RunWindow] =
    (plannedWindows.map(_.at(runStartEpochMs)) ++ windows).sortBy(w => (w.startEpochMs, w.label.text))
}

object RunContext {
  private val LoadKeys = Set("scale", "smoke")
  private val LoadPrefixes = Seq("thinkTime.", "sandbox.", "profiles.", "targets.")

  /** The overrides that change the load a run makes or the latency it meets (scale, smoke, think
    * times, the sandbox's stub delays, profile and target definitions). Runs compared as baseline
    * or merged as shards must agree on them; a key absent from both is at its default in both.
    */
  def loadOverrides(overrides: Map[String, String]): Map[String, String] =
    overrides.filter { case (key, _) => LoadKeys(key) || LoadPrefixes.exists(key.startsWith) }

  /** Where two runs' load overrides differ, e.g. "scale 0.5 vs default", sorted by key. */
  def loadDifferences(a: Map[String, String], b: Map[String, String]): Seq[String] = {
    val (loadA, loadB) = (loadOverrides(a), loadOverrides(b))
    (loadA.keySet ++ loadB.keySet).toSeq.sorted.collect {
      case key if loadA.get(key) != loadB.get(key) =>
        s"$key ${loadA.getOrElse(key, "default")} vs ${loadB.getOrElse(key, "default")}"
    }
  }
}
