package sandbox

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.util.concurrent.{ ConcurrentLinkedQueue, ExecutionException, TimeUnit }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.github.tomakehurst.wiremock.common.{ LocalNotifier, Notifier }
import com.typesafe.config.ConfigFactory
import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The faults the external stubs inject (`sandbox.stubs.faults`, `faultOverrides`), seen by a plain client
  * and by the stand-ins' stub client, and counted per stub.
  */
class StubFaultsTest {
  private val Mint = "/apids/mint?type=DESC&value=RAiD"
  private val Ror = "/ror/v2/organizations/038sjwq14"
  private val Orcid = "/orcid/v3.0/0000-0002-1825-0097/record"

  /** RAiD's stubs with `hocon` over sandbox.conf and no delay, and a stub client to them. */
  private def withStubs[T](hocon: String)(test: (RunningStubs, StubClient) => T): T = {
    val settings = SandboxSettings.fromConfig(ConfigFactory.parseString(s"sandbox.stubs.delay.ms = 0\n$hocon"))
    val stubs = ExternalStubs.start(settings.host, settings.stubs, Seq("raid"))
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    val client = stubs.client(group, settings.stubs.callTimeout)
    try test(stubs, client)
    finally {
      StandInServer.shutdown(group)
      stubs.server.stop()
    }
  }

  private def send(stubs: RunningStubs, method: String, path: String): HttpResponse[String] =
    HttpClient.newHttpClient().send(
      HttpRequest.newBuilder(URI.create(s"http://127.0.0.1:${stubs.server.port}$path"))
        .method(method, HttpRequest.BodyPublishers.noBody())
        .build(),
      HttpResponse.BodyHandlers.ofString()
    )

  private def failureOf(client: StubClient, stub: String, path: String): StubCallFailed = {
    val e = assertThrows(
      classOf[ExecutionException],
      () => client.call(stub, HttpMethod.POST, path).get(10, TimeUnit.SECONDS)
    )
    e.getCause.asInstanceOf[StubCallFailed]
  }

  @Test def aServerErrorOverrideMakesOneStub503WhileTheOthersAnswer(): Unit =
    withStubs("sandbox.stubs.faultOverrides.apids-mint-handle.serverErrorPercent = 100") { (stubs, _) =>
      (1 to 3).foreach(_ => assertEquals(503, send(stubs, "POST", Mint).statusCode))
      val ror = send(stubs, "GET", Ror)
      assertEquals(200, ror.statusCode, ror.body)
      assertEquals(Map("apids-mint-handle" -> Map(Fault.ServerError -> 3L)), stubs.injectedFaults)
    }

  @Test def resetEmptyAndMalformedAnswersFailTheStubCallWith502(): Unit =
    Seq(
      "resetPercent" -> Fault.Reset,
      "emptyPercent" -> Fault.Empty,
      "malformedPercent" -> Fault.Malformed
    ).foreach { case (key, fault) =>
      withStubs(s"sandbox.stubs.faults.$key = 100") { (stubs, client) =>
        val failure = failureOf(client, "apids-mint-handle", Mint)
        assertEquals(502, failure.status, s"$key: ${failure.getMessage}")
        assertTrue(failure.getMessage.startsWith("apids-mint-handle: "), failure.getMessage)
        assertEquals(Map("apids-mint-handle" -> Map(fault -> 1L)), stubs.injectedFaults, key)
      }
    }

  /** An in-process call is matched against the stub mapping it names alone, not every mapping in turn; a
    * request on the stubs' port is matched against all of them.
    */
  @Test def aCallIsMatchedAgainstTheMappingItNamesAlone(): Unit =
    withStubs("") { (stubs, client) =>
      assertFalse(client.call("ror-validate", HttpMethod.GET, Ror).get(10, TimeUnit.SECONDS).isEmpty)
      val misnamed = assertThrows(
        classOf[ExecutionException],
        () => client.call("orcid-validate", HttpMethod.GET, Ror).get(10, TimeUnit.SECONDS)
      ).getCause
      assertTrue(misnamed.getMessage.startsWith("orcid-validate: answered 404"), misnamed.getMessage)
      assertEquals(200, send(stubs, "GET", Ror).statusCode, "over HTTP")
    }

  /** Unless told not to, WireMock formats every call it serves into a log line (the request, the matched
    * mapping and the answer, as JSON) for its notifier: work on every stub call for a line nobody reads.
    */
  @Test def aStubCallIsNotFormattedIntoALogLine(): Unit =
    withStubs("") { (_, client) =>
      val lines = new ConcurrentLinkedQueue[String]
      LocalNotifier.set(new Notifier {
        override def info(message: String): Unit = { lines.add(message); () }
        override def error(message: String): Unit = { lines.add(message); () }
        override def error(message: String, t: Throwable): Unit = { lines.add(message); () }
      })
      try client.call("apids-mint-handle", HttpMethod.POST, Mint).get(10, TimeUnit.SECONDS)
      finally LocalNotifier.set(null)
      assertEquals(Nil, lines.asScala.toList)
    }

  /** The wait is bounded by the call timeout, not by the 10 s `get`: that would throw a TimeoutException. */
  @Test def noAnswerEndsInTheStubClientsTimeout(): Unit =
    withStubs(
      """sandbox.stubs.callTimeout = 300ms
        |sandbox.stubs.faultOverrides.apids-mint-handle.noAnswerPercent = 100
        |""".stripMargin
    ) { (stubs, client) =>
      val failure = failureOf(client, "apids-mint-handle", Mint)
      assertEquals(504, failure.status, failure.getMessage)
      assertEquals("apids-mint-handle: no answer within 300 milliseconds", failure.getMessage)
      assertEquals(Map("apids-mint-handle" -> Map(Fault.NoAnswer -> 1L)), stubs.injectedFaults)
    }

  /** The slow answer is held to its delay only from below, which a busy machine cannot break; the delay is long
    * beside a warm call's time, and the call timeout 10 times the delay, so that only a broken slow fault (not a
    * busy machine) fails the call or passes the bound. A first call warms the client and the stubs: a cold one
    * alone took over 250 ms here.
    */
  @Test def slowAnswersArriveLateButWhole(): Unit =
    withStubs(
      """sandbox.stubs.callTimeout = 20s
        |sandbox.stubs.faultOverrides.ror-validate { slowPercent = 100, slowDelay = 2s }
        |""".stripMargin
    ) { (stubs, client) =>
      client.call("orcid-validate", HttpMethod.GET, Orcid).get(20, TimeUnit.SECONDS)
      val slowStarted = System.nanoTime()
      val answer = client.call("ror-validate", HttpMethod.GET, Ror).get(30, TimeUnit.SECONDS)
      val took = (System.nanoTime() - slowStarted).nanos
      assertTrue(took >= 2.seconds, s"the normal answer, slowDelay late: it took ${took.toMillis} ms")
      assertTrue(answer.contains("Sandbox Research Organisation"), answer)
      assertEquals(Map("ror-validate" -> Map(Fault.Slow -> 1L)), stubs.injectedFaults)
    }
}
