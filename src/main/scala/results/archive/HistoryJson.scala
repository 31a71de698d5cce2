package results.archive

import results.history.ChangePoint

import com.fasterxml.jackson.databind.SerializationFeature

/** A change point as `ResultsCli history changes --json` prints it: one JSON object a line. */
object HistoryJson {

  private final case class ChangePointDocument(
      system: String,
      path: String,
      metric: String,
      run: String,
      commit: String,
      time: String,
      deployedVersion: Option[String],
      change: Option[Double],
      before: Double,
      after: Double,
      pValue: Double,
      simulation: String,
      target: String,
      profile: String,
      shard: ShardDocument,
      loadOverrides: Map[String, String],
      accepted: Boolean,
      acceptedReason: Option[String]
  )

  def changePoint(c: ChangePoint): String =
    Json.mapper.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(
      ChangePointDocument(
        c.key.system,
        c.key.path,
        c.key.metric.name,
        c.began.runId,
        c.began.commit,
        Json.iso(c.began.startEpochMs),
        c.began.deployedVersion,
        c.change,
        c.before,
        c.after,
        c.pValue,
        c.key.settings.simulation,
        c.key.settings.target,
        c.key.settings.profile,
        ShardDocument.document(c.key.settings.shard),
        c.key.settings.loadOverrides,
        c.accepted.nonEmpty,
        c.accepted.map(_.reason)
      )
    )
}
