package testkit.toy

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import simulations.Systems
import testkit.ToySimulation

/** The toy's one registration is all the main job, the standalone sandbox and its simulation need, and the page
  * that says how to add a system shows that very line.
  */
class ToyRegistrationTest {
  @Test def itsRegistrationAddsTheToyToTheMainJobTheSandboxAndItsSimulation(): Unit = {
    assertEquals(Systems.mainJob :+ Toy, ToySystems.mainJob)
    assertEquals(Systems.sandboxed :+ Toy, ToySystems.sandboxed)
    assertEquals(Seq(Toy), ToySystems.systemsOf(classOf[ToySimulation]))
    assertFalse(Systems.sandboxed.contains(Toy), "the suite's own registry leaves the toy out")
  }

  @Test def theDocsShowItsRegistrationAsWritten(): Unit = {
    val source = Paths.get("src/test/scala/testkit/toy/ToySystems.scala")
    val registration = Files.readAllLines(source).asScala.map(_.trim).find(_.startsWith("Registration("))
      .getOrElse(fail(s"$source: no Registration line"))
    val page = Files.readString(Paths.get(ToySystems.pageOf(Toy.key)))
    assertTrue(page.contains(registration), s"${ToySystems.pageOf(Toy.key)} shows `$registration`")
  }
}
