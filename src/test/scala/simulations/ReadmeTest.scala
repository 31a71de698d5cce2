package simulations

import launch.SimulationChoice

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The README's and docs/systems' tables of simulations are [[Systems]], and Systems is every simulation class
  * but the main job's, so none can drift from the code.
  */
class ReadmeTest {
  import ReadmeTest._

  // the classes compiled from src/test/scala/simulations, as `mvn gatling:test` knows them
  private val classes =
    SimulationChoice.known(getClass.getClassLoader).map(_.stripPrefix(s"${SimulationChoice.Package}."))

  private val registered = Systems.registrations.map(r => r.simulation.getSimpleName -> r).toMap

  @Test def everySimulationClassButTheMainJobIsRegistered(): Unit = {
    assertTrue(classes.contains("RaidSimulation"), s"found: $classes")
    assertEquals((classes.toSet - "MainSimulation"), registered.keySet, "simulations.Systems")
  }

  @Test def theReadmeListsExactlyTheSimulationClassesWithTheirSystems(): Unit = {
    val rows = table("README.md", "### Simulations, profiles and targets")
    assertEquals(classes.sorted, rows.map(_.head).sorted, "README: Simulations, profiles and targets")
    rows.filterNot(_.head == "MainSimulation").foreach { row =>
      assertEquals(keysOf(registered(row.head)), quoted(row(1)), s"README: the keys of ${row.head}")
    }
  }

  @Test def docsSystemsListsEveryRegistrationWithItsKeysAndPage(): Unit = {
    val rows = table("docs/systems/README.md", "| system | key | page | simulation |")
    assertEquals(registered.keySet, rows.map(_(3).stripPrefix("simulations.")).toSet, "docs/systems/README.md")
    rows.foreach { row =>
      val registration = registered(row(3).stripPrefix("simulations."))
      assertEquals(keysOf(registration), quoted(row(1)), s"docs/systems/README.md: the keys of ${row(3)}")
      val link = """\]\(([^)#]+)""".r.findFirstMatchIn(row(2)).map(_.group(1)).getOrElse(fail(s"no link in $row"))
      assertEquals(Paths.get(registration.page), Paths.get("docs/systems", link), s"docs/systems/README.md: ${row(3)}")
    }
  }

  @Test def everyRegisteredPageExists(): Unit =
    Systems.registrations.foreach(r => assertTrue(Files.isRegularFile(Paths.get(r.page)), s"${r.page}: no such page"))
}

object ReadmeTest {

  /** The cells of the first table at or after the line starting with `heading`, header rows left out, each
    * cell trimmed and unquoted when it is one `name`.
    */
  def table(file: String, heading: String): Seq[Seq[String]] =
    Files.readAllLines(Paths.get(file)).asScala.toSeq
      .dropWhile(!_.startsWith(heading))
      .dropWhile(!_.startsWith("|"))
      .takeWhile(_.startsWith("|"))
      .drop(2)
      .map(_.trim.stripPrefix("|").stripSuffix("|").split('|').toSeq.map(_.trim).map(unquoted))

  private def unquoted(cell: String) =
    if (cell.matches("`[^`]*`")) cell.stripPrefix("`").stripSuffix("`") else cell

  /** Every `key` quoted in a cell, in order: "`public-apps` (EOL and DVP), `public-apps-eroll`". */
  def quoted(cell: String): Seq[String] =
    if (!cell.contains('`')) Seq(cell) else "`([^`]+)`".r.findAllMatchIn(cell).map(_.group(1)).toSeq

  def keysOf(registration: Registration): Seq[String] = registration.systems.map(_.key)
}
