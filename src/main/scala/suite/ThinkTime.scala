package suite

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** A user's pause between steps, scaled by `thinkTime.multiplier` (0 in smoke runs). */
final case class ThinkTime(base: FiniteDuration, multiplier: Double) {
  val scaled: FiniteDuration = (base.toMillis * multiplier).round.millis

  def pause: ChainBuilder = exec(io.gatling.core.Predef.pause(scaled))
}
