package journey

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** A user's pause between steps, scaled by `thinkTime.multiplier` (0 in smoke runs). */
final case class ThinkTime(base: FiniteDuration, multiplier: Double) {
  val scaled: FiniteDuration = (base.toMillis * multiplier).round.millis

  /** No action at all for a zero pause (smoke, benchmarks at no think time): nothing to wait for. */
  def pause: ChainBuilder =
    if (scaled > Duration.Zero) exec(io.gatling.core.Predef.pause(scaled)) else ChainBuilder.Empty
}

/** A user's pause drawn uniformly between two bounds, each scaled as [[ThinkTime]] is. */
final case class UniformThinkTime(min: ThinkTime, max: ThinkTime) {
  // Gatling draws a uniform pause from a range; equal bounds (smoke's multiplier of 0) are one fixed pause.
  def pause: ChainBuilder =
    if (max.scaled > min.scaled) exec(io.gatling.core.Predef.pause(min.scaled, max.scaled))
    else min.pause
}
