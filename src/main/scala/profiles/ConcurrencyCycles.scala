package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.closed.ClosedInjectionStep

import Plan.count
import Shape.{ closedArrivalRate, noShare, Planned }
import results.model.{ WindowKind, WindowLabel }

/** Shape 3: closed model; each concurrency level held for `cycle`, with an optional ramp between levels
  * that is left out of the cycle windows.
  */
private[profiles] final case class ConcurrencyCycles(
    levels: Seq[Long],
    cycle: FiniteDuration,
    rampBetween: FiniteDuration
) extends OneScenarioShape[ClosedInjectionStep]
    with FixedLength
    with ConcurrencyCyclesInjection
    with ConcurrencyCyclesPlanText {

  val typeName = "concurrency-cycles"

  def scaled(factor: Double): Shape = copy(levels = levels.map(l => math.round(l * factor)))

  def compressed(shardCount: Int): Shape =
    ConcurrencyCycles(Smoke.levels(levels.size, shardCount), Smoke.Step, Duration.Zero)

  def invalid: Option[(String, String)] = Levels.problem(levels).map("levels" -> _)

  def emptyShare(shard: Shard): Option[String] = noShare(shard, "users", levels.head)

  /** When cycle `i` (0-based) starts: every cycle after the first is preceded by a ramp. */
  def cycleStart(i: Int): FiniteDuration = cycle * i.toLong + rampBetween * i.toLong

  def injectionTime: FiniteDuration = cycleStart(levels.size - 1) + cycle

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(levels.last))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] =
    closedArrivalRate(shard.share(levels.last), journeyDuration)

  override def plannedWindows: Seq[Planned] =
    levels.indices.map(i => Planned(WindowKind.Cycle, label(i), cycleStart(i), cycleStart(i) + cycle))
}

/** The concurrency cycles as Gatling injection steps. */
private[profiles] sealed trait ConcurrencyCyclesInjection { self: ConcurrencyCycles =>
  def steps(shard: Shard): List[ClosedInjectionStep] =
    levels.indices.toList.flatMap { i =>
      val level = Math.toIntExact(shard.share(levels(i)))
      val rampStep = Option.when(i > 0 && rampBetween > Duration.Zero)(
        rampConcurrentUsers(Math.toIntExact(shard.share(levels(i - 1)))).to(level).during(rampBetween)
      )
      rampStep.toList :+ constantConcurrentUsers(level).during(cycle)
    }
}

/** The concurrency cycles as the plan and their windows say them. */
private[profiles] sealed trait ConcurrencyCyclesPlanText { self: ConcurrencyCycles =>
  def label(i: Int): WindowLabel = WindowLabel.Cycle(i + 1, Some(levels(i)))

  def phases(shard: Shard): Seq[Phase] =
    levels.indices.flatMap { i =>
      val rampPhase = Option.when(i > 0 && rampBetween > Duration.Zero)(
        Phase(
          "ramp",
          Some(cycleStart(i) - rampBetween),
          Some(rampBetween),
          s"${count(shard.share(levels(i - 1)))} -> ${count(shard.share(levels(i)))} concurrent users"
        )
      )
      rampPhase.toSeq :+ Phase(
        s"cycle ${i + 1}",
        Some(cycleStart(i)),
        Some(cycle),
        s"${count(shard.share(levels(i)))} concurrent users"
      )
    }
}
