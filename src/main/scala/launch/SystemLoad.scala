package launch

import journey.{ Companion, ConnectivityCheck, SystemUnderTest }
import signals.StopSignals
import watch.EarlyStop

import io.gatling.core.Predef._
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import linespeed.LineClass
import profiles.{ LoadProfile, WindowRecorder }
import results.model.CurveSpec

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
  * @param pathsPerJourney how often one journey runs each request or group path (see
  *             [[SystemUnderTest.pathsPerJourney]]), under its line class's group where it has one
  */
final case class SystemLoad(
    system: SystemUnderTest,
    profile: LoadProfile,
    journey: ChainBuilder,
    sharedConnections: Boolean = false,
    requestsPerJourney: Option[Double] = None,
    connectivityCheck: Option[ConnectivityCheck] = None,
    curve: Option[CurveSpec] = None,
    line: Option[LineClass] = None,
    pathsPerJourney: Map[List[String], Double] = Map.empty
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
