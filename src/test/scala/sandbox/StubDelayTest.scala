package sandbox

import java.net.{InetSocketAddress, ServerSocket}

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The stub delays are real, sequential, configurable, and stub failures surface as 5xx. */
class StubDelayTest {
  private val token = RaidBodies.token(20000001L)

  private def withSandbox(config: String)(test: TestRaidClient => Unit): Unit = {
    val sandbox = Sandbox.start(SandboxSettings.fromConfig(ConfigFactory.parseString(config)))
    try test(new TestRaidClient(sandbox.raidBaseUrl))
    finally sandbox.close()
  }

  @Test def withTheDefault500msDelayTheCallsAddUpOneAfterAnother(): Unit =
    withSandbox("") { client =>
      // APIDS mint + set-URL + 1 ORCID + 1 ROR = 4 calls of 500 ms.
      val minted = client.mint(token, RaidBodies.create(contributors = 1, organisations = 1))
      assertEquals(201, minted.status, minted.body)
      assertTrue(minted.millis >= 2000, s"mint took ${minted.millis} ms")

      // 3 ORCID + 1 ROR = 4 calls of 500 ms.
      val threeContributors = RaidBodies.withContributor(RaidBodies.withContributor(minted.json, 2), 3)
      val updated = client.update(token, RaidBodies.handleOf(minted.json), threeContributors)
      assertEquals(200, updated.status, updated.body)
      assertTrue(updated.millis >= 2000, s"update took ${updated.millis} ms")
    }

  @Test def configuredDelaysReplaceTheOnesInTheMappingFiles(): Unit =
    withSandbox(
      """sandbox.stubs.delay { distribution = fixed, ms = 300 }
        |sandbox.stubs.delayOverrides { ror-validate { distribution = uniform, lower = 0, upper = 10 } }
        |""".stripMargin
    ) { client =>
      client.mint(token, RaidBodies.create(1, 1)) // warm-up: the first call pays for class loading
      // 3 calls of 300 ms and one of at most 10 ms: well under the files' 4 x 500 ms.
      val minted = client.mint(token, RaidBodies.create(contributors = 1, organisations = 1))
      assertEquals(201, minted.status, minted.body)
      assertTrue(minted.millis >= 900 && minted.millis < 1700, s"mint took ${minted.millis} ms")
    }

  @Test def aStubThatDoesNotAnswerInTimeIs504(): Unit =
    withSandbox("sandbox.stubs.delay.ms = 3000\nsandbox.raid.stubTimeout = 300ms") { client =>
      val reply = client.mint(token, RaidBodies.create(1, 1))
      assertEquals(504, reply.status, reply.body)
      assertTrue(reply.json.get("message").asText.startsWith("apids-mint-handle"), reply.body)
    }

  @Test def anUnreachableStubIs502(): Unit = {
    val deadPort = { val s = new ServerSocket(0); try s.getLocalPort finally s.close() }
    val settings = SandboxSettings.fromConfig(ConfigFactory.empty())
    val raid = RaidStandIn.start("127.0.0.1", settings.raid, new InetSocketAddress("127.0.0.1", deadPort))
    try {
      val reply = new TestRaidClient(s"http://127.0.0.1:${raid.port}").mint(token, RaidBodies.create(1, 1))
      assertEquals(502, reply.status, reply.body)
      assertTrue(reply.json.get("message").asText.contains("cannot connect"), reply.body)
    } finally raid.close()
  }
}
