package simulations

import config.FailFast

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, SimulationRuns }

/** A plan this machine cannot carry stops before any load, saying which limit and what to do. */
class MachineCapacityEndToEndTest {
  @Test def aPlanAboveTheOpenFileLimitStopsBeforeLoad(): Unit = {
    // RAiD's reference at 10 %: about 300 concurrent users, 2 descriptors each with the sandbox in-process.
    val run =
      GatlingProcess.withOpenFileLimit(512, classOf[RaidSimulation], "profile" -> "reference", "scale" -> "0.1")
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    assertTrue(run.text.contains("ERROR: capacity: the plan needs about "), run.text)
    assertTrue(run.text.contains("this process may open 512 (ulimit -n)"), run.text)
    assertFalse(run.text.contains("Simulation simulations.RaidSimulation started"), "no load was sent")
    assertTrue(!Files.exists(run.resultsDir) || SimulationRuns.isEmpty(run.resultsDir), "nothing archived")
  }
}
