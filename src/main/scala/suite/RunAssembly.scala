package suite

import results.archive.RunArchive
import results.gate.Thresholds
import results.model.{ CurveSpec, RunContext, RunCourse, SystemRecord }
import results.summarize.{ Claims, ResultsSettings }

import java.nio.file.Path

import scala.concurrent.duration.FiniteDuration

import io.gatling.core.Predef._
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }
import io.gatling.core.controller.throttle.ThrottleStep
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import linespeed.LineClass
import live.LiveSettings
import profiles.{ LoadProfile, LoadProfiles, Shard, WindowRecorder }
import profiles.capacity.{ CapacityProfile, CapacitySearch }

import sandbox.SandboxSettings

/** One system of the run, ready to load: its profile and its journey, built and checked.
  *
  * @param sharedConnections its users share one connection pool (`<key>.shareConnections`), as API clients
  *                          and servers do; a browser has its own
  * @param requestsPerJourney how many requests one journey sends (`<key>.requestsPerJourney`, which a
  *                          profile's `settings` may change), for the plan's expected requests/s
  * @param connectivityCheck what its target must carry before any load (`<key>.connectivityCheck`)
  * @param curve             the throughput curve its sweep is read as (`<key>.throughputCurve`)
  * @param line the users' line class, where the system's users are split by line speed (`<key>.lineSpeeds`):
  *             this load is that class's share, its journey runs in a group named after the class, and its
  *             users go through the class's port of the line-speed proxy
  */
final case class SystemLoad(
    system: SystemUnderTest,
    profile: LoadProfile,
    journey: ChainBuilder,
    sharedConnections: Boolean = false,
    requestsPerJourney: Option[Double] = None,
    connectivityCheck: Option[ConnectivityCheck] = None,
    curve: Option[CurveSpec] = None,
    line: Option[LineClass] = None
) {
  def scenarioName: String = system.scenarioName + line.fold("")(l => s" on ${l.name}")

  /** The requests/s this injector should send this system at the peak, where the plan can tell. */
  def expectedRequestsPerSecond: Option[Double] = requestsPerJourney.flatMap(profile.plan.expectedRequestsPerSecond)

  /** Its population, its answers and users followed by `watch` (see [[LoadWatch]]), its journey guarded by
    * [[SystemLoad.withStops]]. A load of a line class goes through `proxyPorts(class)` on this machine.
    */
  def population(
      windows: WindowRecorder,
      baseUrl: String,
      watch: LoadWatch,
      proxyPorts: Map[String, Int] = Map.empty
  ): PopulationBuilder = {
    val own = system.protocol(baseUrl)
    val shaped = line.fold(own)(l => own.proxy(Proxy(SystemLoad.ProxyHost, proxyPorts(l.name))))
    val pooled = if (sharedConnections) shaped.shareConnections else shaped
    SystemLoad.withProtocol(
      profile.population(scenarioName, watch.journey(system.key, journey), windows),
      watch.protocol(system.key, pooled)
    )
  }
}

object SystemLoad {

  /** The journey stops the load as it starts and as it ends once a stop is asked for (a stop signal, see
    * [[StopSignals]]) or, with `earlyStop` on, a limit broke. Users start and end journeys all the time, so
    * the load stops soon after: at once in an open profile, where users keep arriving; within a journey in a
    * closed one. Gatling's public `stopLoadGeneratorIf` ends the
    * run as a normal one (writers flushed and closed, report, assertions, `after` hooks).
    */
  def withStops(journey: ChainBuilder, earlyStop: Option[EarlyStop]): ChainBuilder = {
    def reason = earlyStop.flatMap(_.record).map(_.describe).orElse(StopSignals.reason)
    val stop = stopLoadGeneratorIf(_ => reason.fold("")(identity), _ => reason.nonEmpty)
    exec(stop).exec(journey).exec(stop)
  }

  /** Gatling gives a population's protocols to it alone, not to the populations chained after it with
    * `andThen` (a sweep's later levels and repeats): each gets the system's protocol.
    */
  def withProtocol(population: PopulationBuilder, protocol: HttpProtocolBuilder): PopulationBuilder =
    population.protocols(protocol).copy(children = population.children.map(_.map(withProtocol(_, protocol))))

