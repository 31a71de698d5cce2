package results.model

/** How one shard of a sharded run began its load: the start every shard of the run waited for, and when this
  * one passed it. A shard that arrived after the start began at once: its lateness is what it missed.
  *
  * @param rule            how the start was agreed: [[StartRule.At]] a time given to every shard, or
  *                        [[StartRule.Rendezvous]] the last arrival at a folder they share
  * @param plannedEpochMs  the agreed start
  * @param startedEpochMs  when this shard let its load go
  * @param missingShards   at a rendezvous that timed out, the shards (1-based) that had not arrived
  */
final case class ShardStart(rule: StartRule, plannedEpochMs: Long, startedEpochMs: Long, missingShards: Seq[Int]) {
  def lateMs: Long = math.max(0L, startedEpochMs - plannedEpochMs)
}

sealed abstract class StartRule(val word: String)

object StartRule {
  case object At extends StartRule("at")
  case object Rendezvous extends StartRule("rendezvous")

  val All: Seq[StartRule] = Seq(At, Rendezvous)
}

/** One shard of a merged run on the shared time line: its run (from when its injection plan began to its last
  * record), its steady window, and how it started.
  */
final case class ShardTimes(
    runId: String,
    shard: String,
    startEpochMs: Long,
    endEpochMs: Long,
    steadyStartEpochMs: Long,
    steadyEndEpochMs: Long,
    start: Option[ShardStart]
)

/** The shards of a merged run on one time line: a merged verdict speaks of the load the target saw only for the
  * time every shard was in its steady window at once.
  *
  * @param minSharedFraction the least share of the steady windows' span all shards must have shared
  *                          (`results.merge.minSharedSteady`); below it the merged run is INVALID
  * @param toleranceMs       unshared time that never makes shards apart (`results.merge.startTolerance`): what a
  *                          common start achieves (fresh JVMs reach their first request some 100s of ms apart),
  *                          which in a run of seconds is more than its share
  */
final case class ShardOverlap(shards: Seq[ShardTimes], minSharedFraction: Double, toleranceMs: Long) {
  private val steadyFrom = shards.map(_.steadyStartEpochMs).max
  private val steadyTo = shards.map(_.steadyEndEpochMs).min

  /** From the first shard's steady start to the last one's steady end. */
  val steadySpanMs: Long = shards.map(_.steadyEndEpochMs).max - shards.map(_.steadyStartEpochMs).min

  /** The time all shards were in their steady windows together. */
  val sharedSteadyMs: Long = math.max(0L, steadyTo - steadyFrom)

  val sharedFraction: Double = if (steadySpanMs > 0) sharedSteadyMs.toDouble / steadySpanMs else 0.0

  val firstStartEpochMs: Long = shards.map(_.startEpochMs).min

  def skewMs(shard: ShardTimes): Long = shard.startEpochMs - firstStartEpochMs

  /** The latest shard's plan start after the first one's. */
  val maxSkewMs: Long = shards.map(skewMs).max

  /** The planned load never ran at once: the merged figures are of loads the target saw apart. */
  def apart: Boolean =
    steadySpanMs - sharedSteadyMs > math.max((1 - minSharedFraction) * steadySpanMs, toleranceMs.toDouble)

  /** e.g. `shards apart: all 2 shards shared 0 s of their steady windows' 45 s (0 %; at least 95 %, or all but 1.0 s,
    * needed):
    * raid-a (1/2) 12:00:00 to 12:00:20 UTC, raid-b (2/2) 12:00:25 to 12:00:45 UTC`
    */
  def describe: String = {
    val clock = java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneOffset.UTC)
    def at(epochMs: Long) = clock.format(java.time.Instant.ofEpochMilli(epochMs))
    f"shards apart: all ${shards.size} shards shared ${sharedSteadyMs / 1000.0}%.0f s of their steady windows' ${steadySpanMs / 1000.0}%.0f s (${sharedFraction * 100}%.0f %%; at least ${minSharedFraction * 100}%.0f %%, or all but ${toleranceMs / 1000.0}%.1f s, needed): " +
      shards.map(s => s"${s.runId} (${s.shard}) ${at(s.steadyStartEpochMs)} to ${at(s.steadyEndEpochMs)} UTC").mkString(
        ", "
      )
  }
}
