package launch

import config.{ InputError, Redaction }

import java.nio.file.Files

import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigFactory }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import sandbox.BaseUrlsFile

class SuiteConfigTest {
  // application.conf and RAiD's file alone: no system properties, which other tests in this JVM set and clear.
  private def configWith(overrides: (String, Any)*): Config =
    ConfigFactory
      .parseMap(overrides.toMap.asJava)
      .withFallback(ConfigFactory.parseResources("application.conf"))
      .withFallback(ConfigFactory.parseResources("systems/raid.conf"))
      .resolve()

  private def load(overrides: (String, Any)*): SuiteConfig =
    SuiteConfig.fromConfig(configWith(overrides: _*), Seq("raid"))

  private def errorFor(overrides: (String, Any)*): String =
    assertThrows(classOf[InputError], () => load(overrides: _*)).getMessage

  @Test def defaultsRunSmokeAgainstTheSandbox(): Unit = {
    val suite = load()
    assertEquals("local", suite.target.name)
    assertTrue(suite.target.usesSandbox)
    assertEquals("smoke", suite.profileOf("raid"))
    assertEquals(1.0, suite.scale)
    assertEquals(0.0, suite.thinkTimeMultiplierOf("raid"), "smoke runs skip think time")
  }

  @Test def nonSmokeProfilesUseTheThinkTimeMultiplier(): Unit =
    assertEquals(1.0, load("profile" -> "reference").thinkTimeMultiplierOf("raid"))

  @Test def eachSystemMayNameItsOwnProfile(): Unit = {
    val suite = load("profile" -> "reference", "raid.profile" -> "closed")
    assertEquals("closed", suite.profileOf("raid"))
    assertEquals("reference", suite.profileOf("toy"), "the run-wide profile is every other system's")
    assertEquals(
      1.0,
      load("raid.profile" -> "closed").thinkTimeMultiplierOf("raid"),
      "think time follows the system's own profile"
    )
  }

  @Test def unknownTargetNamesTheKeyAndTheKnownTargets(): Unit =
    assertEquals(
      "target: unknown target 'staging'; known: demo, local, standalone-sandbox",
      errorFor("target" -> "staging")
    )

  @Test def theStandaloneTargetReadsTheBaseUrlsItsSandboxWroteUnderThoseGiven(): Unit = {
    val file = Files.createTempDirectory("base-urls-").resolve("standalone-sandbox.conf")
    val target = Seq("target" -> "standalone-sandbox", "targets.standalone-sandbox.baseUrlsFile" -> file.toString)
    def baseUrl(more: (String, Any)*) = load(target ++ more: _*).system("raid").getString("baseUrl")
    assertFalse(load(target: _*).system("raid").hasPath("baseUrl"), "no sandbox has written the file")
    val written =
      BaseUrlsFile.write(file, Map("raid" -> "http://127.0.0.1:41234", "key-all" -> "http://127.0.0.1:41235"))
    assertEquals("http://127.0.0.1:41234", baseUrl())
    assertEquals(
      "http://127.0.0.1:50000",
      baseUrl("targets.standalone-sandbox.raid.baseUrl" -> "http://127.0.0.1:50000"),
      "a base URL given wins over the file"
    )
    BaseUrlsFile.remove(file, written.replace("41234", "41236"))
    assertTrue(Files.exists(file), "a file another sandbox wrote since is left")
    BaseUrlsFile.remove(file, written)
    assertFalse(Files.exists(file), "its sandbox removes it")
    BaseUrlsFile.write(file, Map("raid" -> "http://127.0.0.1:41234"), Some("http://127.0.0.1:41240/sandbox-cpu"))
    assertEquals(
      "http://127.0.0.1:41240/sandbox-cpu",
      load(target: _*).target.block.getString(BaseUrlsFile.CpuUrlKey),
      "where the sandbox serves its CPU"
    )
    Files.writeString(file, "raid.baseUrl = {")
    assertTrue(errorFor(target: _*).startsWith(s"$file: "), errorFor(target: _*))
  }

  @Test def badNumberNamesTheKey(): Unit =
    assertEquals("scale: must be a number (was 'lots')", errorFor("scale" -> "lots"))

  @Test def nonPositiveScaleIsRejected(): Unit =
    assertEquals("scale: must be greater than 0 (was -2)", errorFor("scale" -> "-2"))

  @Test def negativeThinkTimeIsRejected(): Unit =
    Seq("reference", "smoke").foreach { profile =>
      assertEquals(
        "thinkTime.multiplier: must be at least 0 (was -1)",
        errorFor("profile" -> profile, "thinkTime.multiplier" -> "-1"),
        profile
      )
    }

  @Test def malformedShardIsRejected(): Unit =
    assertTrue(errorFor("shard" -> "3/2").startsWith("shard: "))

  @Test def badDurationNamesTheKey(): Unit =
    assertTrue(errorFor("preflight.connectTimeout" -> "soon").startsWith("preflight.connectTimeout: "))

  @Test def zeroPreflightTimeoutIsRejected(): Unit =
    assertEquals(
      "preflight.connectTimeout: must be greater than 0 (was 0s)",
      errorFor("preflight.connectTimeout" -> "0s")
    )

  @Test def everyErrorIsOneLine(): Unit =
    Seq(errorFor("target" -> "x"), errorFor("scale" -> "x"), errorFor("preflight.connectTimeout" -> "x")).foreach {
      message =>
        assertFalse(message.contains("\n"), message)
    }

  @Test def targetBlockOverridesSystemDefaults(): Unit = {
    val demo = load("target" -> "demo")
    assertEquals("feeders/raid/service-points-demo.csv", demo.system("raid").getString("feeder"))
    assertEquals("RAID_API_TOKEN", demo.system("raid").getString("tokenEnv"), "falls back to the raid defaults")
    val local = load()
    assertEquals("feeders/raid/service-points.csv", local.system("raid").getString("feeder"))
  }

  @Test def overridesListChangedKeysAndHideSecrets(): Unit = {
    val suite = load("profile" -> "reference", "scale" -> "0.5", "raid.apiToken" -> "abc123")
    val overrides = suite.overrides
    assertEquals(Some("reference"), overrides.get("profile"))
    assertEquals(Some("0.5"), overrides.get("scale"))
    assertEquals(Some(Redaction.Marker), overrides.get("raid.apiToken"))
    assertFalse(overrides.contains("target"), "unchanged keys are not overrides")
  }

  @Test def overridesHideCredentialsInUrlsButNotEnvironmentVariableNames(): Unit = {
    val suite = load(
      "targets.demo.raid.baseUrl" -> "https://loadtest:p%40ss@api.example.org",
      "raid.tokenEnv" -> "DEMO_RAID_TOKEN"
    )
    assertEquals(Some("https://loadtest:<redacted>@api.example.org"), suite.overrides.get("targets.demo.raid.baseUrl"))
    assertEquals(Some("DEMO_RAID_TOKEN"), suite.overrides.get("raid.tokenEnv"), "a variable's name is not a secret")
  }

  /** What the results step judges by: a threshold key, and a thresholds file given beside one (where the
    * configuration keeps the block, not the file's name).
    */
  @Test def overridesHoldTheThresholdsGiven(): Unit = {
    val key = "thresholds.simulations.raid.global.p99Ms"
    assertEquals(Some("1500"), load(key -> "1500").overrides.get(key))
    System.setProperty("thresholds", "/tmp/release.conf")
    try assertEquals(Some("/tmp/release.conf"), load(key -> "1500").overrides.get("thresholds"))
    finally System.clearProperty("thresholds")
  }
}
