package profiles

import scala.concurrent.duration._

import Plan.{ count, human, rate }

/** Load from a business target: transactions per hour at normal load, scaled up for peak and stress.
  *
  * Each transaction is one user arriving and taking `journeyDuration` for the journey, so the arrival
  * rate is the transaction rate and, by Little's law, concurrent users = arrivals per minute x journey minutes.
  */
final case class CapacityModel(
    normalPerHour: Double,
    normalSource: Option[String],
    variant: CapacityModel.Variant,
    peakFactor: Double,
    stressFactor: Double,
    journeyDuration: FiniteDuration
) {
  import CapacityModel._

  def peakPerHour: Double = normalPerHour * peakFactor
  def stressPerHour: Double = peakPerHour * stressFactor

  def perHour: Double = variant match {
    case Normal | Endurance => normalPerHour
    case Peak               => peakPerHour
    case Stress             => stressPerHour
  }

  def arrivalsPerSecond: Double = perHour / 3600

  /** Rounded up: provision for the fraction of a user. The small tolerance keeps exact products exact. */
  def concurrentUsers: Long = math.ceil(perHour * journeyDuration.toSeconds / 3600 - 1e-9).toLong

  def derivation: Seq[String] = {
    val normal = s"normal: ${normalSource.fold("")(_ + " = ")}${rate(normalPerHour)}/h"
    val peak = s"peak: normal x ${Plan.number(peakFactor)} = ${rate(peakPerHour)}/h"
    val stress = s"stress: peak x ${Plan.number(stressFactor)} = ${rate(stressPerHour)}/h"
    val chain = variant match {
      case Normal | Endurance => Seq(normal)
      case Peak               => Seq(normal, peak)
      case Stress             => Seq(normal, peak, stress)
    }
    chain ++ Seq(
      s"${variant.name}: ${rate(perHour)} transactions/h = ${rate(perHour / 60)}/min = ${rate(arrivalsPerSecond)} new users/s",
      s"concurrent users (Little's law): ${rate(perHour / 60)}/min x ${human(journeyDuration)} journey = ${count(concurrentUsers)}"
    )
  }
}

object CapacityModel {
  sealed abstract class Variant(val name: String, val defaultDuration: FiniteDuration)
  case object Normal extends Variant("normal", 2.hours)
  case object Peak extends Variant("peak", 2.hours)
  case object Stress extends Variant("stress", 2.hours)
  case object Endurance extends Variant("endurance", 8.hours)

  val Variants: Seq[Variant] = Seq(Normal, Peak, Stress, Endurance)
}
