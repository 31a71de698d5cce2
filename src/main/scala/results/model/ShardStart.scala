package results.model

import com.fasterxml.jackson.annotation.{ JsonProperty, JsonPropertyOrder }

/** How one shard of a sharded run began its load: the start every shard of the run waited for, and when this
  * one passed it. A shard that arrived after the start began at once: its lateness is what it missed.
  *
  * @param rule            how the start was agreed: [[StartRule.At]] a time given to every shard, or
  *                        [[StartRule.Rendezvous]] the last arrival at a folder they share
  * @param plannedEpochMs  the agreed start
  * @param startedEpochMs  when this shard let its load go
  * @param missingShards   at a rendezvous that timed out, the shards (1-based) that had not arrived
  *
  * Stored in run.json and summary.json as it is (its rule by its word), with its lateness for readers (never read
  * back).
  */
@JsonPropertyOrder(Array("rule", "plannedEpochMs", "startedEpochMs", "lateMs", "missingShards"))
final case class ShardStart(rule: StartRule, plannedEpochMs: Long, startedEpochMs: Long, missingShards: Seq[Int]) {
  @JsonProperty("lateMs")
  def lateMs: Long = math.max(0L, startedEpochMs - plannedEpochMs)
}

sealed abstract class StartRule(val word: String)

object StartRule {
  case object At extends StartRule("at")
  case object Rendezvous extends StartRule("rendezvous")

  val All: Seq[StartRule] = Seq(At, Rendezvous)
}

/** One shard of a merged run on the shared time line: its run (from when its injection plan began to its last
  * record), its steady window, how it started, and what it sent while every shard was steady.
  *
  * @param sharedRequests the requests it started in the window all shards were in their steady windows at once
  *                       (None: its summary kept no timeline to count them by)
  * @param plannedShare   its part of the plan: its planned users over all shards' (0, its pace not judged, where
  *                       the plans have no user count, as closed shapes)
  */
final case class ShardTimes(
    runId: String,
    shard: String,
    startEpochMs: Long,
    endEpochMs: Long,
    steadyStartEpochMs: Long,
    steadyEndEpochMs: Long,
    start: Option[ShardStart],
    sharedRequests: Option[Long] = None,
    plannedShare: Double = 0.0
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
final case class ShardOverlap(
    shards: Seq[ShardTimes],
    minSharedFraction: Double,
    toleranceMs: Long,
    maxShortfall: Double = ShardOverlap.DefaultMaxShortfall
) {
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

  /** The requests every shard started in the shared steady window, when every shard counted its own. */
  val sharedRequests: Option[Long] =
    Option.when(shards.forall(_.sharedRequests.nonEmpty))(shards.flatMap(_.sharedRequests).sum)

  /** What `shard` would have sent in the shared steady window had the shards sent it in their plan's parts. */
  def expectedRequests(shard: ShardTimes): Option[Double] =
    sharedRequests.filter(_ => shard.plannedShare > 0).map(_ * shard.plannedShare)

  /** What `shard` sent of its part (1: all of it), judged only when its part is [[ShardOverlap.MinExpectedRequests]]
    * or more: a few requests' count says nothing of a shard's pace.
    */
  def achievedShare(shard: ShardTimes): Option[Double] =
    for {
      expected <- expectedRequests(shard).filter(_ >= ShardOverlap.MinExpectedRequests)
      sent <- shard.sharedRequests
    } yield sent / expected

  /** A shard's requests per second over the shared steady window, `requests` of them. */
  def ratePerSecond(requests: Double): Double = if (sharedSteadyMs > 0) requests * 1000.0 / sharedSteadyMs else 0.0

  /** Shards that sent less than their part by more than `maxShortfall`: a slow injector or path, whose share of
    * the load the target never saw.
    */
  val short: Seq[ShardTimes] = shards.filter(s => achievedShare(s).exists(_ < 1 - maxShortfall))

  /** Shards that let their load go later than the agreed start by more than `toleranceMs`. */
  val late: Seq[ShardTimes] = shards.filter(_.start.exists(_.lateMs > toleranceMs))

  /** The shards (1-based) a rendezvous timed out without: the others began without them. */
  val missingAtStart: Seq[Int] = shards.flatMap(_.start.toSeq.flatMap(_.missingShards)).distinct.sorted

  /** The planned load did not run in full at once: a shard short of its part, late, or missing at the start. */
  def uneven: Boolean = short.nonEmpty || late.nonEmpty || missingAtStart.nonEmpty

  /** e.g. `shards uneven: raid-2 (2/2) sent 50 % of its part in the 100 s all shards were steady (2.5 of 5.0
    * requests/s; at least 75 % needed); raid-1 (1/2) began 4.0 s after the agreed start (at most 1.0 s)`
    */
  def describeUneven: String = {
    val shortText = short.map { s =>
      val expected = expectedRequests(s).getOrElse(0.0)
      f"${s.runId} (${s.shard}) sent ${achievedShare(s).getOrElse(0.0) * 100}%.0f %% of its part in the ${sharedSteadyMs / 1000.0}%.0f s all shards were steady (${ratePerSecond(s.sharedRequests.getOrElse(0L).toDouble)}%.1f of ${ratePerSecond(expected)}%.1f requests/s; at least ${(1 - maxShortfall) * 100}%.0f %% needed)"
    }
    val lateText = late.map(s =>
      f"${s.runId} (${s.shard}) began ${s.start.map(_.lateMs).getOrElse(0L) / 1000.0}%.1f s after the agreed start (at most ${toleranceMs / 1000.0}%.1f s)"
    )
    val missingText = Option.when(missingAtStart.nonEmpty)(
      s"shard ${missingAtStart.map(i => s"$i/${shards.size}").mkString(", ")} missing at the start (the others began without it)"
    )
    "shards uneven: " + (shortText ++ lateText ++ missingText).mkString("; ")
  }

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

object ShardOverlap {

  /** `results.merge.maxShortfall`'s default: a shard at three quarters of its part or more is at its share. */
  val DefaultMaxShortfall = 0.25

  /** The least requests a shard's part of the shared steady window must hold for its pace to be judged. */
  val MinExpectedRequests = 50.0
}
