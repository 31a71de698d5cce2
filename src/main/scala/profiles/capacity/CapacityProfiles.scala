package profiles.capacity

import scala.concurrent.duration._

import com.typesafe.config.Config
import profiles.{ LoadProfile, LoadProfiles, Plan, ShapedProfile, Shard }
import config.InputError
import results.model.PercentileInterval

/** Builds a system's `capacity` profile from its settings ([[SearchSettings]]) and its reference profile. */
object CapacityProfiles {

  /** A smoke run's search: a few seconds a step, a minute in all. */
  private val SmokeSettle = 1.second
  private val SmokeStep = 4.seconds
  private val SmokeMaxDuration = 1.minute

  /** A step's settling time worked out from the reference is at least this long. */
  private val MinSettle = 10.seconds

  /** A warm-up or ramp settles a step for at most this long: it says how the reference starts, not how long its
    * journeys take. A journeyDuration is taken whole, since a step is judged once its multiple's journeys have run
    * through.
    */
  private val MaxRampSettle = 5.minutes

  /** The profile named, a capacity search or a shaped profile: what a run loads for each system. */
  def loadAny(
      config: Config,
      simulation: String,
      profile: String,
      scale: Double,
      shard: Shard,
      smoke: Boolean,
      confidencePercent: Double = PercentileInterval.DefaultConfidencePercent
  ): LoadProfile =
    if (profile == LoadProfiles.Capacity) load(config, simulation, scale, shard, smoke, confidencePercent)
    else LoadProfiles.load(config, simulation, profile, scale, shard, smoke)

  /** The capacity search a profile runs; None for a shaped profile. */
  def searchOf(profile: LoadProfile): Option[CapacitySearch] = profile match {
    case capacity: CapacityProfile => Some(capacity.search)
    case _                         => None
  }

  /** @param confidencePercent the confidence a step's percentile intervals are judged at: the results gate's */
  def load(
      config: Config,
      simulation: String,
      scale: Double,
      shard: Shard,
      smoke: Boolean,
      confidencePercent: Double = PercentileInterval.DefaultConfidencePercent
  ): LoadProfile = {
    if (!shard.isWhole) throw new InputError(
      "shard",
      s"a capacity search runs on one injector, since each step depends on the last one's verdict (was $shard); run -Dprofile=capacity without -Dshard"
    )
    val settings = SearchSettings.read(config, simulation)
    val of = LoadProfiles.referenceOf(config, simulation, settings.of)
    val reference = LoadProfiles.load(config, simulation, of, scale, shard, smoke) match {
      case shaped: ShapedProfile => shaped
      case other => throw new IllegalStateException(s"a reference profile of its own shape: ${other.name}")
    }
    val load = ReferenceLoad.of(reference.shape)
    val resolution = resolutionFor(settings.resolution, load, of, smoke)
    val settle =
      if (smoke) SmokeSettle
      else settings.settle.getOrElse(
        reference.settings.journeyDuration.getOrElse(load.rampTime.min(MaxRampSettle)).max(MinSettle)
      )
    val step = if (smoke) settings.stepDuration.min(SmokeStep) else settings.stepDuration
    // A search whose budget holds no step would run none and answer nothing (eForms settles 20 minutes a step).
    if (!smoke && settings.maxDuration < settle + step) throw new InputError(
      "capacity.maxDuration",
      s"must hold at least one step of '$of', ${Plan.human(settle)} settling and ${Plan.human(step)} judged (was ${Plan.human(settings.maxDuration)})"
    )
    val plan = SearchPlan(
      system = simulation,
      referenceProfile = of,
      reference = load,
      resolution = resolution,
      maxMultiple = settings.maxMultiple,
      settle = settle,
      stepDuration = step,
      // The reference's own: room for the users of a journey to end (its `drain`; a smoke run's, a minute at most).
      drain = reference.settings.drain,
      maxDuration = if (smoke) settings.maxDuration.min(SmokeMaxDuration) else settings.maxDuration,
      minAnswers = if (smoke) 0L else settings.minAnswers,
      // A smoke run's steps settle a second: too short for their users in flight to level out.
      judgesPace = !smoke,
      referenceJourneysPerSecond = reference.plan.peakArrivalRate,
      // A smoke run's steps hold a few answers each: it proves the search works, its percentiles as points.
      confidencePercent = Option.when(!smoke)(confidencePercent)
    )
    new CapacityProfile(new CapacitySearch(plan), reference, smoke)
  }

  /** The search's resolution, where [[Admission]] can tell its multiples apart: it counts multiples in thousandths,
    * and gives a closed reference's users round(multiple x users) places, so multiples less than 1 / users apart
    * are the same step. A finer resolution would bisect between steps that hold the same load and report a
    * figure finer than was measured. A smoke run's few users are the suite's choice, not the run's: its search
    * bisects at 1 / users instead.
    */
  private def resolutionFor(resolution: Double, load: ReferenceLoad, of: String, smoke: Boolean): Double = {
    def tooFine(finest: Double, why: String) = throw new InputError(
      "capacity.resolution",
      s"must be at least ${Plan.number(finest)} (was ${Plan.number(resolution)}): $why"
    )
    if (resolution < Admission.FinestMultiple - Eps)
      tooFine(Admission.FinestMultiple, "the search admits multiples in thousandths")
    load match {
      case closed: ReferenceLoad.Users if resolution * closed.users < 1 - Eps =>
        // Rounded up to the millionth multiples are compared to, so that the figure given works.
        val finest = math.ceil(1e6 / closed.users) / 1e6
        if (smoke) finest
        else tooFine(
          finest,
          s"'$of' holds ${Plan.counted(closed.users, "user")} at 1x, so multiples less than 1/${closed.users} apart admit as many of them"
        )
      case _ => resolution
    }
  }

  /** Room for the decimals a double cannot hold: 0.1 x 3 is 0.30000000000000004. */
  private val Eps = 1e-9
}
