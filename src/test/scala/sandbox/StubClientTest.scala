package sandbox

import java.net.{ InetAddress, InetSocketAddress, ServerSocket }
import java.util.concurrent.{ ExecutionException, TimeUnit }

import scala.concurrent.duration._
import scala.util.Using

import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** Stub failures reach the stand-ins as statuses they can answer with: 502 unreachable, 504 too slow. */
class StubClientTest {
  private def failureOf(address: InetSocketAddress, timeout: FiniteDuration): StubCallFailed = {
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    val client = new StubClient(group, address, timeout)
    try {
      val e = assertThrows(
        classOf[ExecutionException],
        () => client.call("some-stub", HttpMethod.GET, "/x").get(10, TimeUnit.SECONDS)
      )
      e.getCause.asInstanceOf[StubCallFailed]
    } finally {
      client.close()
      StandInServer.shutdown(group)
    }
  }

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
}
