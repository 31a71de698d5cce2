package results.archive

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.{ NON_ABSENT, NON_EMPTY }
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

/** A history record's file (results/history/<run>.json) as Jackson binds it; see [[HistoryStore]].
  *
  * @param historySchema the record's schema: a file without it is not one of ours
  * @param time          the run's start, ISO 8601, for readers; `startEpochMs` is what is read back
  * @param verdict       the gate's word; absent for figures imported from a table
  * @param release       whether the release gate judged it (absent: false)
  * @param systemVersions the version each system that tells its own said it ran (absent: none)
  * @param confidencePercent the confidence of the figures' intervals (absent: none kept, as before they were)
  */
private[results] final case class HistoryRecordDocument(
    historySchema: Int,
    runId: String,
    commit: String,
    time: String,
    startEpochMs: Long,
    simulation: String,
    target: String,
    profile: String,
    shard: ShardDocument,
    loadOverrides: Map[String, String],
    deployedVersion: Option[String],
    verdict: Option[String],
    figures: Seq[PathFiguresDocument],
    @JsonProperty(required = false) release: Boolean = false,
    @JsonProperty(required = false) systemVersions: Map[String, String] = Map.empty,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Double]) confidencePercent: Option[
      Double
    ] = None
)

/** One path's figures; a metric the run did not give (an imported table's) is absent, and so are the intervals
  * where it gave none (`intervals` keyed by metric, p50, p95 or p99).
  */
private[results] final case class PathFiguresDocument(
    system: String,
    path: String,
    @JsonDeserialize(contentAs = classOf[java.lang.Long]) count: Option[Long],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p50: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p95: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p99: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) ko: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) throughput: Option[Double],
    histogram: Option[String],
    @JsonInclude(NON_EMPTY) @JsonProperty(required = false) intervals: Map[String, IntervalDocument] = Map.empty
)

/** A percentile's interval; `upperMs` absent where the sample is too small to bound it from above. */
private[results] final case class IntervalDocument(
    lowerMs: Int,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Integer]) upperMs: Option[Int]
)

/** An accepted change point's file (results/history/accepted/<time>-<uuid>.json). */
private[results] final case class AcceptanceDocument(
    historySchema: Int,
    system: String,
    path: String,
    metric: String,
    runId: String,
    reason: String,
    time: String,
    acceptedEpochMs: Long
)
