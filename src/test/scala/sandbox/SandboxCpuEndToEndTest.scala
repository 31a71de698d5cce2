package sandbox

import results.archive.SummaryJson

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, SandboxChild, ToyCapacity, ToySandbox, ToySimulation }

/** A capacity search against the standalone sandbox measures that sandbox's own CPU over each step: the toy's
  * sandbox in a JVM of its own writes where it serves its CPU to the base-URLs file beside the stand-in's URL, and
  * a smoke search of the toy against it (`target=standalone-sandbox`, on this machine) keeps each step's figure in
  * run.json, as the sandbox beside the injector.
  */
class SandboxCpuEndToEndTest {

  @Test def aSearchAgainstTheStandaloneSandboxMeasuresItsCpuOverEachStep(): Unit = {
    val home = Files.createTempDirectory("sandbox-cpu-")
    val baseUrls = home.resolve("base-urls.conf")
    val child = new SandboxChild(
      ToySandbox,
      home.resolve("sandbox.txt"),
      Seq("targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString)
    )
    try {
      assertTrue(child.started, child.text)
      assertTrue(Files.readString(baseUrls).contains(s"${BaseUrlsFile.CpuUrlKey} = "), child.text)
      val against = Seq(
        "target" -> "standalone-sandbox",
        "targets.standalone-sandbox.baseUrlsFile" -> baseUrls.toString,
        "profile" -> "capacity",
        "smoke" -> "true"
      )
      val process = GatlingProcess.start(classOf[ToySimulation], against ++ ToyCapacity.closedSmoke: _*)
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
      child.stop(60)
      child.close()
    }
  }
}
