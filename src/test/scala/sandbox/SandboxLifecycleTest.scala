package sandbox

import java.net.{InetSocketAddress, ServerSocket, URI}

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

class SandboxLifecycleTest {
  private def settings(hocon: String) = SandboxSettings.fromConfig(ConfigFactory.parseString(hocon))

  private def liveThreads(): Set[Thread] = Thread.getAllStackTraces.keySet.asScala.toSet.filter(_.isAlive)

  private def portOf(url: String): Int = URI.create(url).getPort

  private def canBind(port: Int): Boolean =
    try { val s = new ServerSocket(); s.bind(new InetSocketAddress("127.0.0.1", port)); s.close(); true }
    catch { case _: java.io.IOException => false }

  @Test def closeReleasesPortsAndThreads(): Unit = {
    val before = liveThreads()
    val sandbox = Sandbox.start(settings("sandbox.stubs.delay.ms = 0"))
    val ports = Seq(portOf(sandbox.raidBaseUrl), portOf(sandbox.stubsBaseUrl))
    assertTrue(ports.forall(p => p > 0 && !canBind(p)), s"ports $ports should be in use")
    val minted = new TestRaidClient(sandbox.raidBaseUrl).mint(RaidBodies.token(1), RaidBodies.create(2, 1))
    assertEquals(201, minted.status, minted.body)
    assertTrue(liveThreads().exists(_.getName.startsWith("sandbox-raid")))

    sandbox.close()
    sandbox.close() // idempotent
    assertTrue(ports.forall(canBind), s"ports $ports should be free after close")
    val deadline = System.nanoTime() + 5000000000L
    // The test's own JDK HttpClient threads are not the sandbox's.
    def leftovers = (liveThreads() -- before).filterNot(_.getName.startsWith("HttpClient"))
    while (leftovers.nonEmpty && System.nanoTime() < deadline) Thread.sleep(50)
    assertEquals(Set.empty, leftovers.map(_.getName), "threads left running after close")
  }

  @Test def independentSandboxesCoexist(): Unit = {
    val first = Sandbox.start(settings("sandbox.stubs.delay.ms = 0"))
    try {
      val second = Sandbox.start(settings("sandbox.stubs.delay.ms = 0"))
      try {
        assertNotEquals(first.raidBaseUrl, second.raidBaseUrl)
        assertNotEquals(first.stubsBaseUrl, second.stubsBaseUrl)
      } finally second.close()
    } finally first.close()
  }

  @Test def aTakenPortFailsStartAndLeavesNothingRunning(): Unit = {
    val taken = new ServerSocket()
    taken.bind(new InetSocketAddress("127.0.0.1", 0))
    try {
      Seq("sandbox.raid.port", "sandbox.stubs.port").foreach { key =>
        val before = liveThreads()
        assertThrows(classOf[Exception], () => Sandbox.start(settings(s"$key = ${taken.getLocalPort}")).close(), key)
        val deadline = System.nanoTime() + 5000000000L
        while ((liveThreads() -- before).nonEmpty && System.nanoTime() < deadline) Thread.sleep(50)
        assertEquals(Set.empty, (liveThreads() -- before).map(_.getName), s"threads left after $key clash")
      }
    } finally taken.close()
  }
}
