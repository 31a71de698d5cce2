package machine

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The machine's figures over a window from /proc's counts: planted in a folder of the same layout, where the
  * truth is known, and read from this machine's own.
  */
class MachineLoadTest {
  private def planted(root: Path, busy: Long, idle: Long, stolen: Long, threads: Seq[(Long, Long)]): Unit = {
    // user nice system idle iowait irq softirq steal guest guest_nice
    Files.writeString(root.resolve("stat"), s"cpu  $busy 0 0 $idle 0 0 0 $stolen 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n")
    threads.zipWithIndex.foreach { case ((ran, waited), i) =>
      val task = Files.createDirectories(root.resolve(s"self/task/${100 + i}"))
      Files.writeString(task.resolve("schedstat"), s"$ran $waited 42\n")
    }
  }

  @Test def aWindowsFiguresAreTheCountsGrowthOverIt(): Unit = {
    val root = Files.createTempDirectory("proc")
    planted(root, busy = 1000, idle = 1000, stolen = 0, threads = Seq(0L -> 0L, 0L -> 0L))
    val load = new MachineLoad(root)
    val over = load.from()
    // 100 ticks: 70 busy, 20 idle, 10 stolen; the threads ran 0.3 s and waited 1.2 s between them.
    planted(
      root,
      busy = 1070,
      idle = 1020,
      stolen = 10,
      threads = Seq(100000000L -> 1000000000L, 200000000L -> 200000000L)
    )
    val figures = over().getOrElse(fail("no figures from planted counts"))
    assertEquals(80.0, figures.busyPercent, 1e-9, "busy and stolen ticks of all")
    assertEquals(10.0, figures.stolenPercent, 1e-9)
    assertEquals(4.0, figures.waitPerCpuSecond, 1e-9)
    assertTrue(figures.ownPercent > 0, figures.toString)
  }

  @Test def aMachineWithoutProcGivesNoFigures(): Unit =
    assertEquals(None, new MachineLoad(Files.createTempDirectory("no-proc")).from()())

  /** This machine's own /proc (Linux's: a laptop without one has nothing to read): a thread of this JVM spinning
    * for 300 ms shows as this run's CPU.
    */
  @Test def thisMachinesOwnCountsAreRead(): Unit = {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(java.nio.file.Paths.get("/proc/stat")), "no /proc")
    val over = new MachineLoad().from()
    val until = System.nanoTime() + 300000000L
    var spins = 0L
    while (System.nanoTime() < until) spins += 1
    val figures = over().getOrElse(fail("no /proc on this machine"))
    assertTrue(spins > 0 && figures.ownPercent > 0 && figures.busyPercent >= 0, figures.toString)
    assertTrue(figures.busyPercent <= 100.0 + 1e-9 && figures.stolenPercent >= 0, figures.toString)
  }
}
