package profiles

import com.typesafe.config.{ Config, ConfigFactory }

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep
import io.gatling.core.structure.ChainBuilder

/** The suite's shipped profiles (profiles.conf and RAiD's file) and shortcuts to load from them, for the profile tests. */
object ProfilesTestKit {
  lazy val suiteProfiles: Config =
    ConfigFactory.parseResources(
      "profiles.conf"
    ).withFallback(ConfigFactory.parseResources("systems/raid.conf")).resolve()

  def config(hocon: String): Config = ConfigFactory.parseString(hocon).resolve()

  def shaped(
      config: Config,
      simulation: String,
      profile: String,
      scale: Double = 1,
      shard: Shard = Shard.Whole,
      smoke: Boolean = false
  ): ShapedProfile =
    LoadProfiles.load(config, simulation, profile, scale, shard, smoke) match {
      case p: ShapedProfile => p
      case other            => throw new AssertionError(s"unexpected profile class ${other.getClass}")
    }

  def suite(
      simulation: String,
      profile: String,
      scale: Double = 1,
      shard: Shard = Shard.Whole,
      smoke: Boolean = false
  ): ShapedProfile =
    shaped(suiteProfiles, simulation, profile, scale, shard, smoke)

  val journey: ChainBuilder = exec(session => session)

  /** How many users Gatling injects for these open steps, by its own count (public API). */
  def users(steps: Seq[OpenInjectionStep]): Long =
    scenario(
      "count"
    ).exec(journey).inject(steps).injectionProfile.totalUserCount.getOrElse(throw new AssertionError("no count"))

  def shards(n: Int): Seq[Shard] = (1 to n).map(Shard(_, n))
}
