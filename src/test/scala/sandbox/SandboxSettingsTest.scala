package sandbox

import scala.concurrent.duration._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import config.InputError
import testkit.SandboxTestKit
import testkit.toy.ToyStandIn

class SandboxSettingsTest {
  private def settings(hocon: String) = SandboxSettings.fromConfig(ConfigFactory.parseString(hocon))

  private def assertBadKey(hocon: String, message: String): Unit = {
    val e = assertThrows(classOf[InputError], () => settings(hocon))
    assertEquals(message, e.getMessage)
  }

  @Test def defaultsComeFromSandboxConf(): Unit = {
    val s = settings("")
    assertEquals("127.0.0.1", s.host)
    assertEquals(StubDelay.Fixed(500), s.stubs.delay)
    assertEquals(Map.empty, s.stubs.delayOverrides)
    assertEquals(30.seconds, s.stubs.callTimeout)
    assertTrue(s.stubs.faults.isEmpty, "no stub faults by default")
    assertEquals(Map.empty, s.stubs.faultOverrides)
    assertEquals(0, s.port("raid"), "a system without a port setting gets a free port")
  }

  @Test def readsEachDistributionPerStubOverridesAndEachSystemsBlock(): Unit = {
    val s = settings(
      """sandbox.stubs.delay { distribution = lognormal, median = 450, sigma = 0.3 }
        |sandbox.stubs.delayOverrides { orcid-validate { distribution = uniform, lower = 100, upper = 900 } }
        |sandbox.raid { port = 18080, listLimit = 20 }
        |""".stripMargin
    )
    assertEquals(StubDelay.LogNormal(450, 0.3), s.stubs.delay)
    assertEquals(Map("orcid-validate" -> StubDelay.Uniform(100, 900)), s.stubs.delayOverrides)
    assertEquals(18080, s.port("raid"))
    assertEquals(20, s.system("raid").int("listLimit"))
    assertEquals("sandbox.raid.listLimit", s.system("raid").key("listLimit"), "a system's block names its keys in full")
  }

  @Test def readsStubFaultsForAllAndPerStub(): Unit = {
    val s = settings(
      """sandbox.stubs.faults { resetPercent = 2.5 }
        |sandbox.stubs.faultOverrides { apids-mint-handle { serverErrorPercent = 100, slowDelay = 8s } }
        |""".stripMargin
    )
    assertEquals(FaultPlan(Fault.All.map(_ -> 0.0).toMap + (Fault.Reset -> 2.5), 5.seconds), s.stubs.faults)
    assertEquals(
      Map("apids-mint-handle" -> FaultPlan(Fault.All.map(_ -> 0.0).toMap + (Fault.ServerError -> 100.0), 8.seconds)),
      s.stubs.faultOverrides
    )
  }

  @Test def badValuesGiveOneLineNamingTheKey(): Unit = {
    assertBadKey(
      "sandbox.stubs.delay.distribution = banana",
      "sandbox.stubs.delay.distribution: must be one of fixed, uniform, lognormal (was 'banana')"
    )
    assertBadKey("sandbox.stubs.delay.ms = -5", "sandbox.stubs.delay.ms: must be at least 0 (was -5)")
    assertBadKey(
      "sandbox.stubs.delay { distribution = uniform, lower = 500, upper = 100 }",
      "sandbox.stubs.delay.upper: must be at least 500 (was 100)"
    )
    assertBadKey("sandbox.stubs.delay { distribution = lognormal, sigma = 0.2 }", "sandbox.stubs.delay.median: missing")
    assertBadKey(
      "sandbox.stubs.delayOverrides.orcid-validate.distribution = banana",
      "sandbox.stubs.delayOverrides.orcid-validate.distribution: must be one of fixed, uniform, lognormal (was 'banana')"
    )
    assertBadKey(
      "sandbox.stubs.faults.emptyPercent = -1",
      "sandbox.stubs.faults.emptyPercent: must be at least 0 (was -1)"
    )
    assertBadKey(
      "sandbox.stubs.faultOverrides.ror-validate { serverErrorPercent = 60, resetPercent = 60 }",
      "sandbox.stubs.faultOverrides.ror-validate.serverErrorPercent: the fault percentages add up to 120.0, more than 100"
    )
    assertBadKey("sandbox.stubs.callTimeout = 0s", "sandbox.stubs.callTimeout: must be greater than 0 (was 0s)")
    assertBadKey("sandbox.ioThreads = lots", "sandbox.ioThreads: must be a whole number (was 'lots')")
    assertBadKey(
      "sandbox.host = \"10.1.2.3\"",
      "sandbox.host: must be a loopback address such as 127.0.0.1 (was '10.1.2.3')"
    )
    val port = assertThrows(classOf[InputError], () => settings("sandbox.raid.port = 70000").port("raid"))
    assertEquals("sandbox.raid.port: must be at most 65535 (was 70000)", port.getMessage)
  }

  @Test def anOverrideForAnUnknownStubFailsAtStart(): Unit = {
    val e = assertThrows(
      classOf[InputError],
      () =>
        SandboxTestKit.start(
          "sandbox.stubs.delayOverrides { orcid { distribution = fixed, ms = 1 } }",
          "toy" -> ToyStandIn
        ).close()
    )
    assertEquals("sandbox.stubs.delayOverrides.orcid: names no stub mapping (known: toy-registry)", e.getMessage)
    val faults = assertThrows(
      classOf[InputError],
      () => SandboxTestKit.start("sandbox.stubs.faultOverrides.orcid.resetPercent = 1", "toy" -> ToyStandIn).close()
    )
    assertEquals("sandbox.stubs.faultOverrides.orcid: names no stub mapping (known: toy-registry)", faults.getMessage)
  }
}
