package machine

import java.lang.management.ManagementFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.LateStarts

/** The injector's CPU over a window leaves out the in-process sandbox's threads: half a second of CPU burnt on a
  * thread named as a stand-in's event loop is not the injector's; the same on any other thread is.
  */
class InjectorHealthTest {

  /** The injector's CPU, in ms, over a window in which a thread named `name` burns 500 ms of CPU and lives on
    * past it, as a stand-in's event loop lives as long as the sandbox.
    */
  private def injectorMsWhileBurning(name: String): Double = {
    val health = new InjectorHealth(intervalMs = 1000, busyCpuPercent = 90, new LateStarts)
    health.start()
    val over = health.from()
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
    val figures = over()
    released.countDown()
    burner.join()
    health.stop()
    figures.cpuMeanPercent / 100 * figures.cores * math.max(1L, System.currentTimeMillis() - started)
  }

  @Test def theSandboxsThreadsCpuIsNotTheInjectors(): Unit = {
    val other = injectorMsWhileBurning("gatling-burner")
    val standIn = injectorMsWhileBurning(s"${sandbox.Sandbox.ThreadNamePrefix}-9-1")
    assertTrue(other >= 450, s"another thread's 500 ms counted: $other ms")
    assertTrue(standIn < other - 400, s"the sandbox thread's 500 ms left out: $standIn ms against $other ms")
  }
}
