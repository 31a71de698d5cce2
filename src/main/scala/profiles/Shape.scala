package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.closed.ClosedInjectionStep
import io.gatling.core.controller.inject.open.OpenInjectionStep
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }

import Plan.{ count, counted, human }
import results.{ RunWindow, SweepWindow }

/** A load shape with the whole run's figures (after scale); a shard's figures are worked out from them,
  * so that the shares of all shards add up to the whole.
  */
private[profiles] sealed trait Shape {
  def typeName: String
  def scaled(factor: Double): Shape

  /** The same shape in a few seconds with a few users per shard, for smoke tests. */
  def compressed(shardCount: Int): Shape

  /** Why this shape cannot run, as (key, reason); checked after scaling. */
  def invalid: Option[(String, String)]

  /** Why this shard would get nothing to do. */
  def emptyShare(shard: Shard): Option[String]

  def phases(shard: Shard): Seq[Phase]

  /** Planned injection time; None when it depends on the system's speed. */
  def plannedDuration: Option[FiniteDuration]

  /** How long the run may take at most, with `drain` for the last users to finish; `journeyDuration`, when
    * the profile gives it, is how long a journey already running may still take.
    */
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long]
  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double]

  def population(shard: Shard, scenarioName: String, journey: ChainBuilder, windows: WindowRecorder): PopulationBuilder

  /** Users this shard starts, where the shape fixes the count (see [[LoadProfile.plannedUsers]]). */
  def plannedUsers(shard: Shard): Option[Long] = None
}

private[profiles] object Shape {
  val SmokeRate = 2.0
  val SmokeStep: FiniteDuration = 2.seconds

  def ceilDiv(a: Long, b: Long): Long = (a + b - 1) / b

  /** A window at fixed offsets from the run's start, for the results step to resolve. */
  final case class Planned(kind: String, label: String, from: FiniteDuration, to: FiniteDuration)

  def plan(windows: WindowRecorder, scenarioName: String, planned: Seq[Planned]): Unit =
    planned.foreach(w => windows.plan(w.kind, w.label, w.from, w.to, scenarioName))

  /** `what` is a plural noun: users, workers. */
  def noUsers(shard: Shard, what: String, total: Long): String =
    s"shard $shard gets no $what (${count(total)} ${if (total == 1) what.stripSuffix("s") else what} over ${shard.count} shards)"
}

/** Shape 1: arrivals ramp up from 0 over `warmUp`, then arrive at a constant `rate` for `steady`. */
private[profiles] final case class OpenArrivals(
    warmUp: FiniteDuration,
    rate: Double,
    steady: FiniteDuration,
    randomized: Boolean
) extends Shape {
  import Shape._

  val typeName = "open"

  /** Gatling's count for a linear ramp from 0: half the end rate over the ramp. */
  def warmUpUsers: Long = math.round(rate * warmUp.toSeconds / 2)
  def steadyUsers: Long = math.round(rate * steady.toSeconds)

  def scaled(factor: Double): Shape = copy(rate = rate * factor)

  def compressed(shardCount: Int): Shape =
    OpenArrivals(if (warmUp > Duration.Zero) 1.second else Duration.Zero, SmokeRate * shardCount, 4.seconds, randomized)

  def invalid: Option[(String, String)] =
    Option.when(steadyUsers == 0)("rate" -> s"${Plan.number(rate)} users/s for ${human(steady)} gives no users")

  def emptyShare(shard: Shard): Option[String] =
    Option.when(shard.share(steadyUsers) == 0)(noUsers(shard, "users", steadyUsers))

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

  private def steadyRate(shard: Shard): Double = shard.share(steadyUsers).toDouble / steady.toSeconds

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

  def plannedDuration: Option[FiniteDuration] = Some(warmUp + steady)
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    warmUp + steady + drain

  override def plannedUsers(shard: Shard): Option[Long] = Some(shard.share(warmUpUsers) + shard.share(steadyUsers))

  /** Little's law: concurrent users = arrival rate x time each user stays. */
  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] =
    journeyDuration.map(j => ceilDiv(shard.share(steadyUsers) * j.toSeconds, steady.toSeconds))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] = Some(steadyRate(shard))

  def plannedWindows: Seq[Planned] = Seq(Planned(RunWindow.Steady, "steady", warmUp, warmUp + steady))

  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    plan(windows, scenarioName, plannedWindows)
    // Evenly spread steady arrivals have an exact schedule; randomized ones (Poisson) have none to be late to.
    val timed =
      if (randomized) journey
      else windows.lateStarts.evenlySpread(
        shard.share(warmUpUsers),
        steady.toMillis.toDouble / shard.share(steadyUsers)
      ).exec(journey)
    scenario(scenarioName).exec(timed).inject(steps(shard))
  }
}

