package sandbox

import java.net.{ InetSocketAddress, ServerSocket, URI }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import config.InputError
import testkit.SandboxTestKit
import testkit.toy.ToyStandIn

class SandboxLifecycleTest {
  private val toy = "toy" -> ToyStandIn

  private def liveThreads(): Set[Thread] = Thread.getAllStackTraces.keySet.asScala.toSet.filter(_.isAlive)

  private def portOf(url: String): Int = URI.create(url).getPort

  private def canBind(port: Int): Boolean =
    try { val s = new ServerSocket(); s.bind(new InetSocketAddress("127.0.0.1", port)); s.close(); true }
    catch { case _: java.io.IOException => false }

  private def get(url: String): HttpResponse[String] =
    HttpClient.newHttpClient().send(
      HttpRequest.newBuilder(URI.create(url)).build(),
      HttpResponse.BodyHandlers.ofString()
    )

  @Test def eachStandInIsServedOnItsOwnPortAndCallsItsStubs(): Unit =
    SandboxTestKit.withSandbox("sandbox.stubs.delay.ms = 0", toy) { sandbox =>
      assertEquals(Set("toy"), sandbox.baseUrls.keySet)
      val home = get(sandbox.baseUrls("toy") + "/")
      assertEquals(200, home.statusCode)
      assertEquals("toy home", home.body, "the stand-in read its own block, sandbox.toy")
      val lookup = get(sandbox.baseUrls("toy") + "/lookup/7")
      assertEquals(200, lookup.statusCode, lookup.body)
      assertEquals("""{"answer":"7"}""", lookup.body)
    }

  @Test def theSandboxCountsTheFaultsItInjects(): Unit =
    SandboxTestKit.withSandbox("sandbox.stubs.delay.ms = 0\nsandbox.toy.faults.serverErrorPercent = 100", toy) {
      sandbox =>
        (1 to 3).foreach(_ => assertEquals(503, get(sandbox.baseUrls("toy") + "/").statusCode))
        assertEquals(Map("toy" -> Map(Fault.ServerError -> 3L)), sandbox.injectedFaults)
    }

  @Test def closeReleasesPortsAndThreads(): Unit = {
    val before = liveThreads()
    val sandbox = SandboxTestKit.start("sandbox.stubs.delay.ms = 0", toy)
    val ports = Seq(portOf(sandbox.baseUrls("toy")), portOf(sandbox.stubsBaseUrl))
    assertTrue(ports.forall(p => p > 0 && !canBind(p)), s"ports $ports should be in use")
    assertEquals(200, get(sandbox.baseUrls("toy") + "/lookup/1").statusCode)
    assertTrue(liveThreads().exists(_.getName.startsWith("sandbox")))

    sandbox.close()
    sandbox.close() // idempotent
    assertTrue(ports.forall(canBind), s"ports $ports should be free after close")
    val deadline = System.nanoTime() + 5000000000L
    // The test's own JDK HttpClient threads are not the sandbox's.
    def leftovers = (liveThreads() -- before).filterNot(_.getName.startsWith("HttpClient"))
    while (leftovers.nonEmpty && System.nanoTime() < deadline) Thread.sleep(50)
    assertEquals(Set.empty, leftovers.map(_.getName), "threads left running after close")
  }

  @Test def independentSandboxesCoexist(): Unit =
    SandboxTestKit.withSandbox("sandbox.stubs.delay.ms = 0", toy) { first =>
      SandboxTestKit.withSandbox("sandbox.stubs.delay.ms = 0", toy) { second =>
        assertNotEquals(first.baseUrls, second.baseUrls)
        assertNotEquals(first.stubsBaseUrl, second.stubsBaseUrl)
      }
    }

  @Test def aTakenPortFailsStartNamingItsKeyAndLeavesNothingRunning(): Unit = {
    val taken = new ServerSocket()
    taken.bind(new InetSocketAddress("127.0.0.1", 0))
    try {
      Seq("sandbox.toy.port", "sandbox.stubs.port").foreach { key =>
        val before = liveThreads()
        val port = taken.getLocalPort
        val error = assertThrows(classOf[InputError], () => SandboxTestKit.start(s"$key = $port", toy).close(), key)
        assertTrue(
          error.getMessage.startsWith(
            s"$key: cannot listen on 127.0.0.1:$port (BindException: Address already in use)"
          ),
          error.getMessage
        )
        assertTrue(error.getMessage.endsWith(s"; -D$key=0 takes a free one"), error.getMessage)
        val deadline = System.nanoTime() + 5000000000L
        while ((liveThreads() -- before).nonEmpty && System.nanoTime() < deadline) Thread.sleep(50)
        assertEquals(Set.empty, (liveThreads() -- before).map(_.getName), s"threads left after $key clash")
      }
    } finally taken.close()
  }

  @Test def aStandInThatCannotStartStopsTheSandboxNamingItsSystem(): Unit = {
    val broken: StandIn = _ => throw new IllegalStateException("its data is missing")
    val before = liveThreads()
    val error = assertThrows(
      classOf[InputError],
      () => SandboxTestKit.start("sandbox.stubs.delay.ms = 0", toy, "broken" -> broken).close()
    )
    assertEquals(
      "sandbox.broken: the stand-in did not start (IllegalStateException: its data is missing)",
      error.getMessage
    )
    val deadline = System.nanoTime() + 5000000000L
    while ((liveThreads() -- before).nonEmpty && System.nanoTime() < deadline) Thread.sleep(50)
    assertEquals(Set.empty, (liveThreads() -- before).map(_.getName), "the toy's stand-in and the stubs were stopped")
  }
}
