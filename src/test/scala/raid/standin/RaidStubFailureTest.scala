package raid.standin

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import raid.standin.RaidErrorAssertions._
import testkit.SandboxTestKit

/** A stub that fails or does not answer makes a mint or update fail with a 5xx problem body whose
  * detail names the stub, and nothing stored changes.
  */
class RaidStubFailureTest {
  private val servicePoint = 20000001L
  private val token = RaidBodies.token(servicePoint)

  @Test def aStubThatDoesNotAnswerInTimeIs504WithAProblemBody(): Unit =
    SandboxTestKit.withSandbox(
      s"""sandbox.stubs.delay.ms = 3000
         |sandbox.stubs.callTimeout = 300ms
         |sandbox.raid { seedRaids = 1, seedServicePoints { firstId = $servicePoint, count = 1 } }
         |""".stripMargin,
      "raid" -> RaidStandIn
    ) { sandbox =>
      val client = new RaidTestClient(sandbox.baseUrls("raid"))
      val mint = client.mint(token, RaidBodies.create(1, 1))
      assertTrue(
        assertFrameworkError(mint, 504, "/raid/").get("detail").asText.startsWith("apids-mint-handle"),
        mint.body
      )
      assertEquals("[]", client.list(token, servicePoint + 1).body)

      // The seeded raid: updating it calls orcid-validate first.
      val seeded = "102.100.100/00000000"
      val before = client.read(token, seeded).json
      val update = client.update(token, seeded, RaidBodies.withContributor(before, 2))
      assertTrue(
        assertFrameworkError(update, 504, s"/raid/$seeded").get("detail").asText.startsWith("orcid-validate"),
        update.body
      )
      assertEquals(before, client.read(token, seeded).json, "nothing changes")
    }

  @Test def aStubWhoseConnectionResetsIs502WithAProblemBody(): Unit =
    SandboxTestKit.withSandbox(
      s"""sandbox.stubs.delay.ms = 0
         |sandbox.stubs.faultOverrides.apids-mint-handle.resetPercent = 100
         |""".stripMargin,
      "raid" -> RaidStandIn
    ) { sandbox =>
      val client = new RaidTestClient(sandbox.baseUrls("raid"))
      val mint = client.mint(token, RaidBodies.create(1, 1))
      assertEquals(
        "apids-mint-handle: connection reset by peer",
        assertFrameworkError(mint, 502, "/raid/").get("detail").asText,
        mint.body
      )
      assertEquals("[]", client.list(token, servicePoint).body, "nothing is stored")
    }
}
