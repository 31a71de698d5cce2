package io.gatling.core.controller.inject

import scala.concurrent.duration.FiniteDuration

import io.gatling.core.controller.inject.closed.{ ClosedInjectionStep, CompositeClosedInjectionStep }
import io.gatling.core.controller.inject.open.OpenInjectionStep

/** Reads the schedule Gatling derives from injection steps (package-private in Gatling), so a profile
  * can show and test exactly when users will start, instead of re-implementing Gatling's arithmetic.
  */
object InjectionSchedule {

  /** The offset from injection start at which each user of these open steps starts, in order. */
  def arrivals(steps: Seq[OpenInjectionStep]): Iterator[FiniteDuration] =
    steps.foldRight(Iterator.empty[FiniteDuration])((step, later) => step.chain(later))

  /** The concurrent users these closed steps ask for at `offset` (at most their total duration). */
  def concurrencyAt(steps: Seq[ClosedInjectionStep], offset: FiniteDuration): Int =
    CompositeClosedInjectionStep(steps.toList).valueAt(offset)

  def duration(steps: Seq[ClosedInjectionStep]): FiniteDuration = CompositeClosedInjectionStep(steps.toList).duration
}
