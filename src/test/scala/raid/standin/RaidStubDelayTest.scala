package raid.standin

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import testkit.SandboxTestKit

/** RAiD's stub calls are real, sequential, take the configured delays, and their failures surface as 5xx. */
class RaidStubDelayTest {
  private val token = RaidBodies.token(20000001L)

  private def withSandbox(config: String)(test: RaidTestClient => Unit): Unit = {
    SandboxTestKit.withSandbox(config, "raid" -> RaidStandIn)(sandbox =>
      test(new RaidTestClient(sandbox.baseUrls("raid")))
    )
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
      // 3 calls of 300 ms and one of at most 10 ms: never under 900 ms, and the fastest of three well under the
      // files' 4 x 500 ms (a busy machine may slow one mint past 1,700 ms, not the files' delays under 2,000).
      val minted = Seq.fill(3)(client.mint(token, RaidBodies.create(contributors = 1, organisations = 1)))
      minted.foreach(reply => assertEquals(201, reply.status, reply.body))
      val took = minted.map(_.millis)
      assertTrue(took.min >= 900 && took.min < 1700, s"mints took ${took.mkString(", ")} ms")
    }

  @Test def aStubThatDoesNotAnswerInTimeIs504(): Unit =
    withSandbox("sandbox.stubs.delay.ms = 3000\nsandbox.stubs.callTimeout = 300ms") { client =>
      val reply = client.mint(token, RaidBodies.create(1, 1))
      assertEquals(504, reply.status, reply.body)
      assertTrue(reply.json.get("detail").asText.startsWith("apids-mint-handle"), reply.body)
    }
}
