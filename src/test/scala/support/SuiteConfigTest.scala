package support

import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigFactory }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class SuiteConfigTest {
  // application.conf alone: no system properties, which other tests in this JVM set and clear.
  private def configWith(overrides: (String, Any)*): Config =
    ConfigFactory.parseMap(overrides.toMap.asJava).withFallback(ConfigFactory.parseResources("application.conf")).resolve()

  private def errorFor(overrides: (String, Any)*): String =
    assertThrows(classOf[SuiteError], () => SuiteConfig.fromConfig(configWith(overrides: _*))).getMessage

  @Test def defaultsRunSmokeAgainstTheSandbox(): Unit = {
    val suite = SuiteConfig.fromConfig(configWith())
    assertEquals("local", suite.target.name)
    assertTrue(suite.target.usesSandbox)
    assertEquals("smoke", suite.profileName)
    assertEquals(1.0, suite.scale)
    assertEquals(0.0, suite.thinkTimeMultiplier, "smoke runs skip think time")
  }

  @Test def nonSmokeProfilesUseTheThinkTimeMultiplier(): Unit =
    assertEquals(1.0, SuiteConfig.fromConfig(configWith("profile" -> "reference")).thinkTimeMultiplier)

  @Test def unknownTargetNamesTheKeyAndTheKnownTargets(): Unit =
    assertEquals("target: unknown target 'staging'; known: demo, local, standalone-sandbox", errorFor("target" -> "staging"))

  @Test def badNumberNamesTheKey(): Unit =
    assertEquals("scale: not a number: 'lots'", errorFor("scale" -> "lots"))

  @Test def nonPositiveScaleIsRejected(): Unit =
    assertEquals("scale: must be greater than 0 (was -2.0)", errorFor("scale" -> "-2"))

  @Test def negativeThinkTimeIsRejected(): Unit =
    assertEquals("thinkTime.multiplier: must not be negative (was -1.0)", errorFor("profile" -> "reference", "thinkTime.multiplier" -> "-1"))

  @Test def malformedShardIsRejected(): Unit =
    assertTrue(errorFor("shard" -> "3/2").startsWith("shard: "))

  @Test def badDurationNamesTheKey(): Unit =
    assertTrue(errorFor("preflight.connectTimeout" -> "soon").startsWith("preflight.connectTimeout: "))

  @Test def zeroPreflightTimeoutIsRejected(): Unit =
    assertEquals("preflight.connectTimeout: must be greater than 0 (was 0s)", errorFor("preflight.connectTimeout" -> "0s"))

  @Test def everyErrorIsOneLine(): Unit =
    Seq(errorFor("target" -> "x"), errorFor("scale" -> "x"), errorFor("preflight.connectTimeout" -> "x")).foreach { message =>
      assertFalse(message.contains("\n"), message)
    }

  @Test def targetBlockOverridesSystemDefaults(): Unit = {
    val demo = SuiteConfig.fromConfig(configWith("target" -> "demo"))
    assertEquals("feeders/raid-service-points-demo.csv", demo.system("raid").getString("feeder"))
    assertEquals("RAID_API_TOKEN", demo.system("raid").getString("tokenEnv"), "falls back to the raid defaults")
    val local = SuiteConfig.fromConfig(configWith())
    assertEquals("feeders/raid-service-points.csv", local.system("raid").getString("feeder"))
  }

  @Test def overridesListChangedKeysAndHideSecrets(): Unit = {
    val suite = SuiteConfig.fromConfig(configWith("profile" -> "reference", "scale" -> "0.5", "raid.apiToken" -> "abc123"))
    val overrides = suite.overrides
    assertEquals(Some("reference"), overrides.get("profile"))
    assertEquals(Some("0.5"), overrides.get("scale"))
    assertEquals(Some("***"), overrides.get("raid.apiToken"))
    assertFalse(overrides.contains("target"), "unchanged keys are not overrides")
  }

  @Test def overridesHideCredentialsInUrlsButNotEnvironmentVariableNames(): Unit = {
    val suite = SuiteConfig.fromConfig(
      configWith("targets.demo.raid.baseUrl" -> "https://loadtest:p%40ss@api.example.org", "raid.tokenEnv" -> "DEMO_RAID_TOKEN")
    )
    assertEquals(Some("https://***@api.example.org"), suite.overrides.get("targets.demo.raid.baseUrl"))
    assertEquals(Some("DEMO_RAID_TOKEN"), suite.overrides.get("raid.tokenEnv"), "a variable's name is not a secret")
  }
}
