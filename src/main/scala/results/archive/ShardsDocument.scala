package results.archive

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model
import results.model.{ ShardOverlap, ShardStart }

import Json.iso
import text.Formats.round

/** summary.json's `shards`: a merged run's shards on one time line, as on disk, and the mapping to and from
  * [[ShardOverlap]].
  */
private[results] object ShardsDocument {

  /** A shard of a merged run: its load's start and end, its steady window, how it started. */
  final case class ShardTimes(
      runId: String,
      shard: String,
      @JsonProperty(required = false) startUtc: String = "",
      startEpochMs: Long,
      endEpochMs: Long,
      @JsonProperty(required = false) startSkewMs: Long = 0,
      steadyStartEpochMs: Long,
      steadyEndEpochMs: Long,
      @JsonInclude(NON_ABSENT) start: Option[ShardStart],
      // Merges before the shards' pace was judged have none.
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Long]) sharedRequests: Option[Long] =
        None,
      @JsonProperty(required = false) plannedShare: Double = 0,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs =
        classOf[java.lang.Double]
      ) expectedRequests: Option[Double] =
        None,
      @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Double]) achievedShare: Option[Double] =
        None,
      @JsonProperty(required = false) short: Boolean = false,
      @JsonProperty(required = false) lateMs: Long = 0,
      @JsonProperty(required = false) late: Boolean = false
  )

  /** How much of the shards' steady windows all of them shared, against the least the merge asks for. */
  final case class Shards(
      minSharedSteady: Double,
      startToleranceMs: Long,
      @JsonProperty(required = false) sharedSteadyMs: Long = 0,
      @JsonProperty(required = false) steadySpanMs: Long = 0,
      @JsonProperty(required = false) sharedSteady: Double = 0,
      @JsonProperty(required = false) maxStartSkewMs: Long = 0,
      @JsonProperty(required = false) apart: Boolean = false,
      @JsonProperty(required = false) maxShortfall: Double = ShardOverlap.DefaultMaxShortfall,
      @JsonProperty(required = false) missingAtStart: Seq[Int] = Nil,
      @JsonProperty(required = false) uneven: Boolean = false,
      shards: Seq[ShardTimes]
  )

  def document(o: ShardOverlap): Shards =
    Shards(
      o.minSharedFraction,
      o.toleranceMs,
      o.sharedSteadyMs,
      o.steadySpanMs,
      round(o.sharedFraction, 4),
      o.maxSkewMs,
      o.apart,
      o.maxShortfall,
      o.missingAtStart,
      o.uneven,
      o.shards.map(s =>
        ShardTimes(
          s.runId,
          s.shard,
          iso(s.startEpochMs),
          s.startEpochMs,
          s.endEpochMs,
          o.skewMs(s),
          s.steadyStartEpochMs,
          s.steadyEndEpochMs,
          s.start,
          s.sharedRequests,
          s.plannedShare,
          o.expectedRequests(s).map(round(_, 1)),
          o.achievedShare(s).map(round(_, 4)),
          o.short.contains(s),
          s.start.fold(0L)(_.lateMs),
          o.late.contains(s)
        )
      )
    )

  def overlap(d: Shards): ShardOverlap =
    ShardOverlap(
      d.shards.map(s =>
        model.ShardTimes(
          s.runId,
          s.shard,
          s.startEpochMs,
          s.endEpochMs,
          s.steadyStartEpochMs,
          s.steadyEndEpochMs,
          s.start,
          s.sharedRequests,
          s.plannedShare
        )
      ),
      d.minSharedSteady,
      d.startToleranceMs,
      d.maxShortfall
    )
}
