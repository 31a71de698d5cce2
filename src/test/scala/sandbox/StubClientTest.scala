package sandbox

import java.util.concurrent.{ CompletableFuture, ExecutionException, TimeUnit }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.client.WireMock.{ aResponse, get, ok, okJson, urlEqualTo }
import com.github.tomakehurst.wiremock.core.WireMockConfiguration
import com.github.tomakehurst.wiremock.extension.{ Extension, ResponseTransformerV2 }
import com.github.tomakehurst.wiremock.http.Response
import com.github.tomakehurst.wiremock.stubbing.ServeEvent
import io.netty.channel.{ EventLoopGroup, MultiThreadIoEventLoopGroup }
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The stand-ins' in-process stub calls: a stub's answer after its delay, and its failures as statuses the
  * stand-ins can answer with: 502 for a bad answer, 504 for none in time.
  */
class StubClientTest {

  /** WireMock with `stubs` mapped, and an in-process client to it on one event loop. */
  private def withClient[T](timeout: FiniteDuration, extensions: Extension*)(stubs: WireMockServer => Unit)(
      test: StubClient => T
  ): T = withLoops(1, timeout, extensions: _*)(stubs)((client, _) => test(client))

  /** WireMock with `stubs` mapped, and an in-process client to it whose delays run on `loops` event loops. */
  private def withLoops[T](loops: Int, timeout: FiniteDuration, extensions: Extension*)(
      stubs: WireMockServer => Unit
  )(test: (StubClient, EventLoopGroup) => T): T = {
    val inProcess = new InProcessStubs
    val server = new WireMockServer(
      WireMockConfiguration
        .options()
        .bindAddress("127.0.0.1")
        .dynamicPort()
        .httpServerFactory(inProcess)
        .extensions(extensions: _*)
    )
    server.start()
    val group = new MultiThreadIoEventLoopGroup(loops, NioIoHandler.newFactory())
    try {
      stubs(server)
      test(inProcess.client(group, timeout), group)
    } finally {
      StandInServer.shutdown(group)
      server.stop()
    }
  }

  private def failureOf(answer: => CompletableFuture[_]): StubCallFailed = {
    val e = assertThrows(classOf[ExecutionException], () => answer.get(10, TimeUnit.SECONDS))
    e.getCause.asInstanceOf[StubCallFailed]
  }

  @Test def theAnswerComesAfterTheStubsDelayAndItsTimeIsCounted(): Unit =
    withClient(5.seconds)(_.stubFor(get(urlEqualTo("/slow?q=1")).willReturn(ok("late").withFixedDelay(300)))) {
      client =>
        val started = System.nanoTime()
        assertEquals("late", client.call("slow-stub", HttpMethod.GET, "/slow?q=1").get(10, TimeUnit.SECONDS))
        val took = (System.nanoTime() - started).nanos
        assertTrue(took >= 300.millis, s"held for the stub's 300 ms delay: ${took.toMillis} ms")
        val figures = client.times.figures.map(f => f.request -> f.count)
        assertEquals(Seq("slow-stub" -> 1L), figures)
    }

  /** WireMock's matching and rendering take their time inside the delay, as a real system's work does inside its
    * response time: a renderer that takes 250 ms leaves 250 of a 500 ms delay (750 ms if the delay followed it).
    */
  @Test def theDelayCountsFromTheCallNotFromTheRenderedAnswer(): Unit =
    withClient(5.seconds, new StubClientTest.SlowRenderer(250.millis))(
      _.stubFor(get(urlEqualTo("/rendered")).willReturn(ok("rendered").withFixedDelay(500)))
    ) { client =>
      val started = System.nanoTime()
      assertEquals("rendered", client.call("rendered-stub", HttpMethod.GET, "/rendered").get(10, TimeUnit.SECONDS))
      val took = (System.nanoTime() - started).nanos
      assertTrue(took >= 500.millis && took < 700.millis, s"answered 500 ms after the call: ${took.toMillis} ms")
    }

  /** A call made on one of the loops, as a stand-in's while it serves a request, is answered on that loop: on
    * any other, the answer would wait in that loop's queue for its wake-up. Four calls from the second of four
    * loops: handed out in turn, only one of them would come back to it.
    */
  @Test def aCallFromAnEventLoopIsAnsweredOnThatLoop(): Unit =
    withLoops(4, 5.seconds)(_.stubFor(get(urlEqualTo("/here")).willReturn(ok("here").withFixedDelay(20)))) {
      (client, group) =>
        val caller = group.asScala.toList(1)
        val callerThread = caller.submit(() => Thread.currentThread).get(10, TimeUnit.SECONDS)
        val answeredOn = (1 to 4).map { _ =>
          caller
            .submit(() => client.call("here-stub", HttpMethod.GET, "/here").thenApply(_ => Thread.currentThread))
            .get(10, TimeUnit.SECONDS)
            .get(10, TimeUnit.SECONDS)
            .getName
        }
        assertEquals(Seq.fill(4)(callerThread.getName), answeredOn)
    }

