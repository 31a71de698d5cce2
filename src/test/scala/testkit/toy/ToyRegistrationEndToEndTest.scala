package testkit.toy

import java.nio.file.{ Files, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ SimulationRuns, TestJvm, ToySimulation }

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
    val output = home.resolve("sandbox.txt")
    val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val command = Seq(java) ++ TestJvm.options ++ Seq(
      "-cp",
      System.getProperty("java.class.path"),
      s"-Dtargets.standalone-sandbox.baseUrlsFile=$baseUrls",
      ToySystemsSandbox.getClass.getName.stripSuffix("$")
    )
    val child = new ProcessBuilder(command.asJava).redirectErrorStream(true).redirectOutput(output.toFile).start()
    def text = Files.readString(output)
    try {
      // Every stand-in starts first (Key All's seeds its database): minutes on a busy machine.
      val deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5)
      while (!text.contains("Ctrl-C stops.") && child.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
      assertTrue(text.contains("Ctrl-C stops."), text)
      val printed = Printed.findAllMatchIn(text).map(m => m.group(1) -> m.group(2)).toMap
      assertEquals(ToySystems.sandboxed.map(_.key).toSet, printed.keySet, text)
      assertTrue(Files.readString(baseUrls).contains(s"""toy.baseUrl = "${printed("toy")}""""), text)

      val run = SimulationRuns.run(
        classOf[ToySimulation],
        "target" -> "standalone-sandbox",
        "targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString
      )
      SimulationRuns.assertWholeJourneys(run, Toy, Map("toy - home" -> 1, "toy - look up" -> 1))

      child.destroy()
      assertTrue(child.waitFor(2, TimeUnit.MINUTES), text)
      assertFalse(Files.exists(baseUrls), s"the sandbox removes $baseUrls as it stops:\n$text")
    } finally child.destroyForcibly()
  }
}
