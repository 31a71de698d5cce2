package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.closed.ClosedInjectionStep

import Plan.count
import Shape.{ closedArrivalRate, noShare, Planned }
import results.model.{ WindowKind, WindowLabel }

/** Shape 2: closed model; `startUsers` concurrent users, ramping linearly to `targetUsers` over `ramp`, then held. */
private[profiles] final case class ClosedRampHold(
    startUsers: Long,
    targetUsers: Long,
    ramp: FiniteDuration,
    hold: FiniteDuration
) extends OneScenarioShape[ClosedInjectionStep]
    with FixedLength
    with ClosedRampHoldInjection
    with ClosedRampHoldPlanText {

  val typeName = "closed-ramp"

  def scaled(factor: Double): Shape =
    copy(startUsers = math.round(startUsers * factor), targetUsers = math.round(targetUsers * factor))

  def compressed(shardCount: Int): Shape =
    ClosedRampHold(Smoke.count(1, shardCount), Smoke.count(2, shardCount), Smoke.Step, 3.seconds)

  def invalid: Option[(String, String)] =
    Option.when(targetUsers == 0)("targetUsers" -> "scaled to 0 users")

  def emptyShare(shard: Shard): Option[String] = noShare(shard, "users", targetUsers)

  def injectionTime: FiniteDuration = ramp + hold

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(targetUsers))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] =
    closedArrivalRate(shard.share(targetUsers), journeyDuration)

  override def plannedWindows: Seq[Planned] = Seq(Planned(WindowKind.Steady, WindowLabel.Hold, ramp, ramp + hold))
}

/** The closed ramp and hold as Gatling injection steps. */
private[profiles] sealed trait ClosedRampHoldInjection { self: ClosedRampHold =>
  def steps(shard: Shard): List[ClosedInjectionStep] = {
    val from = Math.toIntExact(shard.share(startUsers))
    val to = Math.toIntExact(shard.share(targetUsers))
    val rampStep = Option.when(ramp > Duration.Zero)(rampConcurrentUsers(from).to(to).during(ramp))
    rampStep.toList :+ constantConcurrentUsers(to).during(hold)
  }
}

/** The closed ramp and hold as the plan says them. */
private[profiles] sealed trait ClosedRampHoldPlanText { self: ClosedRampHold =>
  def phases(shard: Shard): Seq[Phase] = {
    val from = shard.share(startUsers)
    val to = shard.share(targetUsers)
    val perMinute = (to - from) * 60.0 / math.max(ramp.toSeconds, 1)
    Option.when(ramp > Duration.Zero)(
      Phase(
        "ramp",
        Some(Duration.Zero),
        Some(ramp),
        s"${count(from)} -> ${count(to)} concurrent users (+${Plan.rate(perMinute)}/min)"
      )
    ).toSeq :+ Phase("hold", Some(ramp), Some(hold), s"${count(to)} concurrent users")
  }
}
