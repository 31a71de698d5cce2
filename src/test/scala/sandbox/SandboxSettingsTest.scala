package sandbox

import scala.concurrent.duration._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class SandboxSettingsTest {
  private def settings(hocon: String) = SandboxSettings.fromConfig(ConfigFactory.parseString(hocon))

  private def assertBadKey(hocon: String, key: String): Unit = {
    val e = assertThrows(classOf[SandboxConfigException], () => settings(hocon))
    assertTrue(e.getMessage.contains(key), e.getMessage)
    assertFalse(e.getMessage.contains("\n"), e.getMessage)
  }

  @Test def defaultsComeFromSandboxConf(): Unit = {
    val s = settings("")
    assertEquals("127.0.0.1", s.host)
    assertEquals(StubDelay.Fixed(500), s.stubs.delay)
    assertEquals(Map.empty, s.stubs.delayOverrides)
    assertEquals(50, s.raid.listLimit)
    assertEquals(0, s.raid.port)
    assertEquals(30.seconds, s.raid.stubTimeout)
  }

  @Test def readsEachDistributionAndPerStubOverrides(): Unit = {
    val s = settings(
      """sandbox.stubs.delay { distribution = lognormal, median = 450, sigma = 0.3 }
        |sandbox.stubs.delayOverrides { orcid-validate { distribution = uniform, lower = 100, upper = 900 } }
        |sandbox.raid { listLimit = 20, seedRaids = 100000 }
        |""".stripMargin
    )
    assertEquals(StubDelay.LogNormal(450, 0.3), s.stubs.delay)
    assertEquals(Map("orcid-validate" -> StubDelay.Uniform(100, 900)), s.stubs.delayOverrides)
    assertEquals(20, s.raid.listLimit)
    assertEquals(100000, s.raid.seedRaids)
  }

  @Test def badValuesGiveOneLineNamingTheKey(): Unit = {
    assertBadKey("sandbox.stubs.delay.distribution = banana", "sandbox.stubs.delay.distribution")
    assertBadKey("sandbox.stubs.delay.ms = -5", "sandbox.stubs.delay.ms")
    assertBadKey("sandbox.stubs.delay { distribution = uniform, lower = 500, upper = 100 }", "sandbox.stubs.delay.upper")
    assertBadKey("sandbox.stubs.delay { distribution = lognormal, sigma = 0.2 }", "sandbox.stubs.delay.median")
    assertBadKey("sandbox.stubs.delayOverrides.orcid-validate.distribution = banana", "sandbox.stubs.delayOverrides.orcid-validate.distribution")
    assertBadKey("sandbox.raid.listLimit = lots", "sandbox.raid.listLimit")
    assertBadKey("sandbox.raid.port = 70000", "sandbox.raid.port")
    assertBadKey("sandbox.raid.stubTimeout = 0s", "sandbox.raid.stubTimeout")
    assertBadKey("sandbox.host = \"10.1.2.3\"", "sandbox.host")
  }

  @Test def anOverrideForAnUnknownStubFailsAtStart(): Unit = {
    val e = assertThrows(
      classOf[SandboxConfigException],
      () => Sandbox.start(settings("sandbox.stubs.delayOverrides { orcid { distribution = fixed, ms = 1 } }")).close()
    )
    assertTrue(e.getMessage.contains("sandbox.stubs.delayOverrides.orcid"), e.getMessage)
    assertTrue(e.getMessage.contains("orcid-validate"), e.getMessage)
  }
}