  /** A request that waits on another request's call (a CDN's collapsed hits on its origin fetch) counts its
    * wait as stub time, as the request that made the call does; one that joins a call already answered waits
    * for nothing.
    */
  @Test def aRequestJoiningAnotherRequestsCallCountsItsWaitAsStubTime(): Unit =
    withClient(5.seconds)(_.stubFor(get(urlEqualTo("/origin")).willReturn(ok("origin").withFixedDelay(300)))) {
      client =>
        val caller = new RequestTiming
        val joiner = new RequestTiming
        val calledAt = System.nanoTime()
        val call = RequestTiming.within(caller)(client.call("origin-stub", HttpMethod.GET, "/origin"))
        val joined = RequestTiming.within(joiner)(client.join(call).thenApply(_ => RequestTiming.active))
        // The answer comes 300 ms after the call at the soonest: the joiner waited at least what was left of that.
        val leftToWait = 300.millis - (System.nanoTime() - calledAt).nanos
        assertSame(joiner, joined.get(10, TimeUnit.SECONDS), "what follows runs on the joiner's behalf")
        assertTrue(
          caller.stubNanos.nanos >= 300.millis,
          s"the caller's stub time: ${caller.stubNanos.nanos.toMillis} ms"
        )
        assertTrue(
          joiner.stubNanos.nanos >= leftToWait,
          s"the joiner's stub time: ${joiner.stubNanos.nanos.toMillis} ms, at least ${leftToWait.toMillis} ms"
        )
        val late = new RequestTiming
        RequestTiming.within(late)(client.join(call)).get(10, TimeUnit.SECONDS)
        assertEquals(0L, late.stubNanos, "joined once answered")
    }

  /** Calls in flight hold no file descriptor: over loopback each held two, which is what exhausted the sandbox
    * at RAiD x6. 200 calls wait on a 1 s delay while this JVM's open descriptors are counted.
    */
  @Test def callsInFlightHoldNoFileDescriptors(): Unit = {
    val os = java.lang.management.ManagementFactory.getOperatingSystemMXBean
      .asInstanceOf[com.sun.management.UnixOperatingSystemMXBean]
    withClient(10.seconds)(_.stubFor(get(urlEqualTo("/held")).willReturn(ok("held").withFixedDelay(1000)))) {
      client =>
        client.call("held-stub", HttpMethod.GET, "/held").get(10, TimeUnit.SECONDS)
        val before = os.getOpenFileDescriptorCount
        val calls = (1 to 200).map(_ => client.call("held-stub", HttpMethod.GET, "/held"))
        val during = os.getOpenFileDescriptorCount
        assertTrue(during - before < 50, s"$before open descriptors before the calls, $during while 200 wait")
        calls.foreach(call => assertEquals("held", call.get(10, TimeUnit.SECONDS)))
    }
  }

  @Test def anAnswerOutside2xxIs502AndNamesTheStatus(): Unit =
    withClient(
      5.seconds
    )(_.stubFor(get(urlEqualTo("/down")).willReturn(aResponse().withStatus(503).withBody("down")))) {
      client =>
        val failure = failureOf(client.call("some-stub", HttpMethod.GET, "/down"))
        assertEquals(502, failure.status)
        assertEquals("some-stub: answered 503 down", failure.getMessage)
        assertTrue(
          failureOf(client.call("some-stub", HttpMethod.GET, "/unmapped")).getMessage.startsWith(
            "some-stub: answered 404"
          ),
          "a call no mapping matches"
        )
    }

  @Test def aStubThatDoesNotAnswerInTimeIs504(): Unit =
    withClient(300.millis)(_.stubFor(get(urlEqualTo("/x")).willReturn(ok().withFixedDelay(20000)))) { client =>
      val started = System.nanoTime()
      val failure = failureOf(client.call("some-stub", HttpMethod.GET, "/x"))
      assertEquals(504, failure.status)
      assertEquals("some-stub: no answer within 300 milliseconds", failure.getMessage)
      assertTrue((System.nanoTime() - started).nanos < 5.seconds, "the timeout bounds the wait")
    }

  @Test def aStubBodyThatIsNoJsonIs502ForTheCallersThatReadJson(): Unit =
    withClient(5.seconds) { stubs =>
      stubs.stubFor(get(urlEqualTo("/json")).willReturn(okJson("""{"approved": true}""")))
      stubs.stubFor(get(urlEqualTo("/cut-off")).willReturn(ok("""{"approved": tr""")))
      stubs.stubFor(get(urlEqualTo("/empty")).willReturn(ok("")))
    } { client =>
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
}

object StubClientTest {

  /** A response renderer that takes `takes`: WireMock's own work before the delay, made long enough to measure. */
  final class SlowRenderer(takes: FiniteDuration) extends ResponseTransformerV2 {
    override def getName: String = "slow-renderer"
    override def transform(response: Response, serveEvent: ServeEvent): Response = {
      Thread.sleep(takes.toMillis)
      response
    }
  }
}
