package sandbox

import java.net.{ InetAddress, InetSocketAddress, ServerSocket }
import java.util.concurrent.{ ExecutionException, TimeUnit }

import scala.concurrent.duration._
import scala.util.Using

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.client.WireMock.{ get, ok, okJson, urlEqualTo }
import com.github.tomakehurst.wiremock.core.WireMockConfiguration
import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** Stub failures reach the stand-ins as statuses they can answer with: 502 unreachable, 504 too slow. */
class StubClientTest {
  private def withClient[T](address: InetSocketAddress, timeout: FiniteDuration)(test: StubClient => T): T = {
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    val client = new StubClient(group, address, timeout)
    try test(client)
    finally {
      client.close()
      StandInServer.shutdown(group)
    }
  }

  private def failureOf(answer: => java.util.concurrent.CompletableFuture[_]): StubCallFailed = {
    val e = assertThrows(classOf[ExecutionException], () => answer.get(10, TimeUnit.SECONDS))
    e.getCause.asInstanceOf[StubCallFailed]
  }

  private def failureOf(address: InetSocketAddress, timeout: FiniteDuration): StubCallFailed =
    withClient(address, timeout)(client => failureOf(client.call("some-stub", HttpMethod.GET, "/x")))

  @Test def anUnreachableStubIs502(): Unit = {
    val deadPort = Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress))(_.getLocalPort)
    val failure = failureOf(new InetSocketAddress("127.0.0.1", deadPort), 5.seconds)
    assertEquals(502, failure.status)
    assertTrue(failure.getMessage.startsWith("some-stub: cannot connect"), failure.getMessage)
  }

  @Test def aStubThatDoesNotAnswerInTimeIs504(): Unit =
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { silent =>
      val started = System.nanoTime()
      val failure = failureOf(new InetSocketAddress("127.0.0.1", silent.getLocalPort), 300.millis)
      assertEquals(504, failure.status)
      assertEquals("some-stub: no answer within 300 milliseconds", failure.getMessage)
      assertTrue((System.nanoTime() - started).nanos < 5.seconds, "the timeout bounds the wait")
    }

  @Test def aStubBodyThatIsNoJsonIs502ForTheCallersThatReadJson(): Unit = {
    val stubs = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort())
    stubs.start()
    try {
      stubs.stubFor(get(urlEqualTo("/json")).willReturn(okJson("""{"approved": true}""")))
      stubs.stubFor(get(urlEqualTo("/cut-off")).willReturn(ok("""{"approved": tr""")))
      stubs.stubFor(get(urlEqualTo("/empty")).willReturn(ok("")))
      withClient(new InetSocketAddress("127.0.0.1", stubs.port), 5.seconds) { client =>
        assertTrue(client.callJson("some-stub", HttpMethod.GET, "/json").get(
          10,
          TimeUnit.SECONDS
        ).path("approved").asBoolean)
        Seq("/cut-off" -> "'{\"approved\": tr'", "/empty" -> "''").foreach { case (path, body) =>
          val failure = failureOf(client.callJson("some-stub", HttpMethod.GET, path))
          assertEquals(502, failure.status, path)
          assertEquals(s"some-stub: answered no JSON: $body", failure.getMessage)
        }
      }
    } finally stubs.stop()
  }
}
