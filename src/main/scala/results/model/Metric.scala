package results.model

import text.Formats

/** What a gate check measures, with its unit. Its words ([[name]]) are made here for readers and never read
  * back: a reader that needs to know which metric a check is matches on the type.
  */
sealed abstract class Metric(val unit: MetricUnit) {

  /** As summary.md, junit.xml, the site and the console name it: "p99", "error %", "requests/s". */
  def name: String
}

object Metric {

  /** A latency percentile of the subject's answers, e.g. p99 (rank 99). */
  final case class Percentile(rank: Double) extends Metric(MetricUnit.Milliseconds) {
    def name: String = s"p${if (rank.isWhole) rank.toLong.toString else rank.toString}"
  }

  /** The share of the subject's requests that failed. */
  case object ErrorShare extends Metric(MetricUnit.Percent) { val name = "error %" }

  /** The subject's requests per second over the run. */
  case object RequestRate extends Metric(MetricUnit.PerSecond) { val name = "requests/s" }

  /** A request's p99 against the baseline run's, by the baseline policy. */
  case object P99VsBaseline extends Metric(MetricUnit.Milliseconds) { val name = "p99 vs baseline" }

  /** How much (in %) a change point of the history (results.history) raised a percentile, from the run where it
    * began: a drift the one-run baseline comparison does not see.
    */
  final case class ChangePointRise(rank: Double, run: String) extends Metric(MetricUnit.Percent) {
    def name: String = s"${Percentile(rank).name} change point from run $run"
  }

  /** The p95 of the steady window's last quarter against its first quarter's. */
  case object SteadyDegradation extends Metric(MetricUnit.Milliseconds) {
    val name = "p95, last quarter of the steady window vs first"
  }

  /** The multiple of its reference load a capacity step carried (its pace). */
  case object Carried extends Metric(MetricUnit.Multiple) { val name = "carried" }

  /** How many users in flight a capacity step gained over its window (its pace, an open reference's). */
  case object InFlightGrowth extends Metric(MetricUnit.Users) { val name = "growth" }

  /** The multiple of its reference load a capacity search found the system carries. */
  case object Headroom extends Metric(MetricUnit.Multiple) { val name = "headroom" }

  /** How many resources were given to more than one user ([[DuplicateLocks]]). */
  case object DuplicateLockCount extends Metric(MetricUnit.Count) { val name = "count" }

  /** Every metric but the percentiles (one per rank). */
  val Fixed: Seq[Metric] =
    Seq(
      ErrorShare,
      RequestRate,
      P99VsBaseline,
      SteadyDegradation,
      Carried,
      InFlightGrowth,
      Headroom,
      DuplicateLockCount
    )
}

/** A metric's unit: the suffix its figures are written with, and how many decimals the live page shows. */
sealed abstract class MetricUnit(val suffix: String, liveDecimals: Int) {

  /** A figure on the live page and in a capacity step's breach: "3,120 ms", "2.50 %", "12.3 /s". */
  def live(value: Double): String = Formats.live(value, liveDecimals, suffix)
}

object MetricUnit {
  case object Milliseconds extends MetricUnit(" ms", 0)
  case object Percent extends MetricUnit(" %", 2)
  case object PerSecond extends MetricUnit(" /s", 1)
  case object Multiple extends MetricUnit("x", 1)
  case object Users extends MetricUnit(" users", 1)
  case object Count extends MetricUnit("", 1)
}
