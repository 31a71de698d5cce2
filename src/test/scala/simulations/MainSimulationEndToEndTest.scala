package simulations

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.SimulationRuns

/** The main job (`mvn gatling:test` with no arguments) at smoke scale: every system's journey, no KO. */
class MainSimulationEndToEndTest {
  @Test def everySystemRunsItsJourneyWithoutErrors(): Unit = {
    val run = SimulationRuns.run(classOf[MainSimulation], "sandbox.stubs.delay.ms" -> "50")
    val contract = MainSimulation.systems.flatMap(_.requestNames).toSet
    assertEquals(contract, run.requests.keySet, "every system's requests, and no others")
    assertEquals(MainSimulation.systems.map(_.scenarioName).toSet, run.scenarios, "one population per system")
    SimulationRuns.assertNoErrors(run)
  }
}
