package profiles

import scala.concurrent.duration.FiniteDuration

import com.typesafe.config.Config
import io.gatling.core.controller.throttle.ThrottleStep
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }

/** A named load shape, scaled and sharded, ready to drive one journey. */
trait LoadProfile {
  def name: String

  /** What this injector will send; print `plan.render` before the run starts. */
  def plan: Plan

  /** The scenario(s) that run `journey`, one iteration of a user's journey: open and closed shapes run it
    * once per user; fixed work and sweeps loop workers over a shared, bounded work queue (the current
    * item is in the session as `workItem`; each iteration starts without the attributes the previous one
    * saved, keeping only Gatling's own). Windows to split results by are recorded in `windows`.
    * Every call builds fresh populations with their own work queues.
    */
  def population(scenarioName: String, journey: ChainBuilder, windows: WindowRecorder): PopulationBuilder

  /** The system's journey settings this profile was measured with (its `settings { ... }` block, e.g. the
    * transaction mix of a published run); empty when it has none.
    */
  def journeySettings: Config

  /** For fixed work, the length of the whole run's list of scenarios (every shard's): a journey that must
    * not reuse a record checks its feeder against it. None for other shapes.
    */
  def workItems: Option[Long]

  /** How many users this injector starts, where that is known before the run (open shapes: each user
    * arrives once); None where it depends on the system's speed (closed shapes replace finished users).
    */
  def plannedUsers: Option[Long]

  /** How many users a feeder of one record per user ([[journey.UniqueRecords]]) must hold records for before any
    * load: the planned users; a profile whose users depend on the run may say how many it needs regardless.
    */
  def usersToFeed: Option[Long] = plannedUsers

  /** Steps for `PopulationBuilder.throttle` or `setUp(...).throttle`; empty when the profile has no throttle. */
  def throttling: Seq[ThrottleStep]
}

/** What a profile block says besides its shape. */
private[profiles] final case class ProfileSettings(
    simulation: String,
    profile: String,
    description: Option[String],
    journeyDuration: Option[FiniteDuration],
    drain: FiniteDuration,
    throttle: Option[Throttle],
    derivation: Seq[String],
    scale: Double,
    shard: Shard,
    smoke: Boolean,
    journeySettings: Config
)

private[profiles] final class ShapedProfile(val settings: ProfileSettings, val shape: Shape) extends LoadProfile {
  import settings._

  def name: String = profile

  def journeySettings: Config = settings.journeySettings

  def workItems: Option[Long] = shape match {
    case work: FixedWork => Some(work.scenarios)
    case _               => None
  }

  def plannedUsers: Option[Long] = shape.plannedUsers(shard)

  lazy val plan: Plan = {
    val maxDuration = shape.maxDuration(drain, journeyDuration)
    Plan(
      simulation = simulation,
      profile = profile,
      shape = shape.typeName,
      description = description,
      phases = shape.phases(shard),
      peakUsers = shape.peakUsers(shard, journeyDuration),
      peakArrivalRate = shape.peakArrivalRate(shard, journeyDuration),
      totalDuration = shape.plannedDuration,
      maxDuration = maxDuration,
      derivation = derivation,
      throttle = throttle.map(_.describe(shard)),
      scale = scale,
      shard = shard,
      smoke = smoke,
      whole = Option.when(!shard.isWhole)(WholeRun(
        shape.peakUsers(Shard.Whole, journeyDuration),
        shape.peakArrivalRate(Shard.Whole, journeyDuration)
      )),
      throttleRequestsPerSecond = throttle.map(t => shard.share(t.requestsPerSecond)),
      steadyWindow = shape.steadyWindow
    )
  }

  def population(scenarioName: String, journey: ChainBuilder, windows: WindowRecorder): PopulationBuilder =
    shape.population(shard, scenarioName, journey, windows)

  def throttling: Seq[ThrottleStep] = throttle.fold(Seq.empty[ThrottleStep])(_.steps(shard, plan.maxDuration))
}
