package results.model

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** When the machine, not the system, may have made a step fall short, on figures planted as this shared 2-core
  * machine measured them: quiet, shared with other builds, under stress-ng, and busy with the run's own work.
  */
class MachineFiguresTest {

  @Test def aMachineBusyWithOtherWorkThatKeptTheRunWaitingIsNamed(): Unit = {
    // Shared with four other helpers' builds: the run's JVM used 9 % of the cores and waited 3.7 to 8.5 s a second it ran.
    val shared = MachineFigures(busyPercent = 100, stolenPercent = 0, ownPercent = 9, waitPerCpuSecond = 6.1)
    assertEquals(91.0, shared.otherPercent, 1e-9)
    assertTrue(shared.busyWithOtherWork)
    assertTrue(MachineFigures(100, 0, 8, 15.9).busyWithOtherWork, "stress-ng --cpu 4 on top: 15.6 to 16")
    assertTrue(MachineFigures(40, 15, 10, 0.2).busyWithOtherWork, "a hypervisor took 15 % of the cores")
  }

  @Test def aQuietMachineOrOneBusyWithTheRunsOwnWorkIsNot(): Unit = {
    assertFalse(MachineFigures(12, 0, 10, 0.05).busyWithOtherWork, "quiet")
    assertFalse(MachineFigures(100, 0, 80, 3).busyWithOtherWork, "the run itself kept the cores busy")
    assertFalse(MachineFigures(100, 0, 30, 0.8).busyWithOtherWork, "others busy, but the run got what it asked")
    assertFalse(MachineFigures(100, 0, 30, 2.0).busyWithOtherWork, "waited twice as long as it ran: at the limit")
    assertTrue(MachineFigures(100, 0, 30, 2.1).busyWithOtherWork, "past it")
    assertFalse(MachineFigures(40, 10, 10, 0.2).busyWithOtherWork, "stolen at the limit")
  }

  @Test def itsDescriptionGivesTheFigures(): Unit =
    assertEquals(
      "other work used 91 % of its cores, this run 9 %; its threads waited 6.1 s for a core per second they ran",
      MachineFigures(100, 0, 9, 6.1).describe
    )
}
