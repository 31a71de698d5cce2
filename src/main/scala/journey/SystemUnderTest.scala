package journey

import watch.Tallies

import results.archive.ClaimsFile

import config.Settings

import scala.concurrent.duration.FiniteDuration

import com.typesafe.config.Config
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import profiles.{ Plan, Shard }
import sandbox.StandIn

/** One system the suite models, as its slice gives it to the framework: its key (the name of its
  * blocks in systems/<key>.conf), its journey and protocol, and its stand-in for the sandbox.
  */
trait SystemUnderTest {
  def key: String

  /** Every request name the journey may send. Names are a contract: teams compare runs with their
    * history line by line, and thresholds name them.
    */
  def requestNames: Set[String]

  /** The Gatling scenario name; reports and the profile's windows are labelled with it. */
  def scenarioName: String

  /** One iteration of the journey; the load profile decides how many users run it and how often.
    * Built before any load is sent, so feeder and config problems surface first.
    */
  def journey(settings: SystemSettings): ChainBuilder

  def protocol(baseUrl: String): HttpProtocolBuilder

  /** How many times one journey at these settings sends each request or runs each group, on average over its
    * mixes, by path (its groups then the request, as thresholds name them): what the plan multiplies its arrival
    * rate by for the samples a gated path collects. A path left out is not estimated; none by default.
    */
  def pathsPerJourney(settings: SystemSettings): Map[List[String], Double] = Map.empty

  /** What the sandbox serves in place of the system for `target=local`. */
  def standIn: StandIn

  /** The systems this one is made of (a combined run over their journeys): their files are read with
    * this one's, their settings reach this journey through [[SystemSettings.of]], their stub mappings are
    * served, and this stand-in may start theirs.
    */
  def parts: Seq[SystemUnderTest] = Nil

  /** Clients that run beside the system's users for the whole run, each one user in its own population (a
    * batch job the platform runs while its users work, say); none by default. `plan` is the system's whole
    * profile's (not a line class's share): its planned injection time is the length of the run. Their request
    * names are a contract too (the system's page lists them), outside [[requestNames]], the journey's.
    */
  def companions(settings: SystemSettings, plan: Plan): Seq[Companion] = Nil
}

/** One client beside a system's users (see [[SystemUnderTest.companions]]): a single user who starts with the
  * load and runs `journey` once, on the system's protocol and never through a line-speed proxy; a run spread
  * over shards runs it on the first one only.
  *
  * @param describe what it does, for the plan printed before the run (e.g. "2 extractions, one every 1 h")
  */
final case class Companion(scenarioName: String, journey: ChainBuilder, describe: String)

object SystemUnderTest {

  /** A client of a JSON API, named in its User-Agent so that a target's logs can tell the load test's
    * traffic from its users'.
    */
  def jsonApi(baseUrl: String, client: String): HttpProtocolBuilder =
    http.baseUrl(baseUrl).acceptHeader("application/json").userAgentHeader(s"public-sector-load-tests ($client)")

  /** The systems and, after them, every part they are made of, each once. */
  def withParts(systems: Seq[SystemUnderTest]): Seq[SystemUnderTest] = {
    def all(s: SystemUnderTest): Seq[SystemUnderTest] = s +: s.parts.flatMap(all)
    systems.flatMap(all).distinctBy(_.key)
  }
}

/** A system's settings for this run: its config block (target over defaults) and the run-wide knobs.
  *
  * @param smoke the system runs at smoke scale: its mixes draw every alternative in turn
  * @param workItems the length of the whole run's list of scenarios (all shards), for a fixed-work profile
  * @param parts the settings of the systems this one is made of, by key
  * @param usersToFeed how many users of this injector need a record each, where that is known before the run
  *                    ([[profiles.LoadProfile.usersToFeed]]: an open shape's planned users, a capacity search's
  *                    ceiling): a journey that must not reuse a record checks its feeder against it
  * @param claims where the journey records what it was given that no other user may hold (a locked form);
  *               the results step reports any resource two users got
  * @param tallies the run's tallies, which the journey's checks count into (see [[Tallies]])
  */
final case class SystemSettings(
    key: String,
    config: Config,
    thinkTimeMultiplier: Double,
    shard: Shard,
    smoke: Boolean = false,
    workItems: Option[Long] = None,
    parts: Map[String, SystemSettings] = Map.empty,
    usersToFeed: Option[Long] = None,
    claims: ClaimsFile.Recorder = new ClaimsFile.Recorder,
    tallies: Tallies = new Tallies
) {
  // Scoped under the system's key so that errors name the full path, e.g. "raid.thinkTime".
  val settings: Settings = new Settings(config, key)

  def string(path: String): String = settings.string(path)

  def duration(path: String): FiniteDuration = settings.duration(path)

  def int(path: String, min: Int = Int.MinValue): Int = settings.int(path, min)

  def thinkTime(path: String): ThinkTime = ThinkTime(duration(path), thinkTimeMultiplier)

  /** A pause drawn uniformly from block `path`'s `min` to its `max`. */
  def uniformThinkTime(path: String): UniformThinkTime = {
    val (min, max) = (thinkTime(s"$path.min"), thinkTime(s"$path.max"))
    if (max.base < min.base) settings.fail(s"$path.max", s"must be at least $path.min (${min.base}, was ${max.base})")
    UniformThinkTime(min, max)
  }

  /** The weighted mix in block `path`, over the names `known` (e.g. a system's transactions); drawn in turn
    * at smoke scale, so that a few users cover every alternative.
    */
  def mix(path: String, known: Seq[String]): Mix = Mix.read(settings, path, known, inTurn = smoke)

  /** The settings of `part`, one of the systems this one is made of, as this run gives them. */
  def of(part: SystemUnderTest): SystemSettings =
    parts.getOrElse(
      part.key,
      throw new IllegalStateException(s"$key does not list ${part.key} among its parts")
    )
}
