package suite

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.LoadProfiles

/** Checks of the run's assembly that come before any journey is built. */
class RunAssemblyTest {
  private def suiteWith(overrides: (String, Any)*): SuiteConfig = {
    val config = ConfigFactory
      .parseMap(overrides.toMap.asJava)
      .withFallback(ConfigFactory.parseResources("application.conf"))
      .withFallback(ConfigFactory.parseResources("systems/toy.conf"))
      .resolve()
    SuiteConfig.fromConfig(config, Seq("toy"))
  }

  private def guard(overrides: (String, Any)*): Unit = {
    val suite = suiteWith(overrides: _*)
    val profile = LoadProfiles.load(suite.root, "toy", suite.profileOf("toy"), suite.scale, suite.shard, suite.smoke)
    RunAssembly.requireProductionAllowed(suite, Seq("toy" -> profile))
  }

  private val production =
    Seq("target" -> "prod", "targets.prod.sandbox" -> "false", "targets.prod.production" -> "true")

  @Test def productionTakesOnlySmokeUnlessTheRunNamesIt(): Unit = {
    guard(production: _*) // smoke goes
    guard(production ++ Seq("profile" -> "steady", "smoke" -> "true"): _*) // any profile compressed to smoke goes
    val refused = assertThrows(classOf[InputError], () => guard(production :+ ("profile" -> "steady"): _*))
    assertEquals(
      "target prod is production (toy: steady is more than smoke): add -DallowProduction=prod to send this load to it",
      refused.getMessage
    )
    guard(production ++ Seq("profile" -> "steady", "allowProduction" -> "prod"): _*)
    assertThrows(
      classOf[InputError],
      () => guard(production ++ Seq("profile" -> "steady", "allowProduction" -> "demo"): _*)
    )
    guard("profile" -> "steady") // other targets are not guarded
  }

  @Test def aProfilesSettingsComeBetweenTheCommandLineAndTheSystemsFile(): Unit = {
    val suite = suiteWith("profile" -> "steady", "profiles.toy.steady.settings.thinkTime" -> "3s")
    def thinkTime() = {
      val profile = LoadProfiles.load(suite.root, "toy", "steady", 1, suite.shard, smoke = false)
      RunAssembly.settingsOf(suite, testkit.toy.Toy, profile, new results.Claims.Recorder).duration("thinkTime")
    }
    assertEquals(3.seconds, thinkTime(), "the profile's settings win over toy.conf's 1s")
    System.setProperty("toy.thinkTime", "7s")
    ConfigFactory.invalidateCaches()
    try assertEquals(7.seconds, thinkTime(), "-Dtoy.thinkTime wins over the profile")
    finally {
      System.clearProperty("toy.thinkTime")
      ConfigFactory.invalidateCaches()
    }
  }
}
