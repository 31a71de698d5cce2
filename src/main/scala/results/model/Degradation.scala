package results.model

import com.fasterxml.jackson.annotation.{ JsonProperty, JsonPropertyOrder }

import text.Formats

/** The latency of the requests that started in one quarter of the steady window. */
final case class QuarterFigures(requests: Long, p95Ms: Int, p99Ms: Int)

/** Whether latency degraded over the steady window (a soak's question): its first quarter against its
  * last. With fewer than `minSamples` requests in either quarter (a smoke run) the gate does not judge it:
  * a few samples' p95 says nothing. Stored in summary.json as it is, with whether it is judged and its change for
  * readers (never read back).
  */
@JsonPropertyOrder(Array("minSamples", "judged", "p95ChangePercent", "firstQuarter", "lastQuarter"))
final case class Degradation(
    @JsonProperty(value = "firstQuarter", required = true) first: QuarterFigures,
    @JsonProperty(value = "lastQuarter", required = true) last: QuarterFigures,
    minSamples: Long
) {
  @JsonProperty("judged")
  def judged: Boolean = first.requests >= minSamples && last.requests >= minSamples

  def p95ChangePercent: Option[Double] =
    Option.when(first.p95Ms > 0)(100.0 * (last.p95Ms - first.p95Ms) / first.p95Ms)

  /** [[p95ChangePercent]] to two decimals, as summary.json shows it. */
  @JsonProperty("p95ChangePercent")
  def p95ChangePercentShown: Option[Double] = p95ChangePercent.map(Formats.round(_, 2))
}
