package results

/** A stretch of the run the load profile marks out, e.g. the steady state, one cycle, or one
  * concurrency level and repeat (kind "level", label "L3 R2 (...)"). A window that ends at or before
  * its start is kept as recorded here (a run is never lost over it); the summary leaves it out with a warning.
  */
final case class RunWindow(kind: String, label: String, startEpochMs: Long, endEpochMs: Long) {
  def isEmpty: Boolean = endEpochMs <= startEpochMs
  def contains(epochMs: Long): Boolean = epochMs >= startEpochMs && epochMs < endEpochMs
  def durationMs: Long = endEpochMs - startEpochMs
}

object RunWindow {
  /** The kind of the window transactions per hour are counted over (else results.steadyWindow applies). */
  val Steady = "steady"
}

/** What the simulation knows about its own run and the log does not: recorded as run.json beside the report.
  *
  * @param simulation    short name shown in summaries and the index, e.g. "RaidSimulation"
  * @param thresholdsKey the block of thresholds.conf that applies, e.g. "raid"
  * @param shard         "i/n" when n injectors share the load (see `ResultsCli merge`), else "1/1"
  * @param overrides     configuration the run overrode, secrets already redacted by the caller
  */
final case class RunContext(
    simulation: String,
    thresholdsKey: String,
    target: String,
    profile: String,
    shard: String,
    overrides: Map[String, String],
    windows: Seq[RunWindow]
)

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
      case key if loadA.get(key) != loadB.get(key) => s"$key ${loadA.getOrElse(key, "default")} vs ${loadB.getOrElse(key, "default")}"
    }
  }
}

