package profiles

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.{ Config, ConfigFactory }

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep
import io.gatling.core.structure.ChainBuilder

/** The suite's shipped profiles (profiles.conf and every system's file) and shortcuts to load from them, for the profile tests. */
object ProfilesTestKit {
  lazy val suiteProfiles: Config = {
    val systems =
      Using.resource(Files.list(Paths.get(getClass.getResource("/systems").toURI)))(_.iterator.asScala.toSeq)
    systems.sorted.map(file => ConfigFactory.parseFile(file.toFile)).foldLeft(ConfigFactory.parseResources(
      "profiles.conf"
    ))(
      _ withFallback _
    ).resolve()
  }

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
