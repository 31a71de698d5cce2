package simulations

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import suite.SimulationChoice

/** The README's list of simulations is the list of simulation classes, so it cannot drift from the code. */
class ReadmeTest {
  private val readme = Files.readAllLines(Paths.get("README.md")).asScala.toSeq

  /** The first column of the table under "Simulations, profiles and targets": `RaidSimulation`, ... */
  private def listedSimulations: Seq[String] = {
    val table = readme
      .dropWhile(!_.startsWith("### Simulations, profiles and targets"))
      .dropWhile(!_.startsWith("|"))
      .takeWhile(_.startsWith("|"))
      .drop(2)
    table.map(_.split('|')(1).trim.stripPrefix("`").stripSuffix("`"))
  }

  @Test def theReadmeListsExactlyTheSimulationClasses(): Unit = {
    // the classes compiled from src/test/scala/simulations, as `mvn gatling:test` knows them
    val classes = SimulationChoice.known(getClass.getClassLoader).map(_.stripPrefix(s"${SimulationChoice.Package}."))
    assertTrue(classes.contains("RaidSimulation"), s"found: $classes")
    assertEquals(classes.sorted, listedSimulations.sorted, "README: Simulations, profiles and targets")
  }

}
