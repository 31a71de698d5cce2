package results.model

import com.fasterxml.jackson.annotation.{ JsonProperty, JsonPropertyOrder }

import text.Formats

/** Apdex counts for one request, group or window.
  *
  * A sample is satisfied at or under T, tolerating up to 4T, frustrated above 4T. A failed (KO)
  * sample counts as frustrated whatever its time: the user did not get what they asked for.
  *
  * Stored in summary.json as it is (T as `tMs`), with its score and rating for readers (never read back).
  */
@JsonPropertyOrder(Array("tMs", "satisfied", "tolerating", "frustrated", "score", "rating"))
final case class Apdex(
    @JsonProperty(value = "tMs", required = true) thresholdMs: Int,
    satisfied: Long,
    tolerating: Long,
    frustrated: Long
) {
  def samples: Long = satisfied + tolerating + frustrated

  def score: Option[Double] = Option.when(samples > 0)((satisfied + tolerating / 2.0) / samples)

  /** [[score]] to four decimals, as summary.json shows it. */
  @JsonProperty("score")
  def scoreShown: Option[Double] = score.map(Formats.round(_, 4))

  @JsonProperty("rating")
  def rating: String = score.map(Apdex.rating).getOrElse("no samples")
}

object Apdex {

  /** The rating bands of the learning portal's report. */
  def rating(score: Double): String =
    if (score >= 0.94) "Excellent"
    else if (score >= 0.85) "Good"
    else if (score >= 0.70) "Fair"
    else if (score >= 0.50) "Poor"
    else "Unacceptable"
}
