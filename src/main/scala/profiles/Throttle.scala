package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.throttle.ThrottleStep

import Plan.{ count, human }

/** A ceiling on requests per second, reached over `rampUp` and held to the end of the run. */
private[profiles] final case class Throttle(requestsPerSecond: Long, rampUp: FiniteDuration) {
  def scaled(factor: Double): Throttle = copy(requestsPerSecond = math.round(requestsPerSecond * factor))

  // High enough that a smoke run's few users finish within its one-minute drain even when each sends
  // about a hundred requests (pages with all their assets); the run still goes through the throttle.
  def compressed(shardCount: Int): Throttle = Throttle(100L * shardCount, Duration.Zero)

  def steps(shard: Shard, hold: FiniteDuration): Seq[ThrottleStep] = {
    val rps = Math.toIntExact(shard.share(requestsPerSecond))
    Seq(if (rampUp > Duration.Zero) reachRps(rps).in(rampUp) else jumpToRps(rps), holdFor(hold))
  }

  def describe(shard: Shard): String = {
    val reached = if (rampUp > Duration.Zero) s", reached over ${human(rampUp)}" else ""
    s"at most ${count(shard.share(requestsPerSecond))} requests/s$reached (Gatling disables pauses while throttling)"
  }
}
