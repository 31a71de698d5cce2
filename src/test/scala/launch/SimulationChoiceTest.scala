package launch

import config.InputError

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class SimulationChoiceTest {
  private val loader = getClass.getClassLoader

  @Test def theSimulationsPackagesSimulationsAreKnown(): Unit = {
    val known = SimulationChoice.known(loader)
    assertTrue(known.contains("simulations.MainSimulation"), known.toString)
    assertTrue(known.contains("simulations.RaidSimulation"), known.toString)
    assertFalse(known.exists(_.endsWith("EndToEndTest")), s"tests are no simulations: $known")
    assertFalse(known.contains("simulations.RegisteredSimulation"), s"an abstract base is no simulation: $known")
    SimulationChoice.check("simulations.RaidSimulation", loader)
  }

  @Test def anUnknownClassIsOneLineNamingTheKnownOnes(): Unit = {
    val e = assertThrows(classOf[InputError], () => SimulationChoice.check("simulations.RaidSimulaton", loader))
    assertTrue(
      e.getMessage.startsWith(
        "gatling.simulationClass: no such class (was 'simulations.RaidSimulaton'); known: simulations."
      ),
      e.getMessage
    )
    assertTrue(e.getMessage.contains("simulations.RaidSimulation"), e.getMessage)
    val notOne = assertThrows(classOf[InputError], () => SimulationChoice.check("launch.RunAssembly", loader))
    assertTrue(notOne.getMessage.contains("is not a Gatling Simulation (was 'launch.RunAssembly')"), notOne.getMessage)
  }
}
