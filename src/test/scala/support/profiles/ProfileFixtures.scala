package support.profiles

import com.typesafe.config.{ Config, ConfigFactory }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** The suite's profiles.conf and shortcuts to load from it, for the profile tests. */
object ProfileFixtures {
  lazy val suiteProfiles: Config = ConfigFactory.parseResources("profiles.conf").resolve()

  def config(hocon: String): Config = ConfigFactory.parseString(hocon).resolve()

  def shaped(config: Config, simulation: String, profile: String, scale: Double = 1, shard: Shard = Shard.Whole, smoke: Boolean = false): ShapedProfile =
    LoadProfiles.load(config, simulation, profile, scale, shard, smoke) match {
      case p: ShapedProfile => p
      case other            => throw new AssertionError(s"unexpected profile class ${other.getClass}")
    }

  def suite(simulation: String, profile: String, scale: Double = 1, shard: Shard = Shard.Whole, smoke: Boolean = false): ShapedProfile =
    shaped(suiteProfiles, simulation, profile, scale, shard, smoke)

  val journey: ChainBuilder = exec(session => session)

  def shards(n: Int): Seq[Shard] = (1 to n).map(Shard(_, n))
}
