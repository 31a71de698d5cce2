package profiles

import results.model.{ SystemRecord, WindowKind, WindowLabel }

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }

import Plan.counted
import Shape.noShare

/** Shape 6: for each repeat, each concurrency level in turn runs `iterations` of the journey with that
  * many workers; a level starts when the previous one is done. No level starts an iteration after `timeLimitPerLevel`.
  */
private[profiles] final case class ConcurrencySweep(
    levels: Seq[Long],
    iterations: Long,
    repeats: Int,
    timeLimitPerLevel: FiniteDuration
) extends Shape
    with ConcurrencySweepInjection
    with ConcurrencySweepPlanText {

  val typeName = "concurrency-sweep"

  def scaled(factor: Double): Shape =
    copy(levels = levels.map(l => math.round(l * factor)), iterations = math.round(iterations * factor))

  def compressed(shardCount: Int): Shape =
    ConcurrencySweep(
      Smoke.levels(math.min(levels.size, 2), shardCount),
      Smoke.count(2, shardCount),
      math.min(repeats, 2),
      timeLimitPerLevel.min(30.seconds)
    )

  def invalid: Option[(String, String)] =
    Levels.problem(
      levels
    ).map("levels" -> _).orElse(Option.when(iterations == 0)("iterationsPerLevel" -> "scaled to 0 iterations"))

  def emptyShare(shard: Shard): Option[String] =
    noShare(shard, "workers", levels.head).map(_ + " at level 1").orElse(noShare(shard, "iterations", iterations))

  /** Stages in run order: repeat 1 levels 1..K, repeat 2 levels 1..K, ... (1-based level and repeat). */
  def stages: Seq[(Int, Int)] = for { r <- 1 to repeats; k <- 1 to levels.size } yield (k, r)

  def plannedDuration: Option[FiniteDuration] = None

  /** A stage starts no iteration after its time limit, but ends only when the iterations already running
    * have finished, and the next stage starts after that: every stage but the last may overrun its limit by
    * one journey (`journeyDuration`, else the drain, the time allowed for a journey in flight); the drain
    * covers the last.
    */
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    timeLimitPerLevel * stages.size.toLong + journeyDuration.getOrElse(drain) * (stages.size - 1L) + drain

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(levels.last))
  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] = None
}

/** The sweep as Gatling populations, one per stage, each started when the one before it is done. */
private[profiles] sealed trait ConcurrencySweepInjection { self: ConcurrencySweep =>
  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    val populations = stages.map { case (k, r) =>
      val queue = new WorkQueue(shard.offset(iterations), shard.share(iterations), timeLimitPerLevel)
      scenario(SystemRecord.levelScenario(scenarioName, k, r))
        .exec(Workers.loop(queue, journey, windows, WindowKind.Level, label(k, r)))
        .inject(atOnceUsers(Math.toIntExact(shard.share(levels(k - 1)))))
    }
    populations.reduceRight((stage, later) => stage.andThen(later))
  }
}

/** The sweep as the plan and its windows say it. */
private[profiles] sealed trait ConcurrencySweepPlanText { self: ConcurrencySweep =>
  def label(level: Int, repeat: Int): WindowLabel = WindowLabel.Level(level, repeat, levels(level - 1))

  def phases(shard: Shard): Seq[Phase] =
    levels.indices.map { i =>
      Phase(
        s"level ${i + 1}",
        None,
        Some(timeLimitPerLevel),
        s"${counted(shard.share(levels(i)), "worker")}, ${counted(shard.share(iterations), "iteration")}"
      )
    } :+ Phase(
      "repeats",
      None,
      None,
      if (repeats == 1) "the sweep runs once"
      else s"the sweep runs $repeats times (levels 1-${levels.size}, then again)"
    )
}
