package results.model

import com.fasterxml.jackson.annotation.JsonProperty

/** Why and when an early-stop limit (watch.EarlyStopLimits) stopped the run; stored in run.json and summary.json as
  * it is, with its reason in words for readers (never read back).
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
  @JsonProperty("reason")
  def describe: String =
    f"stopped early at ${atMs / 1000.0}%.1f s: " +
      s"$limit over the last ${GateCheck.format(windowMs / 1000.0)} s " +
      s"was ${GateCheck.format(measured)}$unit ($responses responses), allowed at most ${GateCheck.format(allowed)}$unit"
}
