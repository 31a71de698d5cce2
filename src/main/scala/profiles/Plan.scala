package profiles

import java.util.Locale

import scala.concurrent.duration._

/** One phase of a profile. `start` and `duration` are None where they depend on how fast the system
  * works (the levels of a sweep run one after another, each until its work is done).
  */
final case class Phase(name: String, start: Option[FiniteDuration], duration: Option[FiniteDuration], load: String)

/** What a profile will send, for this injector, shown before the run starts.
  *
  * @param peakUsers        expected peak concurrent users of this injector (Little's law for open shapes,
  *                         when the profile gives `journeyDuration`)
  * @param peakArrivalRate  expected peak of new users per second of this injector
  * @param totalDuration    planned injection time; None when it depends on the system's speed
  * @param maxDuration      the run is stopped after this long whatever happens
  * @param derivation       how the figures were worked out (capacity model, scale, shard)
  * @param whole            the same figures for the whole run when this injector is one shard of several
  * @param throttleRequestsPerSecond this injector's ceiling on requests per second, when the profile sets one
  * @param steadyWindow     how long the steady window lasts (an open shape's steady phase, a closed one's hold),
  *                         over which the peak arrival rate holds; None where the profile plans none at fixed times
  */
final case class Plan(
    simulation: String,
    profile: String,
    shape: String,
    description: Option[String],
    phases: Seq[Phase],
    peakUsers: Option[Long],
    peakArrivalRate: Option[Double],
    totalDuration: Option[FiniteDuration],
    maxDuration: FiniteDuration,
    derivation: Seq[String],
    throttle: Option[String],
    scale: Double,
    shard: Shard,
    smoke: Boolean,
    whole: Option[WholeRun],
    throttleRequestsPerSecond: Option[Long] = None,
    steadyWindow: Option[FiniteDuration] = None
) {
  import Plan._

  /** The requests per second this injector should send at the peak: journeys started per second times the
    * requests one journey sends, under the throttle's ceiling. None where the arrival rate depends on the
    * system's speed (fixed work, sweeps, closed shapes without `journeyDuration`).
    */
  def expectedRequestsPerSecond(requestsPerJourney: Double): Option[Double] =
    peakArrivalRate.map { rate =>
      val sent = rate * requestsPerJourney
      throttleRequestsPerSecond.fold(sent)(ceiling => math.min(sent, ceiling.toDouble))
    }

  def render: String = {
    val header = s"$profile ($shape)" + (if (smoke) ", compressed for a smoke test" else "")
    val phaseLines = phases.map { p =>
      val when = (p.start, p.duration) match {
        case (Some(s), Some(d))                   => s"${clock(s)} - ${clock(s + d)}"
        case (_, Some(d))                         => s"up to ${human(d)}"
        case (Some(s), None) if s > Duration.Zero => s"${clock(s)} until done"
        case _                                    => "until done"
      }
      f"  $when%-19s  ${p.name}%-14s  ${p.load}"
    }
    val peak = Seq(
      peakUsers.map(u => s"${count(u)} concurrent users"),
      peakArrivalRate.map(r => s"${rate(r)} new users/s")
    ).flatten.mkString(", ")
    val duration =
      totalDuration.fold("depends on the system's speed")(human) + s"; run stopped after ${human(maxDuration)} at most"
    val lines =
      Seq(s"Profile:   $header") ++
        description.map(d => s"           $d") ++
        Seq("Phases:") ++ phaseLines ++
        Seq(s"Peak:      ${if (peak.isEmpty) "not estimated (set journeyDuration)" else peak}") ++
        Seq(s"Duration:  $duration") ++
        throttle.map(t => s"Throttle:  $t") ++
        Seq(s"Scale:     x${number(scale)}") ++
        Seq(s"Shard:     $shard" + whole.fold(" (the whole run)")(w => s" (whole run: ${w.render})")) ++
        (if (derivation.isEmpty) Nil else "Derivation:" +: derivation.map("  " + _))
    lines.mkString("\n")
  }
}

/** The whole run's peak figures, when this injector runs only a share of them. */
final case class WholeRun(peakUsers: Option[Long], peakArrivalRate: Option[Double]) {
  def render: String =
    Seq(peakUsers.map(u => s"${Plan.count(u)} users"), peakArrivalRate.map(r => s"${Plan.rate(r)} new users/s")).flatten
      .mkString(", ") match {
      case ""    => "same shape on every shard"
      case other => other
    }
}

object Plan {
  def count(n: Long): String = String.format(Locale.ROOT, "%,d", Long.box(n))

  /** "1 worker", "8 workers". */
  def counted(n: Long, singular: String): String = s"${count(n)} $singular${if (n == 1) "" else "s"}"

  /** Rates to two decimals, without trailing zeros: 50, 16.67, 0.1. */
  def rate(r: Double): String = number(math.round(r * 100) / 100.0)

  def number(d: Double): String =
    if (d == math.rint(d) && math.abs(d) < 1e15) count(d.toLong)
    else java.math.BigDecimal.valueOf(d).stripTrailingZeros.toPlainString

  /** h:mm:ss from injection start. */
  def clock(d: FiniteDuration): String = {
    val s = d.toSeconds
    f"${s / 3600}%d:${s % 3600 / 60}%02d:${s % 60}%02d"
  }

  /** 2 h 30 min, 10 min, 4 s. */
  def human(d: FiniteDuration): String = {
    val s = d.toSeconds
    Seq(s / 3600 -> "h", s % 3600 / 60 -> "min", s % 60 -> "s").filter(_._1 > 0).map { case (v, u) => s"$v $u" } match {
      case Nil   => "0 s"
      case parts => parts.mkString(" ")
    }
  }
}
