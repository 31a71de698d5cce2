package sandbox

import java.lang.management.ManagementFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.capacity.SandboxCpuWatch

/** A standalone sandbox's CPU as its endpoint serves it and a capacity search reads it: this JVM stands in for
  * the sandbox's, so half a second of CPU burnt here shows over the window it was burnt in, and an idle window
  * shows far less; an endpoint that does not answer gives no figure.
  */
class CpuEndpointTest {

  /** The sandbox's CPU, in ms, over a window in which `work` runs, as the endpoint tells it. */
  private def sandboxMsOver(url: String)(work: => Unit): Double = {
    val over = SandboxCpuWatch.of(() => CpuEndpoint.read(url)).from()
    val started = System.nanoTime()
    work
    val cpu = over().getOrElse(fail("the endpoint answered"))
    cpu.percent / 100 * cpu.cores * (System.nanoTime() - started) / 1e6
  }

  @Test def aSearchReadsTheSandboxsCpuOverAWindow(): Unit = {
    val endpoint = CpuEndpoint.start("127.0.0.1")
    try {
      assertEquals(Some(Runtime.getRuntime.availableProcessors), CpuEndpoint.read(endpoint.url).map(_._2))
      val burnt = sandboxMsOver(endpoint.url) {
        val threads = ManagementFactory.getThreadMXBean
        val (from, deadline) = (threads.getCurrentThreadCpuTime, System.nanoTime() + 60000000000L)
        // CPU time, not wall time: a busy machine gives the thread its half second later, not less of it.
        while (threads.getCurrentThreadCpuTime - from < 500000000L && System.nanoTime() < deadline) ()
      }
      val idle = sandboxMsOver(endpoint.url)(Thread.sleep(500))
      assertTrue(burnt >= 450, s"the 500 ms burnt show: $burnt ms")
      assertTrue(idle < burnt - 250, s"an idle window's far less: $idle ms against $burnt ms")
    } finally endpoint.close()
    assertEquals(None, CpuEndpoint.read(endpoint.url), "a sandbox that stopped tells nothing")
    assertEquals(None, SandboxCpuWatch.of(() => CpuEndpoint.read(endpoint.url)).from()())
  }
}
