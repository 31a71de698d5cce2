package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep
import io.gatling.core.structure.ChainBuilder

import Plan.{ count, counted, human }
import Shape.noShare
import results.model.{ WindowKind, WindowLabel }

/** Shape 4: `workers` work through exactly `scenarios` iterations of the journey, then stop.
  * Workers start `startAfter` into the run (a second system joining late), spread over `rampUp`;
  * no new iteration starts after `timeLimit`.
  */
private[profiles] final case class FixedWork(
    workers: Long,
    scenarios: Long,
    startAfter: FiniteDuration,
    rampUp: FiniteDuration,
    timeLimit: FiniteDuration
) extends OneScenarioShape[OpenInjectionStep]
    with FixedWorkInjection
    with FixedWorkPlanText {

  val typeName = "fixed-work"

  def scaled(factor: Double): Shape =
    copy(workers = math.round(workers * factor), scenarios = math.round(scenarios * factor))

  def compressed(shardCount: Int): Shape =
    FixedWork(
      Smoke.count(2, shardCount),
      Smoke.count(4, shardCount),
      Duration.Zero,
      Duration.Zero,
      timeLimit.min(1.minute)
    )

  def invalid: Option[(String, String)] =
    if (workers == 0) Some("workers" -> "scaled to 0 workers")
    else Option.when(scenarios == 0)("scenarios" -> "scaled to 0 scenarios")

  def emptyShare(shard: Shard): Option[String] =
    noShare(shard, "workers", workers).orElse(noShare(shard, "scenarios", scenarios))

  def plannedDuration: Option[FiniteDuration] = None

  /** No iteration starts after the time limit; the drain is for the iterations still running then. */
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    startAfter + timeLimit + drain

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(workers))
  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] = None
}

/** The fixed work as Gatling injection steps over this shard's share of the work list. */
private[profiles] sealed trait FixedWorkInjection { self: FixedWork =>
  def queue(shard: Shard): WorkQueue = new WorkQueue(shard.offset(scenarios), shard.share(scenarios), timeLimit)

  def steps(shard: Shard): List[OpenInjectionStep] = {
    val w = Math.toIntExact(shard.share(workers))
    val delay = Option.when(startAfter > Duration.Zero)(nothingFor(startAfter))
    val start = if (rampUp > Duration.Zero) rampUsers(w).during(rampUp) else atOnceUsers(w)
    delay.toList :+ start
  }

  /** Each worker loops over the work list, whose window is named after the population: a run may hold
    * several lists (systems) of fixed work.
    */
  override def userChain(shard: Shard, scenarioName: String, journey: ChainBuilder, windows: WindowRecorder)
      : ChainBuilder = {
    val window = WindowLabel.FixedWork(scenarioName, scenarios)
    val finished = windows.work(window, scenarioName, shard.share(scenarios))
    Workers.loop(queue(shard), journey, windows, WindowKind.Steady, window, finished)
  }
}

/** The fixed work as the plan and its window say it. */
private[profiles] sealed trait FixedWorkPlanText { self: FixedWork =>
  def label: String = s"fixed work (${count(scenarios)} scenarios)"

  def phases(shard: Shard): Seq[Phase] = {
    val first = shard.offset(scenarios)
    val mine = shard.share(scenarios)
    val items = if (shard.isWhole) "" else s" (items ${count(first + 1)}-${count(first + mine)} of ${count(scenarios)})"
    val ramping = if (rampUp > Duration.Zero) s", started over ${human(rampUp)}" else ""
    Seq(Phase(
      "work",
      Some(startAfter),
      None,
      s"${counted(shard.share(workers), "worker")}$ramping work through ${counted(mine, "scenario")}$items"
    ))
  }
}
