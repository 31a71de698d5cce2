package bench

import launch.{ RunAssembly, RunSetup, SuiteConfig }
import machine.MachineLimits

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import simulations.{ Registry, Systems }
import config.{ ConfigFiles, InputError }
import testkit.toy.ToySystems

/** bench/all-peaks.sh runs the main job with `-Dprofile=all-peaks`: every system registered in it needs an
  * `all-peaks` profile in its own systems/<key>.conf, whose description is the target [[PeakFigures]] prints.
  */
class AllPeaksProfilesTest {
  // Building a journey reads Gatling's configuration, which only a run sets otherwise.
  io.gatling.app.InProcessGatling.loadConfiguration()

  private val Profile = "all-peaks"

  /** The benchmark's run of `registry`'s main job, assembled as MainSimulation's is, on a machine with room
    * for every user: this test checks the profiles, not the machine it runs on.
    */
  private def assemble(registry: Registry): RunSetup = {
    val keys = registry.mainJob.map(_.key)
    val config = ConfigFactory.parseMap(Map("profile" -> Profile).asJava).withFallback(ConfigFiles.load(keys))
    val roomy = MachineLimits(None, None, Long.MaxValue, None)
    RunAssembly.assemble("MainSimulation", registry.mainJob, SuiteConfig.fromConfig(config, keys), machine = roomy)
  }

  @Test def everySystemOfTheMainJobRunsItsAllPeaksProfileWithItsTarget(): Unit = {
    val run = assemble(Systems)
    assertEquals(Systems.mainJob.map(_.key), run.loads.map(_.system.key).distinct)
    // What the run's summary.json says of each system, from which PeakFigures reads the targets.
    val systems = Systems.mainJob.map { system =>
      val scenarios = run.loads.filter(_.system == system).map(_.scenarioName)
      Map[String, AnyRef]("key" -> system.key, "profile" -> Profile, "scenarios" -> scenarios.asJava).asJava
    }
    val summary = new ObjectMapper().valueToTree[JsonNode](Map("systems" -> systems.asJava).asJava)
    val targets = PeakFigures.targets(summary)
    run.loads.foreach { load =>
      assertEquals(Profile, load.profile.name, load.scenarioName)
      val description = load.profile.plan.description
      assertTrue(description.nonEmpty, s"${load.system.key}: its $Profile profile has no description, its target")
      assertEquals(description, targets.get(load.scenarioName), load.scenarioName)
    }
  }

  @Test def aSystemRegisteredWithoutOneStopsTheBenchmarkNamingIt(): Unit = {
    // The toy is registered as docs/adding-a-system.md says, and has no all-peaks profile.
    val e = assertThrows(classOf[InputError], () => assemble(ToySystems))
    assertTrue(e.getMessage.startsWith(s"unknown profile '$Profile' for toy"), e.getMessage)
  }
}
