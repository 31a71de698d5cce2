package sandbox

import java.net.{ InetSocketAddress, URI }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.util.concurrent.{ ExecutionException, TimeUnit }

import scala.concurrent.duration._

import com.typesafe.config.ConfigFactory
import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The faults the external stubs inject (`sandbox.stubs.faults`, `faultOverrides`), seen by a plain client
  * and by the stand-ins' stub client, and counted per stub.
  */
// Alone (see the pom): a slow answer 250 ms late must come within a 300 ms call timeout; beside another test's
// load it did not.
@Tag("alone")
class StubFaultsTest {
  private val Mint = "/apids/mint?type=DESC&value=RAiD"
  private val Ror = "/ror/v2/organizations/038sjwq14"

  /** RAiD's stubs with `hocon` over sandbox.conf and no delay, and a stub client to them. */
  private def withStubs[T](hocon: String)(test: (RunningStubs, StubClient) => T): T = {
    val settings = SandboxSettings.fromConfig(ConfigFactory.parseString(s"sandbox.stubs.delay.ms = 0\n$hocon"))
    val stubs = ExternalStubs.start(settings.host, settings.stubs, Seq("raid"))
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    val client =
      new StubClient(group, new InetSocketAddress(settings.host, stubs.server.port), settings.stubs.callTimeout)
    try test(stubs, client)
    finally {
      client.close()
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

  @Test def noAnswerEndsInTheStubClientsTimeoutAndSlowAnswersArriveLate(): Unit =
    withStubs(
      """sandbox.stubs.callTimeout = 300ms
        |sandbox.stubs.faultOverrides.apids-mint-handle.noAnswerPercent = 100
        |sandbox.stubs.faultOverrides.ror-validate { slowPercent = 100, slowDelay = 250ms }
        |""".stripMargin
    ) { (stubs, client) =>
      val started = System.nanoTime()
      val failure = failureOf(client, "apids-mint-handle", Mint)
      assertEquals(504, failure.status, failure.getMessage)
      assertTrue((System.nanoTime() - started).nanos < 5.seconds, "the call timeout bounds the wait")

      val slowStarted = System.nanoTime()
      client.call("ror-validate", HttpMethod.GET, Ror).get(10, TimeUnit.SECONDS)
      assertTrue((System.nanoTime() - slowStarted).nanos >= 250.millis, "the normal answer, slowDelay late")
      assertEquals(
        Map("apids-mint-handle" -> Map(Fault.NoAnswer -> 1L), "ror-validate" -> Map(Fault.Slow -> 1L)),
        stubs.injectedFaults
      )
    }
}
