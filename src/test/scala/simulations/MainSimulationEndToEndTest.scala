package simulations

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The main job (`mvn gatling:test` with no arguments) at smoke scale: every system's journey, no KO. */
class MainSimulationEndToEndTest {
  @Test def everyJourneyRunsWithoutErrors(): Unit = {
    val run = SimulationRuns.run(classOf[MainSimulation], "sandbox.stubs.delay.ms" -> "50")
    assertEquals(RaidSimulationEndToEndTest.ContractNames, run.requests.keySet, "the RAiD journey's requests, and no others yet")
    assertTrue(run.users > 0)
    assertEquals(run.users.toLong, run.requests("mint raid").count, "one mint per user")
    run.requests.foreach { case (name, figures) => assertEquals(0L, figures.ko, s"KOs for $name") }
    assertEquals(0, run.statusCode, "Gatling's assertions pass")
  }
}