/** Shape 2: closed model; `startUsers` concurrent users, ramping linearly to `targetUsers` over `ramp`, then held. */
private[profiles] final case class ClosedRampHold(
    startUsers: Long,
    targetUsers: Long,
    ramp: FiniteDuration,
    hold: FiniteDuration
) extends Shape {
  import Shape._

  val typeName = "closed-ramp"

  def scaled(factor: Double): Shape =
    copy(startUsers = math.round(startUsers * factor), targetUsers = math.round(targetUsers * factor))

  def compressed(shardCount: Int): Shape = ClosedRampHold(shardCount.toLong, 2L * shardCount, SmokeStep, 3.seconds)

  def invalid: Option[(String, String)] =
    Option.when(targetUsers == 0)("targetUsers" -> "scaled to 0 users")

  def emptyShare(shard: Shard): Option[String] =
    Option.when(shard.share(targetUsers) == 0)(noUsers(shard, "users", targetUsers))

  def steps(shard: Shard): List[ClosedInjectionStep] = {
    val from = Math.toIntExact(shard.share(startUsers))
    val to = Math.toIntExact(shard.share(targetUsers))
    val rampStep = Option.when(ramp > Duration.Zero)(rampConcurrentUsers(from).to(to).during(ramp))
    rampStep.toList :+ constantConcurrentUsers(to).during(hold)
  }

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

  def plannedDuration: Option[FiniteDuration] = Some(ramp + hold)
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration = ramp + hold + drain

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(targetUsers))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] =
    journeyDuration.map(j => shard.share(targetUsers).toDouble / j.toSeconds)

  def plannedWindows: Seq[Planned] = Seq(Planned(RunWindow.Steady, "hold", ramp, ramp + hold))

  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    plan(windows, scenarioName, plannedWindows)
    scenario(scenarioName).exec(journey).inject(steps(shard))
  }
}

/** Shape 3: closed model; each concurrency level held for `cycle`, with an optional ramp between levels
  * that is left out of the cycle windows.
  */
private[profiles] final case class ConcurrencyCycles(
    levels: Seq[Long],
    cycle: FiniteDuration,
    rampBetween: FiniteDuration
) extends Shape {
  import Shape._

  val typeName = "concurrency-cycles"

  def scaled(factor: Double): Shape = copy(levels = levels.map(l => math.round(l * factor)))

  def compressed(shardCount: Int): Shape =
    ConcurrencyCycles(levels.indices.map(i => (i + 1L) * shardCount), SmokeStep, Duration.Zero)

  def invalid: Option[(String, String)] = Levels.problem(levels).map("levels" -> _)

  def emptyShare(shard: Shard): Option[String] =
    Option.when(shard.share(levels.head) == 0)(noUsers(shard, "users", levels.head))

  /** When cycle `i` (0-based) starts: every cycle after the first is preceded by a ramp. */
  def cycleStart(i: Int): FiniteDuration = cycle * i.toLong + rampBetween * i.toLong

  def steps(shard: Shard): List[ClosedInjectionStep] =
    levels.indices.toList.flatMap { i =>
      val level = Math.toIntExact(shard.share(levels(i)))
      val rampStep = Option.when(i > 0 && rampBetween > Duration.Zero)(
        rampConcurrentUsers(Math.toIntExact(shard.share(levels(i - 1)))).to(level).during(rampBetween)
      )
      rampStep.toList :+ constantConcurrentUsers(level).during(cycle)
    }

  def label(i: Int): String = s"cycle ${i + 1} (${counted(levels(i), "user")})"

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

  def plannedDuration: Option[FiniteDuration] = Some(cycleStart(levels.size - 1) + cycle)
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    cycleStart(levels.size - 1) + cycle + drain

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(levels.last))

  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] =
    journeyDuration.map(j => shard.share(levels.last).toDouble / j.toSeconds)

  def plannedWindows: Seq[Planned] =
    levels.indices.map(i => Planned(RunWindow.Cycle, label(i), cycleStart(i), cycleStart(i) + cycle))

  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    plan(windows, scenarioName, plannedWindows)
    scenario(scenarioName).exec(journey).inject(steps(shard))
  }
}

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
) extends Shape {
  import Shape._

  val typeName = "fixed-work"

  def scaled(factor: Double): Shape =
    copy(workers = math.round(workers * factor), scenarios = math.round(scenarios * factor))

  def compressed(shardCount: Int): Shape =
    FixedWork(2L * shardCount, 4L * shardCount, Duration.Zero, Duration.Zero, timeLimit.min(1.minute))

  def invalid: Option[(String, String)] =
    if (workers == 0) Some("workers" -> "scaled to 0 workers")
    else Option.when(scenarios == 0)("scenarios" -> "scaled to 0 scenarios")

  def emptyShare(shard: Shard): Option[String] =
    if (shard.share(workers) == 0) Some(noUsers(shard, "workers", workers))
    else Option.when(shard.share(scenarios) == 0)(noUsers(shard, "scenarios", scenarios))

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

  def plannedDuration: Option[FiniteDuration] = None

  /** No iteration starts after the time limit; the drain is for the iterations still running then. */
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    startAfter + timeLimit + drain

  def peakUsers(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Long] = Some(shard.share(workers))
  def peakArrivalRate(shard: Shard, journeyDuration: Option[FiniteDuration]): Option[Double] = None

  def queue(shard: Shard): WorkQueue = new WorkQueue(shard.offset(scenarios), shard.share(scenarios), timeLimit)

  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    val w = Math.toIntExact(shard.share(workers))
    val delay = Option.when(startAfter > Duration.Zero)(nothingFor(startAfter))
    val start = if (rampUp > Duration.Zero) rampUsers(w).during(rampUp) else atOnceUsers(w)
    // Named after the population: a run may hold several lists (systems) of fixed work.
    val window = s"$scenarioName, $label"
    val finished = windows.work(window, scenarioName, shard.share(scenarios))
    scenario(scenarioName)
      .exec(Workers.loop(queue(shard), journey, windows, RunWindow.Steady, window, finished))
      .inject(delay.toList :+ start)
  }
}

