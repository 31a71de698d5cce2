package launch

import journey.{ ConnectivityCheck, SystemSettings, SystemUnderTest }
import machine.{ CapacitySettings, MachineCapacity, MachineLimits, SystemDemand }
import watch.{ RequestOwners, Tallies }

import results.archive.{ ClaimsFile, RunArchive }

import config.{ ConfigFiles, InputError, Settings }

import results.gate.Thresholds
import results.summarize.ResultsSettings

import java.nio.file.Path

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import linespeed.LineClass
import live.LiveSettings
import profiles.{ LoadProfile, Shard }
import profiles.capacity.{ CapacityProfile, CapacityProfiles }
import sandbox.SandboxSettings

/** Reads and checks a run's whole input: an [[InputError]] or a [[RunSetup]]. */
object RunAssembly {

  /** @param archiveTo where the run will be archived (under `mvn gatling:test`): it must be writable, and
    *   a baseline named by its folder must be there, before the sandbox starts or any load is sent
    */
  def assemble(
      simulation: String,
      systems: Seq[SystemUnderTest],
      suite: SuiteConfig,
      archiveTo: Option[Path] = None,
      machine: MachineLimits = MachineLimits.current()
  ): RunSetup = {
    if (systems.isEmpty) throw new InputError(s"$simulation", "sets up no system")
    val keys = systems.map(_.key)
    keys.diff(keys.distinct).headOption.foreach(key =>
      throw new InputError(s"$simulation", s"system '$key' is set up twice")
    )

    // read now, not after the run: a bad results.* setting must stop the run before any load; a capacity search's
    // steps judge their percentiles at the gate's confidence
    val results = ResultsSettings.fromConfig(suite.root)
    val profiles = systems.map { system =>
      system -> CapacityProfiles.loadAny(
        suite.root,
        system.key,
        suite.profileOf(system.key),
        suite.scale,
        suite.shard,
        suite.smoke,
        results.confidencePercent
      )
    }
    requireProductionAllowed(suite, profiles.map { case (system, profile) => system.key -> profile })
    requireNoEarlyStopOfASearch(
      suite,
      profiles.collect { case (system, p) if CapacityProfiles.searchOf(p).nonEmpty => system.key }
    )
    val claims = new ClaimsFile.Recorder
    val tallies = new Tallies
    val owners = new RequestOwners
    val loads = profiles.flatMap { case (system, profile) =>
      val settings = settingsOf(suite, system, profile, claims, tallies)
      val shared = settings.settings.has("shareConnections") && settings.settings.boolean("shareConnections")
      val requestsPerJourney =
        Option.when(settings.settings.has("requestsPerJourney"))(settings.settings.positiveDouble("requestsPerJourney"))
      val paths = system.pathsPerJourney(settings)
      def load(profile: LoadProfile, journey: ChainBuilder, line: Option[LineClass]) = SystemLoad(
        system,
        profile,
        journey,
        shared,
        requestsPerJourney,
        ConnectivityCheck.of(settings),
        CurveSettings.of(settings),
        line,
        // a line class's journey runs once per user in a group named after the class
        line.fold(paths)(l => paths.map { case (path, n) => (l.name :: path) -> n } + (List(l.name) -> 1.0))
      )
      val lines =
        if (settings.settings.has("lineSpeeds")) LineClass.read(settings.settings, "lineSpeeds") else Nil
      def scaled(scale: Double, shard: Shard) =
        CapacityProfiles.loadAny(suite.root, system.key, suite.profileOf(system.key), scale, shard, suite.smoke)
      def perClass(whole: LoadProfile)(share: Double => LoadProfile) = {
        // One population per class, its share of the whole run's users (every shard's), at least one each where
        // there are enough; a shape with no user count splits its peak (a smoke run gives every class its few users).
        val users = whole.plannedUsers.orElse(whole.plan.peakUsers).filter(_ > 0)
        val factors = users.fold(lines.map(_.sharePercent / 100))(total =>
          LineClass.usersPerClass(total, lines).map(_.toDouble / total)
        )
        lines.zip(factors).filter(_._2 > 0).map { case (line, factor) =>
          val profile = share(factor)
          load(
            profile,
            group(line.name)(system.journey(settingsOf(suite, system, profile, claims, tallies))),
            Some(line)
          )
        }
      }
      profile match {
        case _ if lines.isEmpty      => Seq(load(profile, system.journey(settings), None))
        case search: CapacityProfile => perClass(search)(search.shareOf)
        case _                       =>
          perClass(scaled(suite.scale, Shard.Whole))(factor => scaled(suite.scale * factor, suite.shard))
      }
    }
    // One client for the whole run however many injectors share it: the first shard runs it.
    val companions = profiles.filter(_ => suite.shard.index == 1).flatMap { case (system, profile) =>
      system.companions(
        settingsOf(suite, system, profile, claims, tallies),
        profile.plan
      ).map(CompanionLoad(system, _))
    }
    val root = new Settings(suite.root)
    val target = root.block(s"targets.${suite.target.name}")
    val capacityWarnings = MachineCapacity.check(
      // Where the profile gives no peak of concurrent users, all the users it starts are an upper bound.
      loads.map(l =>
        SystemDemand(l.system.key, l.profile.plan.peakUsers.orElse(l.profile.plannedUsers), l.sharedConnections)
      ),
      sandboxInProcess = suite.target.usesSandbox,
      machine,
      CapacitySettings.fromConfig(root),
      sandboxHere = target.has("sandboxHere") && target.boolean("sandboxHere"),
      scale = suite.scale
    )
    val throttled = loads.filter(_.profile.throttling.nonEmpty)
    if (throttled.size > 1)
      throw new InputError(
        "profile",
        s"${throttled.map(_.system.key).mkString(", ")} each set a throttle; Gatling's throttle is global, so run them one at a time"
      )
    // thresholds.conf and each system's block, or the file named by -Dthresholds=<file> for this run, under
    // the -Dthresholds.* given: a bad one stops the run here, before any load or folder is made
    val thresholds = Thresholds.load(keys, None, suite.overrides)
    archiveTo.foreach { root =>
      RunArchive.requireWritable(root)
      RunArchive.requireBaseline(root, results.baseline)
    }
    RunSetup(
      simulation = simulation,
      suite = suite,
      loads = loads,
      claims = claims,
      thresholds = thresholds,
      results = results,
      throttling = throttled.flatMap(_.profile.throttling),
      sandbox = Option.when(suite.target.usesSandbox)(SandboxSettings.fromConfig(suite.root) -> systems),
      baseUrls =
        if (suite.target.usesSandbox) Map.empty else systems.map(s => s.key -> configuredBaseUrl(suite, s)).toMap,
      archiveTo = archiveTo,
      capacityWarnings = capacityWarnings,
      tallies = tallies,
      companions = companions,
      owners = owners,
      live = LiveSettings.read(new Settings(suite.root))
    )
  }

