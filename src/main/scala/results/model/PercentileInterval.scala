package results.model

/** Where a percentile of the population lies, at the summary's confidence, from its sample's order statistics:
  * distribution-free (binomial bounds on the rank), no distribution assumed.
  *
  * @param lowerMs the value at the lower rank; 0 where the sample is too small to bound it from below
  * @param upperMs the value at the upper rank; None where that rank lies beyond the largest value seen: the
  *                sample is too small to bound the percentile from above (a p99 from fewer than about 300
  *                samples at 95 %)
  */
final case class PercentileInterval(lowerMs: Int, upperMs: Option[Int]) {
  def bounded: Boolean = upperMs.isDefined

  /** Wholly above `limit`: the percentile lies beyond it at the interval's confidence. */
  def beyond(limit: Double): Boolean = lowerMs > limit

  /** Wholly at or below `limit`: the percentile lies within it at the interval's confidence. */
  def within(limit: Double): Boolean = upperMs.exists(_ <= limit)

  /** Neither: the sample cannot tell the percentile from `limit`. */
  def straddles(limit: Double): Boolean = !beyond(limit) && !within(limit)
}

object PercentileInterval {

  /** The confidence every summary states unless `results.intervals.confidencePercent` says otherwise. */
  val DefaultConfidencePercent = 95.0
}
