package profiles

import config.InputError

import scala.concurrent.duration._

import com.typesafe.config.{ Config, ConfigFactory, ConfigUtil }

/** Reads load profiles from the `profiles { <simulation> { <profile> { type = ..., ... } } }` block.
  * Every problem is reported as a [[InputError]] naming the key, before any load is sent.
  */
object LoadProfiles {
  val Smoke = "smoke"
  val DefaultKey = "default"

  /** The name of a system's capacity search, as a profile and as the block of its settings. The search is built
    * in profiles.capacity, above this package, which does not name it: here it is only a name the shaped profiles
    * leave free.
    */
  val Capacity = "capacity"

  /** The profile a capacity search multiplies, where a system has one. */
  val Reference = "reference"

  val Types: Seq[String] =
    Seq("open", "closed-ramp", "concurrency-cycles", "fixed-work", "capacity-model", "concurrency-sweep", "soak")

  private val CommonKeys = Set("type", "description", "journeyDuration", "drain", "throttle", "settings")

  /** A shaped profile (any but a capacity search's). With `smoke`, the named profile is compressed to a few seconds
    * and a few users per shard.
    */
  def load(
      config: Config,
      simulation: String,
      profile: String,
      scale: Double,
      shard: Shard,
      smoke: Boolean
  ): LoadProfile = {
    if (!(scale > 0) || scale.isInfinite) throw new InputError("scale", s"must be greater than 0 (was $scale)")
    shaped(config, simulation, profile, scale, shard, smoke)
  }

  /** The profile a capacity search takes its multiples of: the one it names, else `reference`, else the default. */
  private[profiles] def referenceOf(config: Config, simulation: String, of: Option[String]): String = {
    val profiles = SimulationProfiles(config, simulation)
    val where = s"profiles.${quote(simulation)}.$Capacity.of"
    of match {
      case Some(Capacity) =>
        throw new InputError(s"$where", "names the capacity search itself; name the profile it multiplies")
      case Some(name) => profiles.checked(name, where)
      case None       => if (profiles.names.contains(Reference)) Reference else profiles.defaultProfile
    }
  }

  private def shaped(
      config: Config,
      simulation: String,
      profile: String,
      scale: Double,
      shard: Shard,
      smoke: Boolean
  ): LoadProfile = {
    val profiles = SimulationProfiles(config, simulation)

    val (blockName, compress) =
      if (profile == Smoke && !profiles.names.contains(Smoke)) (profiles.defaultProfile, true)
      else (profiles.checked(profile, s"profiles.${quote(simulation)}"), smoke)

    val parsed = parse(profiles, blockName)
    val path = profiles.pathOf(blockName)

    val scaled = parsed.shape.scaled(scale)
    scaled.invalid.foreach { case (key, reason) =>
      throw new InputError(s"$path.$key", s"$reason (scale x${Plan.number(scale)})")
    }

    val scaledThrottle = parsed.throttle.map(_.scaled(scale))
    scaledThrottle.filter(_.requestsPerSecond == 0).foreach { _ =>
      throw new InputError(
        s"$path.throttle.requestsPerSecond",
        s"scaled to 0 requests/s (scale x${Plan.number(scale)})"
      )
    }

    val shape = if (compress) scaled.compressed(shard.count) else scaled
    val throttle = if (compress) parsed.throttle.map(_.compressed(shard.count)) else scaledThrottle
    shape.emptyShare(shard).foreach(reason => throw new InputError(s"$path", s"$reason"))
    throttle.filter(t => shard.share(t.requestsPerSecond) == 0).foreach { t =>
      throw new InputError(
        s"$path.throttle.requestsPerSecond",
        s"shard $shard gets no requests/s (${t.requestsPerSecond} requests/s over ${shard.count} shards)"
      )
    }

    // A compressed run keeps none of the full run's figures: its description, its derivation and its
    // journeyDuration (smoke journeys are not full-length) would print the full run's concurrency.
    new ShapedProfile(
      ProfileSettings(
        simulation = simulation,
        profile = if (compress && profile != blockName) s"$profile ($blockName compressed)" else profile,
        description = if (compress) None else parsed.description,
        journeyDuration = if (compress) None else parsed.journeyDuration,
        drain = if (compress) parsed.drain.min(1.minute) else parsed.drain,
        throttle = throttle,
        derivation = if (compress) Nil else parsed.derivation,
        scale = scale,
        shard = shard,
        smoke = compress,
        journeySettings = parsed.journeySettings
      ),
      shape
    )
  }

  private final case class Parsed(
      shape: Shape,
      description: Option[String],
      journeyDuration: Option[FiniteDuration],
      drain: FiniteDuration,
      throttle: Option[Throttle],
      derivation: Seq[String],
      journeySettings: Config
  )

