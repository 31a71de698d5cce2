package testkit.toy

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ SandboxChild, SimulationRuns, TestJvm, ToySimulation }

/** A system added the documented way, end to end: the standalone sandbox of [[ToySystems]] (the suite's systems
  * and the toy's one registration), in a JVM of its own, serves every registered system's stand-in on a free port
  * and writes their base URLs; the toy's simulation, run against it with `target=standalone-sandbox`, finds the
  * toy there and runs its whole journey; stopped, the sandbox removes the file.
  */
class ToyRegistrationEndToEndTest {
  private val Printed = """(?m)^([a-z0-9-]+) +(http://127\.0\.0\.1:[0-9]+)$""".r

  @Test def theRegisteredToyIsServedByTheStandaloneSandboxAndItsSimulationRunsAgainstIt(): Unit = {
    val home = Files.createTempDirectory("toy-registration-")
    val baseUrls = home.resolve("base-urls.conf")
    // Every stand-in starts first (Key All's seeds its database): minutes on a busy machine.
    val child = new SandboxChild(
      ToySystemsSandbox,
      home.resolve("sandbox.txt"),
      Seq("targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString),
      jvmOptions = TestJvm.options,
      startSeconds = 300
    )
    def text = child.text
    try {
      assertTrue(child.started, text)
      val printed = Printed.findAllMatchIn(text).map(m => m.group(1) -> m.group(2)).toMap
      assertEquals(ToySystems.sandboxed.map(_.key).toSet, printed.keySet, text)
      assertTrue(Files.readString(baseUrls).contains(s"""toy.baseUrl = "${printed("toy")}""""), text)

      val run = SimulationRuns.run(
        classOf[ToySimulation],
        "target" -> "standalone-sandbox",
        "targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString
      )
      SimulationRuns.assertWholeJourneys(run, Toy, Map("toy - home" -> 1, "toy - look up" -> 1))

      assertTrue(child.stop(120), text)
      assertFalse(Files.exists(baseUrls), s"the sandbox removes $baseUrls as it stops:\n$text")
    } finally child.close()
  }
}