  /** Against a target marked `production = true`, only smoke runs go unless the run names the target. A
    * smoke run made bigger (`-Dscale` above 1, or its profile's figures overridden) is no smoke run.
    */
  def requireProductionAllowed(suite: SuiteConfig, profiles: Seq[(String, LoadProfile)]): Unit = {
    val target = suite.target.name
    val overridden = suite.overrides.keySet
    def enlarged(key: String) =
      Seq(s"scale ${suite.scale}").filter(_ => suite.scale > 1) ++
        overridden.filter(_.startsWith(s"profiles.$key.")).toSeq.sorted.map(k => s"-D$k")
    val aboveSmoke = profiles.collect {
      case (key, profile) if !(suite.smoke || profile.name == "smoke") => s"$key: ${profile.name}"
      case (key, profile) if enlarged(key).nonEmpty => s"$key: ${profile.name} with ${enlarged(key).mkString(", ")}"
    }
    if (suite.target.production && aboveSmoke.nonEmpty && !suite.allowProduction.contains(target)) {
      val names = aboveSmoke.mkString(", ")
      throw new InputError(
        s"target $target is production ($names is more than smoke): add -DallowProduction=$target to send this load to it"
      )
    }
  }

  /** A capacity search's failing steps are meant to break limits: an early stop would end the search at its first
    * failing step, before it had bisected to a figure.
    */
  private def requireNoEarlyStopOfASearch(suite: SuiteConfig, searching: Seq[String]): Unit =
    suite.earlyStop.limitKeys.headOption.filter(_ => searching.nonEmpty).foreach { key =>
      throw new InputError(
        s"$key",
        s"a capacity search's failing steps are meant to fail; an early stop would end the search of ${searching.mkString(", ")} at its first failing step (unset earlyStop.* for -Dprofile=capacity)"
      )
    }

  /** A system's settings: -D overrides, then what its profile was measured with (`settings { ... }`), then
    * the target's block, then the system's defaults.
    */
  def settingsOf(
      suite: SuiteConfig,
      system: SystemUnderTest,
      profile: LoadProfile,
      claims: ClaimsFile.Recorder,
      tallies: Tallies = new Tallies
  ): SystemSettings = {
    val own = SystemSettings(
      system.key,
      ConfigFiles.overridesOf(system.key).withFallback(profile.journeySettings).withFallback(suite.system(system.key)),
      suite.thinkTimeMultiplierOf(system.key),
      suite.shard,
      suite.isSmoke(system.key),
      profile.workItems,
      usersToFeed = profile.usersToFeed,
      claims = claims,
      tallies = tallies
    )
    // A part runs inside this system's population, so at its scale and pacing.
    def withParts(settings: SystemSettings, of: SystemUnderTest): SystemSettings =
      settings.copy(parts = of.parts.map { part =>
        val config = ConfigFiles.overridesOf(part.key).withFallback(suite.system(part.key))
        part.key -> withParts(own.copy(key = part.key, config = config, parts = Map.empty), part)
      }.toMap)
    withParts(own, system)
  }

  private def configuredBaseUrl(suite: SuiteConfig, system: SystemUnderTest): String = {
    val target = suite.target.name
    if (!suite.system(system.key).hasPath("baseUrl")) {
      val written = new Settings(suite.target.block).optionalString("baseUrlsFile").fold("")(file =>
        s"; no standalone sandbox serving it has written it to $file: start one first"
      )
      throw new InputError(
        s"targets.$target.${system.key}.baseUrl",
        s"missing (where target $target serves ${system.key})$written"
      )
    }
    new Settings(suite.system(system.key), system.key).string("baseUrl")
  }
}
