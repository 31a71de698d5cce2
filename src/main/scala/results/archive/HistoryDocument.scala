package results.archive

import com.fasterxml.jackson.annotation.JsonProperty
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

/** A history record's file (results/history/<run>.json) as Jackson binds it; see [[HistoryStore]].
  *
  * @param historySchema the record's schema: a file without it is not one of ours
  * @param time          the run's start, ISO 8601, for readers; `startEpochMs` is what is read back
  * @param verdict       the gate's word; absent for figures imported from a table
  * @param release       whether the release gate judged it (absent: false)
  * @param systemVersions the version each system that tells its own said it ran (absent: none)
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
    @JsonProperty(required = false) systemVersions: Map[String, String] = Map.empty
)

/** One path's figures; a metric the run did not give (an imported table's) is absent. */
private[results] final case class PathFiguresDocument(
    system: String,
    path: String,
    @JsonDeserialize(contentAs = classOf[java.lang.Long]) count: Option[Long],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p50: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p95: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) p99: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) ko: Option[Double],
    @JsonDeserialize(contentAs = classOf[java.lang.Double]) throughput: Option[Double],
    histogram: Option[String]
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
