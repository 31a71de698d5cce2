package machine

import java.lang.management.ManagementFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.LateStarts

/** The injector's CPU over a window leaves out the in-process sandbox's threads: half a second of CPU burnt on a
  * thread named as a stand-in's event loop is not the injector's but the sandbox's; the same on any other thread
  * is the injector's, not the sandbox's.
  */
class InjectorHealthTest {

  /** The injector's CPU and the sandbox's, in ms, over a window in which a thread named `name` burns 500 ms of
    * CPU and lives on past it, as a stand-in's event loop lives as long as the sandbox.
    */
  private def msWhileBurning(name: String): (Double, Double) = {
    val health = new InjectorHealth(intervalMs = 1000, busyCpuPercent = 90, new LateStarts)
    health.start()
    val over = health.from()
    // One core: its share of it is its CPU time over the window's.
    val sandboxOver = profiles.capacity.SandboxCpuWatch.of(() => Some((health.sandboxCpuNs(), 1))).from()
    val started = System.currentTimeMillis()
    val burnt = new java.util.concurrent.CountDownLatch(1)
    val released = new java.util.concurrent.CountDownLatch(1)
    val burner = new Thread(
      () => {
        val threads = ManagementFactory.getThreadMXBean
        // CPU time, not wall time: a busy machine gives the thread its half second later, not less of it.
        val deadline = System.nanoTime() + 60000000000L
        var spins = 0L
        while (threads.getCurrentThreadCpuTime < 500000000L && System.nanoTime() < deadline) spins += 1
        burnt.countDown()
        released.await(60, java.util.concurrent.TimeUnit.SECONDS)
        ()
      },
      name
    )
    burner.start()
    burnt.await(90, java.util.concurrent.TimeUnit.SECONDS)
    val (figures, sandboxCpu) = (over(), sandboxOver())
    val wallMs = math.max(1L, System.currentTimeMillis() - started)
    released.countDown()
    burner.join()
    health.stop()
    (figures.cpuMeanPercent / 100 * figures.cores * wallMs, sandboxCpu.fold(0.0)(_.percent / 100 * wallMs))
  }

  @Test def theSandboxsThreadsCpuIsNotTheInjectors(): Unit = {
    val (other, otherInSandbox) = msWhileBurning("gatling-burner")
    val (standIn, standInInSandbox) = msWhileBurning(s"${sandbox.Sandbox.ThreadNamePrefix}-9-1")
    assertTrue(other >= 450, s"another thread's 500 ms counted: $other ms")
    assertTrue(standIn < other - 400, s"the sandbox thread's 500 ms left out: $standIn ms against $other ms")
    assertTrue(standInInSandbox >= 450, s"the sandbox thread's 500 ms are the sandbox's: $standInInSandbox ms")
    assertTrue(otherInSandbox < 50, s"another thread's are not: $otherInSandbox ms")
  }
}
