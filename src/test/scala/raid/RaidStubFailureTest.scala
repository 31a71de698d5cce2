package raid

import java.net.{ InetSocketAddress, ServerSocket }
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.TimeUnit

import scala.concurrent.duration._

import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.{ DefaultHttpHeaders, HttpMethod }
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import raid.RaidErrorAssertions._
import sandbox.{ StandInRequest, StubClient }
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

  @Test def anUnreachableStubIs502WithAProblemBody(): Unit = {
    val deadPort = {
      val s = new ServerSocket(0);
      try s.getLocalPort
      finally s.close()
    }
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    val stubs = new StubClient(group, new InetSocketAddress("127.0.0.1", deadPort), 2.seconds)
    try {
      val store = new RaidStore
      val api = new RaidApi(store, stubs, listLimit = 5)
      val headers = new DefaultHttpHeaders().add("Authorization", s"Bearer $token")
      val body = RaidBodies.create(1, 1).toString.getBytes(UTF_8)
      val response = api.handle(StandInRequest(HttpMethod.POST, "/raid/", headers, body)).get(10, TimeUnit.SECONDS)
      val reply =
        Reply(response.status, new String(response.body.flatten.toArray, UTF_8), None, 0, Some(response.contentType))
      assertTrue(
        assertFrameworkError(reply, 502, "/raid/").get("detail").asText.startsWith("apids-mint-handle: cannot connect"),
        reply.body
      )
      assertEquals(0, store.size, "nothing is stored")
    } finally {
      stubs.close()
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS)
    }
  }
}
