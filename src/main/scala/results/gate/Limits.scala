package results.gate

/** Limits for one subject (the whole run, a request or a group). Absent = not checked. */
final case class Limits(
    p99Ms: Option[Int],
    p95Ms: Option[Int],
    p90Ms: Option[Int],
    maxErrorPercent: Option[Double],
    minRequestsPerSecond: Option[Double],
    maxDegradationPercent: Option[Double] = scala.None
) {

  /** This block's values where set, `fallback`'s elsewhere. */
  def orElse(fallback: Limits): Limits =
    Limits(
      p99Ms.orElse(fallback.p99Ms),
      p95Ms.orElse(fallback.p95Ms),
      p90Ms.orElse(fallback.p90Ms),
      maxErrorPercent.orElse(fallback.maxErrorPercent),
      minRequestsPerSecond.orElse(fallback.minRequestsPerSecond),
      maxDegradationPercent.orElse(fallback.maxDegradationPercent)
    )

  /** What both systems' limits imply for their requests together: a percentile, or an error share, of the
    * union is at most the higher of the parts' ceilings (at most 1 % of each part is above its own p99), and
    * the union's throughput at least the higher floor. A ceiling only one part has bounds nothing together.
    * (The stricter ceiling would fail a union for its slower part: a 2 s RAiD mint under eRoll's 3 s p99.)
    */
  def together(other: Limits): Limits = {
    def ceiling[A: Ordering](a: Option[A], b: Option[A]) = for { x <- a; y <- b } yield Ordering[A].max(x, y)
    Limits(
      ceiling(p99Ms, other.p99Ms),
      ceiling(p95Ms, other.p95Ms),
      ceiling(p90Ms, other.p90Ms),
      ceiling(maxErrorPercent, other.maxErrorPercent),
      (minRequestsPerSecond ++ other.minRequestsPerSecond).maxOption,
      ceiling(maxDegradationPercent, other.maxDegradationPercent)
    )
  }

  def percentilesMs: Seq[(Double, Int)] =
    Seq(99.0 -> p99Ms, 95.0 -> p95Ms, 90.0 -> p90Ms).collect { case (rank, Some(ms)) => rank -> ms }
}

object Limits {
  val None: Limits = Limits(scala.None, scala.None, scala.None, scala.None, scala.None)
  val Keys: Set[String] =
    Set("p99Ms", "p95Ms", "p90Ms", "maxErrorPercent", "minRequestsPerSecond", "maxDegradationPercent")

  /** A request's or group's limits: degradation is judged for the whole run only. */
  val PathKeys: Set[String] = Keys - "maxDegradationPercent"
}

/** How far a request's p99 may drift above the baseline run's before the gate fails.
  *
  * @param ignoreBelowMs a rise smaller than this is noise (a 3 ms request going to 4 ms is +33%)
  */
final case class BaselinePolicy(maxP99IncreasePercent: Double, ignoreBelowMs: Int) {
  def allowedP99(baselineP99Ms: Int): Double =
    math.max(baselineP99Ms * (1 + maxP99IncreasePercent / 100), (baselineP99Ms + ignoreBelowMs).toDouble)
}

object BaselinePolicy {

  /** What applies when a thresholds file has no `baseline` block. */
  val Default: BaselinePolicy = BaselinePolicy(maxP99IncreasePercent = 10, ignoreBelowMs = 10)
}