/** Shape 6: for each repeat, each concurrency level in turn runs `iterations` of the journey with that
  * many workers; a level starts when the previous one is done. No level starts an iteration after `timeLimitPerLevel`.
  */
private[profiles] final case class ConcurrencySweep(
    levels: Seq[Long],
    iterations: Long,
    repeats: Int,
    timeLimitPerLevel: FiniteDuration
) extends Shape {
  import Shape._

  val typeName = "concurrency-sweep"

  def scaled(factor: Double): Shape =
    copy(levels = levels.map(l => math.round(l * factor)), iterations = math.round(iterations * factor))

  def compressed(shardCount: Int): Shape =
    ConcurrencySweep(
      levels.indices.take(2).map(i => (i + 1L) * shardCount),
      2L * shardCount,
      math.min(repeats, 2),
      timeLimitPerLevel.min(30.seconds)
    )

  def invalid: Option[(String, String)] =
    Levels.problem(
      levels
    ).map("levels" -> _).orElse(Option.when(iterations == 0)("iterationsPerLevel" -> "scaled to 0 iterations"))

  def emptyShare(shard: Shard): Option[String] =
    if (shard.share(levels.head) == 0) Some(noUsers(shard, "workers", levels.head) + " at level 1")
    else Option.when(shard.share(iterations) == 0)(noUsers(shard, "iterations", iterations))

  /** Stages in run order: repeat 1 levels 1..K, repeat 2 levels 1..K, ... (1-based level and repeat). */
  def stages: Seq[(Int, Int)] = for { r <- 1 to repeats; k <- 1 to levels.size } yield (k, r)

  def label(level: Int, repeat: Int): String = SweepWindow.label(level, repeat, levels(level - 1))

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

  def population(
      shard: Shard,
      scenarioName: String,
      journey: ChainBuilder,
      windows: WindowRecorder
  ): PopulationBuilder = {
    val populations = stages.map { case (k, r) =>
      val queue = new WorkQueue(shard.offset(iterations), shard.share(iterations), timeLimitPerLevel)
      scenario(s"$scenarioName L$k R$r")
        .exec(Workers.loop(queue, journey, windows, RunWindow.Level, label(k, r)))
        .inject(atOnceUsers(Math.toIntExact(shard.share(levels(k - 1)))))
    }
    populations.reduceRight((stage, later) => stage.andThen(later))
  }
}

private[profiles] object Levels {
  def problem(levels: Seq[Long]): Option[String] =
    if (levels.isEmpty) Some("must list at least one level")
    else if (levels.exists(_ <= 0)) Some(s"must all be greater than 0 (was ${levels.mkString("[", ", ", "]")})")
    else Option.when(
      levels.zip(levels.tail).exists { case (a, b) => b <= a }
    )(s"must be strictly ascending (was ${levels.mkString("[", ", ", "]")})")
}
