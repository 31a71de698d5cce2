package results.model

/** What the simulation knows about its own run and the log does not: recorded as run.json beside the report.
  *
  * @param simulation    short name shown in summaries and the index, e.g. "RaidSimulation"
  * @param systems       the systems the run loaded, e.g. raid; each is gated on its own thresholds block
  * @param shard         its part of the load when n injectors share it (see `ResultsCli merge`), else whole
  * @param overrides     configuration the run overrode (its files record them through `config.Redaction`)
  * @param plannedWindows windows at offsets from the run's start
  * @param windows       windows the run measured as it went (fixed work, sweep levels), in epoch ms
  * @param course        what the run planned, and whether it reached its end
  * @param work          each fixed-work population's list and how far it got
  * @param tallies       what the journeys counted in the responses (see [[Tally]])
  * @param curves        the throughput curves the systems' sweeps are read as (see [[ThroughputCurve]])
  * @param systemRecords each system's own plan and what the run recorded of it (none in run.json files
  *                      written before runs were read system by system)
  * @param shardedRunId  the name of the sharded run this run is a shard of (`shards.runId`), where given
  * @param start         how it began its load at its sharded run's common start, where it waited for one
  * @param smoke         whether every system ran at smoke scale (a smoke profile, or compressed by -Dsmoke):
  *                      such a run is never a baseline
  */
final case class RunContext(
    simulation: String,
    systems: Seq[String],
    target: String,
    profile: String,
    shard: RunShard,
    overrides: Map[String, String],
    plannedWindows: Seq[PlannedWindow],
    windows: Seq[RunWindow],
    course: RunCourse = RunCourse.Unrecorded,
    work: Seq[WorkDone] = Nil,
    tallies: Seq[Tally] = Nil,
    curves: Seq[CurveSpec] = Nil,
    systemRecords: Seq[SystemRecord] = Nil,
    shardedRunId: Option[String] = None,
    start: Option[ShardStart] = None,
    smoke: Boolean = false
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

  /** The commit of a run built from none it knows (no .git, no LOADTEST_GIT_COMMIT): shards of it never match. */
  val UnknownCommit = "unknown"
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
