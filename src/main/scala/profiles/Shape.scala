package profiles

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.InjectionProfileFactory
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }

import Plan.count
import Shape.Planned
import results.model.{ WindowKind, WindowLabel }

/** A load shape with the whole run's figures (after scale); a shard's figures are worked out from them,
  * so that the shares of all shards add up to the whole. Not sealed: each shape has a file of its own, with its
  * arithmetic, its Gatling injection steps and its plan text apart.
  */
private[profiles] trait Shape {
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

  /** How long its steady window lasts, where planned at fixed offsets (see [[Plan.steadyWindow]]). */
  def steadyWindow: Option[FiniteDuration] = None
}

/** A shape whose users all run one scenario, injected by its steps (open or closed): every shape but the
  * sweep, whose stages are populations of their own.
  */
private[profiles] abstract class OneScenarioShape[Step: InjectionProfileFactory] extends Shape {
  def steps(shard: Shard): List[Step]

  /** Windows at fixed offsets from the run's start; none where they depend on the system's speed. */
  def plannedWindows: Seq[Planned] = Nil

  override def steadyWindow: Option[FiniteDuration] =
    plannedWindows.find(_.kind == WindowKind.Steady).map(w => w.to - w.from)

  /** What each user runs: the journey, unless the shape times it or hands it work. */
  def userChain(shard: Shard, scenarioName: String, journey: ChainBuilder, windows: WindowRecorder): ChainBuilder =
    journey

  final def population(shard: Shard, scenarioName: String, journey: ChainBuilder, windows: WindowRecorder)
      : PopulationBuilder = {
    plannedWindows.foreach(w => windows.plan(w.kind, w.label, w.from, w.to, scenarioName))
    scenario(scenarioName).exec(userChain(shard, scenarioName, journey, windows)).inject(steps(shard))
  }
}

/** A shape that injects for a fixed time: the run may take that and the drain for the last users to finish. */
private[profiles] trait FixedLength extends Shape {
  def injectionTime: FiniteDuration

  def plannedDuration: Option[FiniteDuration] = Some(injectionTime)
  def maxDuration(drain: FiniteDuration, journeyDuration: Option[FiniteDuration]): FiniteDuration =
    injectionTime + drain
}

/** A compressed run's figures (`Shape.compressed`): a few seconds, a few users per shard. */
private[profiles] object Smoke {

  /** New users per second per shard. */
  val Rate = 2.0

  /** How long a ramp or a cycle lasts. */
  val Step: FiniteDuration = 2.seconds

  /** `perShard` users (or workers, iterations) on each of `shardCount` shards. */
  def count(perShard: Long, shardCount: Int): Long = perShard * shardCount

  /** `n` levels of 1, 2, ... users per shard. */
  def levels(n: Int, shardCount: Int): Seq[Long] = (1 to n).map(count(_, shardCount))
}

private[profiles] object Shape {
  def ceilDiv(a: Long, b: Long): Long = (a + b - 1) / b

  /** A window at fixed offsets from the run's start, for the results step to resolve. */
  final case class Planned(kind: WindowKind, label: WindowLabel, from: FiniteDuration, to: FiniteDuration)

  /** Why `shard` would get none of `total` `what` (a plural noun: users, workers), when it would. */
  def noShare(shard: Shard, what: String, total: Long): Option[String] =
    Option.when(shard.share(total) == 0)(
      s"shard $shard gets no $what (${count(total)} ${if (total == 1) what.stripSuffix("s") else what} over ${shard.count} shards)"
    )

  /** A closed shape's users start a journey as their last one ends: `users` over the journey's duration. */
  def closedArrivalRate(users: Long, journeyDuration: Option[FiniteDuration]): Option[Double] =
    journeyDuration.map(j => users.toDouble / j.toSeconds)
}

private[profiles] object Levels {
  def problem(levels: Seq[Long]): Option[String] =
    if (levels.isEmpty) Some("must list at least one level")
    else if (levels.exists(_ <= 0)) Some(s"must all be greater than 0 (was ${levels.mkString("[", ", ", "]")})")
    else Option.when(
      levels.zip(levels.tail).exists { case (a, b) => b <= a }
    )(s"must be strictly ascending (was ${levels.mkString("[", ", ", "]")})")
}