  /** The line-speed proxy runs on the injector itself. */
  val ProxyHost = "127.0.0.1"
}

/** A system's companion, ready to load: one user from the start of the load, on the system's protocol. */
final case class CompanionLoad(system: SystemUnderTest, companion: Companion) {
  def population(baseUrl: String, watch: LoadWatch): PopulationBuilder =
    SystemLoad.withProtocol(
      scenario(companion.scenarioName).exec(watch.journey(system.key, companion.journey)).inject(atOnceUsers(1)),
      watch.protocol(system.key, system.protocol(baseUrl))
    )
}

/** Everything a run needs, assembled and checked before anything starts: nothing in here has sent a
  * request or opened a port.
  *
  * @param sandbox the stand-ins to start, for a target served by the built-in sandbox
  * @param baseUrls the systems' base URLs where the target gives them (all but sandboxed systems)
  * @param archiveTo the results folder the run is archived to, checked writable; None when not archived
  * @param capacityWarnings where the plan comes close to this machine's limits (see [[MachineCapacity]])
  * @param claims   what the journeys were given that no two users may hold, written to the run folder
  * @param tallies what the journeys count in the responses as the run goes, for run.json
  * @param companions the clients the systems run beside their users (see [[SystemUnderTest.companions]])
  * @param live where the run is shown as it goes, and sent to Graphite (`live`, `graphite`)
  */
