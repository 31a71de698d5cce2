package bench

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A JVM's record reads back with the machine's counters, and a window's usage counts the machine's busy CPUs
  * as bench/machine-cpu.sh does; the busiest minute is the one with the most requests.
  */
class JvmTimelineTest {
  private val procStat = Seq(
    "cpu  100 5 40 800 20 3 2 30 0 0",
    "cpu0 50 2 20 400 10 1 1 15 0 0",
    "cpu1 50 3 20 400 10 2 1 15 0 0",
    "intr 12345"
  )

  @Test def procStatCountsBusyAsTheShellScriptDoes(): Unit =
    // busy: user 100 + nice 5 + system 40 + irq 3 + softirq 2; total: those, idle 800, I/O wait 20, steal 30.
    assertEquals(Some(JvmTimeline.MachineTicks(150, 1000, 2)), JvmTimeline.MachineTicks.parse(procStat))

  @Test def aRecordWithoutTheMachineStillReads(): Unit =
    assertEquals(None, JvmTimeline.MachineTicks.parse(Seq("intr 1")))

  @Test def aWindowCountsTheJvmAndTheMachine(): Unit = {
    val file = Files.createTempFile("timeline-", ".csv")
    try {
      Files.writeString(file, "1000,0,100,0,0,2\n2000,500,300,150,1000,2\n3000,1500,200,1050,2000,2\n4000,2000,100\n")
      val samples = JvmTimeline.read(file)
      assertEquals(4, samples.size)
      val usage = JvmTimeline.over(samples, 2000, 3000).get
      assertEquals(1.0, usage.cores, 1e-9)
      assertEquals(300L, usage.heapPeakMiB)
      // 900 of the 1,000 ticks between the two samples busy, on 2 CPUs.
      assertEquals(Some((1.8, 2)), usage.machineCores)
      // The last sample has no counters: the JVM's figures stand, the machine's are not made up.
      assertEquals(None, JvmTimeline.over(samples, 3000, 4000).get.machineCores)
    } finally Files.delete(file)
  }

  @Test def theBusiestMinuteIsTheOneWithTheMostRequests(): Unit = {
    val perSecond = (0L until 300L).map(s => s -> (if (s >= 90 && s < 150) 100L else 10L)).toMap
    assertEquals((90L, 6000L), PeakFigures.busiestWindow(perSecond, 60))
    assertEquals((0L, 0L), PeakFigures.busiestWindow(Map.empty, 60))
  }
}
