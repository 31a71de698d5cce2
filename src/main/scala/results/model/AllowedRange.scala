package results.model

/** A limit that is itself an estimate: a baseline's p99 with the baseline policy applied to each bound of its
  * interval. A percentile judged by its interval against it is within the policy only when its interval lies at
  * or below `lowest`, and beyond it only when its interval lies wholly above `highest`; between, the two runs'
  * samples cannot tell a rise beyond the policy from noise.
  *
  * @param highest None where the baseline's interval has no upper bound: no rise can be shown beyond it
  */
final case class AllowedRange(lowest: Double, highest: Option[Double])