  private def parse(profiles: SimulationProfiles, name: String): Parsed = {
    val block = profiles.block(name)
    val shapeType = block.string("type")
    val journeyDuration = block.optionalDuration("journeyDuration")
    val description = block.optionalString("description")
    val journeySettings = block.optionalBlock("settings").fold(ConfigFactory.empty())(_.config)
    val throttle = block.optionalBlock("throttle").map { t =>
      t.only(Set("requestsPerSecond", "rampUp"), "throttle")
      Throttle(t.positiveCount("requestsPerSecond"), t.durationOrZero("rampUp"))
    }
    // Room for the users still in their journey when injection ends.
    def drain(journey: Option[FiniteDuration]) =
      block.optionalDuration("drain").getOrElse(journey.fold(5.minutes)(j => (j * 2).max(5.minutes)))

    def shaped(
        shape: Shape,
        keys: Set[String],
        derivation: Seq[String] = Nil,
        journey: Option[FiniteDuration] = journeyDuration
    ) = {
      block.only(keys ++ CommonKeys, shapeType)
      shape.invalid.foreach { case (key, reason) => block.fail(key, reason) }
      Parsed(shape, description, journey, drain(journey), throttle, derivation, journeySettings)
    }

    shapeType match {
      case "open" =>
        shaped(
          OpenArrivals(
            block.durationOrZero("warmUp"),
            block.positive("rate"),
            block.duration("duration"),
            block.boolean("randomized", default = false)
          ),
          Set("warmUp", "rate", "duration", "randomized")
        )

      case "closed-ramp" =>
        val start = block.count("startUsers")
        val target = block.positiveCount("targetUsers")
        if (target < start) block.fail("targetUsers", s"must be at least startUsers ($start) (was $target)")
        val perMinute = block.positive("usersPerMinute")
        val ramp = math.ceil((target - start) * 60 / perMinute).toLong.seconds
        shaped(
          ClosedRampHold(start, target, ramp, block.duration("hold")),
          Set("startUsers", "usersPerMinute", "targetUsers", "hold")
        )

      case "concurrency-cycles" =>
        val cycles = ConcurrencyCycles(
          block.counts("levels"),
          block.duration("cycleDuration"),
          block.durationOrZero("rampBetween")
        )
        shaped(cycles, Set("levels", "cycleDuration", "rampBetween"))

      case "fixed-work" =>
        val work = FixedWork(
          block.positiveCount("workers"),
          block.positiveCount("scenarios"),
          block.durationOrZero("startAfter"),
          block.durationOrZero("rampUp"),
          block.duration("timeLimit")
        )
        shaped(work, Set("workers", "scenarios", "startAfter", "rampUp", "timeLimit"))

      case "concurrency-sweep" =>
        val repeats = block.positiveCount("repeats")
        if (repeats > 1000) block.fail("repeats", s"must be <= 1000 (was $repeats)")
        val sweep = ConcurrencySweep(
          block.counts("levels"),
          block.positiveCount("iterationsPerLevel"),
          repeats.toInt,
          block.duration("timeLimitPerLevel")
        )
        shaped(sweep, Set("levels", "iterationsPerLevel", "repeats", "timeLimitPerLevel"))

      case "capacity-model" =>
        val model = capacityModel(block)
        val duration = block.optionalDuration("duration").getOrElse(model.variant.defaultDuration)
        val warmUp = if (block.has("warmUp")) block.durationOrZero("warmUp") else model.journeyDuration
        val open = OpenArrivals(warmUp, model.arrivalsPerSecond, duration, block.boolean("randomized", default = false))
        val lasting = s"${model.variant.name} load for ${Plan.human(duration)}, after ${Plan.human(warmUp)} of warm-up"
        shaped(
          open,
          Set(
            "transactionsPerDay",
            "busyHours",
            "transactionsPerHour",
            "variant",
            "peakFactor",
            "stressFactor",
            "duration",
            "warmUp",
            "randomized"
          ),
          model.derivation :+ lasting,
          Some(model.journeyDuration)
        )

      case "soak" =>
        val of = block.string("of")
        val held = profiles.checked(of, s"${block.path}.of")
        if (profiles.block(held).optionalString("type").contains("soak"))
          block.fail("of", s"'$of' is itself a soak profile; name the profile to hold")
        val inner = parse(profiles, held)
        val hold = block.duration("hold")
        val shape = inner.shape match {
          case open: OpenArrivals     => open.copy(steady = hold)
          case closed: ClosedRampHold => closed.copy(hold = hold)
          case other => block.fail("of", s"soak holds a steady phase; '$of' is ${other.typeName}, which has none")
        }
        block.only(Set("of", "hold") ++ CommonKeys, shapeType)
        Parsed(
          shape,
          description.orElse(inner.description),
          journeyDuration.orElse(inner.journeyDuration),
          block.optionalDuration("drain").getOrElse(inner.drain),
          throttle.orElse(inner.throttle),
          inner.derivation :+ s"soak: the steady phase of '$of' held for ${Plan.human(hold)}",
          journeySettings.withFallback(inner.journeySettings)
        )

      case other => block.fail("type", s"unknown type '$other'; known: ${Types.mkString(", ")}")
    }
  }

  private def capacityModel(block: ProfileBlock): CapacityModel = {
    val (perHour, source) =
      if (block.has("transactionsPerHour")) {
        if (block.has("transactionsPerDay")) block.fail(
          "transactionsPerHour",
          "give either transactionsPerHour or transactionsPerDay with busyHours, not both"
        )
        (block.positive("transactionsPerHour"), None)
      } else {
        val perDay = block.positive("transactionsPerDay")
        val hours = block.positive("busyHours")
        (perDay / hours, Some(s"${Plan.number(perDay)} transactions/day over ${Plan.number(hours)} h"))
      }
    val variantName = block.optionalString("variant").getOrElse(CapacityModel.Normal.name)
    val variant = CapacityModel.Variants
      .find(_.name == variantName)
      .getOrElse(block.fail(
        "variant",
        s"unknown variant '$variantName'; known: ${CapacityModel.Variants.map(_.name).mkString(", ")}"
      ))
    CapacityModel(
      perHour,
      source,
      variant,
      block.positiveOr("peakFactor", 1.7),
      block.positiveOr("stressFactor", 2.0),
      block.duration("journeyDuration")
    )
  }

  private[profiles] def quote(key: String): String = ConfigUtil.joinPath(key)
}
