package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep
import io.gatling.core.structure.ChainBuilder

import Plan.{ count, human }
import Shape.{ ceilDiv, noShare, Planned }
import results.model.{ WindowKind, WindowLabel }

/** Shape 1: arrivals ramp up from 0 over `warmUp`, then arrive at a constant `rate` for `steady`. */
private[profiles] final case class OpenArrivals(
    warmUp: FiniteDuration,
    rate: Double,
    steady: FiniteDuration,
    randomized: Boolean
) extends OneScenarioShape[OpenInjectionStep]
    with FixedLength
    with OpenArrivalsInjection
    with OpenArrivalsPlanText {

  val typeName = "open"

  /** Gatling's count for a linear ramp from 0: half the end rate over the ramp. */
  def warmUpUsers: Long = math.round(rate * warmUp.toSeconds / 2)
  def steadyUsers: Long = math.round(rate * steady.toSeconds)

  def scaled(factor: Double): Shape = copy(rate = rate * factor)

  def compressed(shardCount: Int): Shape =
    OpenArrivals(
      if (warmUp > Duration.Zero) 1.second else Duration.Zero,
      Smoke.Rate * shardCount,
      4.seconds,
      randomized
    )

  def invalid: Option[(String, String)] =
    Option.when(steadyUsers == 0)("rate" -> s"${Plan.number(rate)} users/s for ${human(steady)} gives no users")

  def emptyShare(shard: Shard): Option[String] = noShare(shard, "users", steadyUsers)

  def steadyRate(shard: Shard): Double = shard.share(steadyUsers).toDouble / steady.toSeconds

  def injectionTime: FiniteDuration = warmUp + steady

  override def plannedUsers(shard: Shard): Option[Long] = Some(shard.share(warmUpUsers) + shard.share(steadyUsers))

  /** Little's law: concurrent users = arrival rate x time each user stays. */
  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] =
    journeyDuration.map(j => ceilDiv(shard.share(steadyUsers) * j.toSeconds, steady.toSeconds))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] = Some(steadyRate(shard))

  override def plannedWindows: Seq[Planned] =
    Seq(Planned(WindowKind.Steady, WindowLabel.Steady, warmUp, warmUp + steady))
}

/** Open arrivals as Gatling injection steps. */
private[profiles] sealed trait OpenArrivalsInjection { self: OpenArrivals =>

  /** Built from user counts, not rates, so each shard injects exactly its share of users. */
  def steps(shard: Shard): List[OpenInjectionStep] = {
    val warmUpShare = shard.share(warmUpUsers)
    val steadyShare = shard.share(steadyUsers)
    val warmUpSteps =
      if (warmUp == Duration.Zero) Nil
      else if (warmUpShare == 0) List(nothingFor(warmUp))
      else {
        // Gatling injects floor(endRate x seconds / 2) users over a ramp from 0; this end rate makes it exactly warmUpShare.
        val ramp = rampUsersPerSec(0).to((2 * warmUpShare + 1).toDouble / warmUp.toSeconds).during(warmUp)
        List(if (randomized) ramp.randomized else ramp)
      }
    val steadyStep =
      if (randomized) constantUsersPerSec(
        (steadyShare + 0.5) / steady.toSeconds
      ).during(steady).randomized // Poisson count = floor(rate x seconds)
      else rampUsers(Math.toIntExact(steadyShare)).during(steady) // evenly spread: a constant arrival rate
    warmUpSteps :+ steadyStep
  }

  /** Evenly spread steady arrivals have an exact schedule, against which late starts are measured;
    * randomized ones (Poisson) have none to be late to.
    */
  override def userChain(shard: Shard, scenarioName: String, journey: ChainBuilder, windows: WindowRecorder)
      : ChainBuilder =
    if (randomized) journey
    else windows.lateStarts.evenlySpread(
      shard.share(warmUpUsers),
      steady.toMillis.toDouble / shard.share(steadyUsers)
    ).exec(journey)
}

/** Open arrivals as the plan says them. */
private[profiles] sealed trait OpenArrivalsPlanText { self: OpenArrivals =>
  def phases(shard: Shard): Seq[Phase] = {
    val warmUpPhase = Option.when(warmUp > Duration.Zero)(
      Phase(
        "warm-up",
        Some(Duration.Zero),
        Some(warmUp),
        s"arrivals ramp 0 -> ${Plan.rate(steadyRate(shard))} users/s, ${count(shard.share(warmUpUsers))} users"
      )
    )
    val randomly = if (randomized) " (randomized)" else ""
    warmUpPhase.toSeq :+ Phase(
      "steady",
      Some(warmUp),
      Some(steady),
      s"${Plan.rate(steadyRate(shard))} users/s$randomly, ${count(shard.share(steadyUsers))} users"
    )
  }
}
