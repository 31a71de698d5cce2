package sandbox

import results.archive.SummaryJson

import java.nio.file.{ Files, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, ToySandbox, ToySimulation }

/** A capacity search against the standalone sandbox measures that sandbox's own CPU over each step: the toy's
  * sandbox in a JVM of its own writes where it serves its CPU to the base-URLs file beside the stand-in's URL, and
  * a smoke search of the toy against it (`target=standalone-sandbox`, on this machine) keeps each step's figure in
  * run.json, as the sandbox beside the injector.
  */
class SandboxCpuEndToEndTest {

  @Test def aSearchAgainstTheStandaloneSandboxMeasuresItsCpuOverEachStep(): Unit = {
    val home = Files.createTempDirectory("sandbox-cpu-")
    val (baseUrls, output) = (home.resolve("base-urls.conf"), home.resolve("sandbox.txt"))
    val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val command = Seq(
      java,
      "-Xmx256m",
      "-cp",
      System.getProperty("java.class.path"),
      s"-Dtargets.standalone-sandbox.baseUrlsFile=$baseUrls",
      ToySandbox.getClass.getName.stripSuffix("$")
    )
    val child = new ProcessBuilder(command.asJava).redirectErrorStream(true).redirectOutput(output.toFile).start()
    def text = Files.readString(output)
    try {
      val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
      while (!text.contains("Ctrl-C stops.") && child.isAlive && System.nanoTime() < deadline) Thread.sleep(100)
      assertTrue(Files.readString(baseUrls).contains(s"${BaseUrlsFile.CpuUrlKey} = "), text)
      val process = GatlingProcess.start(
        classOf[ToySimulation],
        "target" -> "standalone-sandbox",
        "targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString,
        "profile" -> "capacity",
        "smoke" -> "true",
        "profiles.toy.capacity.of" -> "closed",
        "profiles.toy.closed.type" -> "closed-ramp",
        "profiles.toy.closed.startUsers" -> "1",
        "profiles.toy.closed.usersPerMinute" -> "60",
        "profiles.toy.closed.targetUsers" -> "2",
        "profiles.toy.closed.hold" -> "1 minute",
        "capacity.maxMultiple" -> "2",
        "sandbox.stubs.delay.ms" -> "0"
      )
      process.exitStatus(300)
      val Seq(archived) = process.archivedRuns: @unchecked
      val search = SummaryJson.readContext(archived.resolve("run.json")).systemRecords.flatMap(_.capacity).headOption
        .getOrElse(fail(s"no capacity search in run.json:\n${process.text}"))
      val cpu = search.steps.map(_.sandboxCpu)
      assertTrue(search.steps.nonEmpty && cpu.forall(_.nonEmpty), s"each step's sandbox CPU: $cpu\n${process.text}")
      assertTrue(
        cpu.flatten.forall(c => c.besideInjector && c.cores == Runtime.getRuntime.availableProcessors),
        s"the sandbox on this machine, over its cores: $cpu"
      )
    } finally {
      child.destroy()
      child.waitFor(60, TimeUnit.SECONDS)
      child.destroyForcibly()
    }
  }
}
