package sandbox

import java.lang.ref.WeakReference
import java.net.Socket
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{ CompletableFuture, CountDownLatch, TimeUnit }

import scala.concurrent.duration._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** What the server does with a request it hands to a stand-in: it names it as it reads it, and holds nothing of
  * it the stand-in does not keep itself while the answer is pending (its stub calls take seconds; at RAiD x6 about
  * 1,300 requests are pending at any moment, and whatever they hold is copied by the sandbox's young GCs).
  */
class StandInServerRequestTest {

  @Test def aPendingAnswerDoesNotHoldItsRequest(): Unit = {
    val times = new ServingTimes("test")
    val handed = new CountDownLatch(1)
    @volatile var request: WeakReference[StandInRequest] = null
    val answer = new CompletableFuture[StandInResponse]
    val handler = new StandInHandler {
      override def handle(in: StandInRequest): CompletableFuture[StandInResponse] = {
        request = new WeakReference(in)
        handed.countDown()
        answer
      }
      override def requestName(in: StandInRequest): String = s"named ${in.method} ${in.path}"
    }
    serving(handler, times) { port =>
      Using.resource(new Socket("127.0.0.1", port)) { socket =>
        socket.setSoTimeout(10000)
        socket.getOutputStream.write("GET /pending HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(UTF_8))
        assertTrue(handed.await(10, TimeUnit.SECONDS), "the request reached the stand-in")
        // A full GC clears a weak reference to what nothing else holds; a few tries allow for one that ran early.
        val released =
          Iterator.continually { System.gc(); Thread.sleep(20); request.get == null }.take(20).contains(true)
        assertTrue(released, "the server held the request while its answer was pending")

        answer.complete(StandInResponse(200, Vector("ok".getBytes(UTF_8)), "text/plain"))
        val response = new String(socket.getInputStream.readAllBytes(), UTF_8)
        assertTrue(response.startsWith("HTTP/1.1 200"), response)
        assertTrue(response.endsWith("\r\n\r\nok"), response)
      }
      assertEquals(Seq("named GET /pending" -> 1L), times.figures.map(f => f.request -> f.count))
    }
  }

  @Test def aRequestTheStandInCannotNameIsStillAnsweredAndCounted(): Unit = {
    val times = new ServingTimes("test")
    val handler = new StandInHandler {
      override def handle(in: StandInRequest): CompletableFuture[StandInResponse] =
        CompletableFuture.completedFuture(StandInResponse(200, Vector("ok".getBytes(UTF_8)), "text/plain"))
      override def requestName(in: StandInRequest): String = throw new IllegalArgumentException("no name")
    }
    serving(handler, times) { port =>
      Using.resource(new Socket("127.0.0.1", port)) { socket =>
        socket.setSoTimeout(10000)
        socket.getOutputStream.write("GET /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(UTF_8))
        val response = new String(socket.getInputStream.readAllBytes(), UTF_8)
        assertTrue(response.startsWith("HTTP/1.1 200"), response)
      }
      assertEquals(Seq("GET (unnamed)" -> 1L), times.figures.map(f => f.request -> f.count))
    }
  }

  private def serving(handler: StandInHandler, times: ServingTimes)(test: Int => Unit): Unit = {
    val acceptor = Sandbox.eventLoops(1, "test-accept")
    val workers = Sandbox.eventLoops(1, "test-serve")
    val server = new StandInServer(acceptor, workers, "127.0.0.1")
    try test(server.serve(handler, 0, FaultPlan(Map.empty, 5.seconds), new Exhaustion("test", "refused"), times))
    finally {
      server.close()
      StandInServer.shutdown(acceptor)
      StandInServer.shutdown(workers)
    }
  }
}