final case class RunSetup(
    simulation: String,
    suite: SuiteConfig,
    loads: Seq[SystemLoad],
    claims: Claims.Recorder,
    thresholds: Thresholds,
    results: ResultsSettings,
    throttling: Seq[ThrottleStep],
    sandbox: Option[(SandboxSettings, Seq[SystemUnderTest])],
    baseUrls: Map[String, String],
    archiveTo: Option[Path],
    capacityWarnings: Seq[String] = Nil,
    tallies: Tallies,
    companions: Seq[CompanionLoad] = Nil,
    owners: RequestOwners = new RequestOwners,
    live: LiveSettings = LiveSettings.Off
) {
  def maxDuration: FiniteDuration = loads.map(_.profile.plan.maxDuration).max

  /** The capacity searches of the run's systems whose profile is `capacity`. */
  /** One per searching system, however many line classes share its search. */
  def capacitySearches: Seq[CapacitySearch] = loads.flatMap(_.profile.capacitySearch).distinct

  /** The planned injection time, where every system's is known in advance. */
  def plannedDurationMs: Option[Long] =
    loads.map(_.profile.plan.totalDuration.map(_.toMillis)).reduce((a, b) => a.zip(b).map { case (x, y) => x max y })

  def context(windows: WindowRecorder, course: RunCourse): RunContext =
    RunContext(
      simulation = simulation,
      systems = loads.map(_.system.key).distinct,
      target = suite.target.name,
      profile = profiles,
      shard = suite.shard.toString,
      overrides = suite.overrides,
      plannedWindows = windows.planned,
      windows = windows.measured,
      course = course,
      work = windows.workDone,
      tallies = tallies.snapshot,
      curves = loads.flatMap(_.curve),
      systemRecords = systemRecords(windows)
    )

  /** Each system's own plan and what the run recorded of it: its populations, users, steady window and requests. */
  private def systemRecords(windows: WindowRecorder): Seq[SystemRecord] =
    loads.map(_.system.key).distinct.map { key =>
      val own = loads.filter(_.system.key == key)
      val companionsOf = companions.filter(_.system.key == key)
      val scenarios = own.map(_.scenarioName) ++ companionsOf.map(_.companion.scenarioName)
      val users = own.map(_.profile.plannedUsers).foldLeft(Option(companionsOf.size.toLong)) { (sum, users) =>
        sum.zip(users).map { case (a, b) => a + b }
      }
      val steady = windows.steadyOf(scenarios)
      SystemRecord(
        key = key,
        profile = profileOf(own.head),
        scenarios = scenarios,
        plannedUsers = users,
        plannedSteady = steady.flatMap(_.left.toOption),
        measuredSteady = steady.flatMap(_.toOption),
        requests = owners.of(key),
        capacity = own.flatMap(_.profile.capacitySearch).headOption.map(_.record)
      )
    }

  private def profileOf(load: SystemLoad): String =
    if (suite.smoke) s"${load.profile.name} (smoke)" else load.profile.name

  /** "smoke", or per system where they differ: "raid: reference, toy: smoke". */
  private def profiles: String = {
    val names =
      loads.map(l => l.system.key -> profileOf(l)).distinct
    if (names.map(_._2).distinct.size == 1) names.head._2 else names.map { case (k, p) => s"$k: $p" }.mkString(", ")
  }
}

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
    if (systems.isEmpty) throw new InputError(s"$simulation: sets up no system")
    val keys = systems.map(_.key)
    keys.diff(keys.distinct).headOption.foreach(key =>
      throw new InputError(s"$simulation: system '$key' is set up twice")
    )

    val profiles = systems.map { system =>
      system -> LoadProfiles.load(
        suite.root,
        system.key,
        suite.profileOf(system.key),
        suite.scale,
        suite.shard,
        suite.smoke
      )
    }
    requireProductionAllowed(suite, profiles.map { case (system, profile) => system.key -> profile })
    val claims = new Claims.Recorder
    val tallies = new Tallies
    val owners = new RequestOwners
    val loads = profiles.flatMap { case (system, profile) =>
      val settings = settingsOf(suite, system, profile, claims, tallies)
      val shared = settings.settings.has("shareConnections") && settings.settings.boolean("shareConnections")
      val requestsPerJourney =
        Option.when(settings.settings.has("requestsPerJourney"))(settings.settings.positiveDouble("requestsPerJourney"))
      def load(profile: LoadProfile, journey: ChainBuilder, line: Option[LineClass]) = SystemLoad(
        system,
        profile,
        journey,
        shared,
        requestsPerJourney,
        ConnectivityCheck.of(settings),
        CurveSettings.of(settings),
        line
      )
      val lines =
        if (settings.settings.has("lineSpeeds")) LineClass.read(settings.settings, "lineSpeeds") else Nil
      def scaled(scale: Double, shard: Shard) =
        LoadProfiles.load(suite.root, system.key, suite.profileOf(system.key), scale, shard, suite.smoke)
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
        s"profile: ${throttled.map(_.system.key).mkString(", ")} each set a throttle; Gatling's throttle is global, so run them one at a time"
      )
    // read now, not after the run: a bad results.* setting must stop the run before any load
    val results = ResultsSettings.fromConfig(suite.root)
    archiveTo.foreach { root =>
      RunArchive.requireWritable(root)
      RunArchive.requireBaseline(root, results.baseline)
    }
    RunSetup(
      simulation = simulation,
      suite = suite,
      loads = loads,
      claims = claims,
      // thresholds.conf and each system's block, or the file named by -Dthresholds=<file> for this run
      thresholds = Thresholds.load(keys, None),
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

  /** A system's settings: -D overrides, then what its profile was measured with (`settings { ... }`), then
    * the target's block, then the system's defaults.
    */
  def settingsOf(
      suite: SuiteConfig,
      system: SystemUnderTest,
      profile: LoadProfile,
      claims: Claims.Recorder,
      tallies: Tallies = new Tallies
  ): SystemSettings = {
    val own = SystemSettings(
      system.key,
      ConfigFiles.overridesOf(system.key).withFallback(profile.journeySettings).withFallback(suite.system(system.key)),
      suite.thinkTimeMultiplierOf(system.key),
      suite.shard,
      suite.isSmoke(system.key),
      profile.workItems,
      plannedUsers = profile.plannedUsers,
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
        s"targets.$target.${system.key}.baseUrl: missing (where target $target serves ${system.key})$written"
      )
    }
    new Settings(suite.system(system.key), system.key).string("baseUrl")
  }
}
