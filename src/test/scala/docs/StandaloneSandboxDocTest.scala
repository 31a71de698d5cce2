package docs

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ DynamicTest, Tag, TestFactory }
import simulations.Systems
import testkit.FreePort

import scala.jdk.CollectionConverters._

/** The sandbox in its own JVM as the docs start it (docs/sandbox.md and the system pages of docs/systems: its `exec:java`
  * line, then a run with `-Dtarget=standalone-sandbox`), each pair as shown, Maven offline, the base URLs file and
  * the run's archive in a folder of the test's own, and a fixed port (`-Dsandbox.<key>.port=N`, shown to say how to
  * fix one) made a free one: the sandbox prints `Ctrl-C stops.`, the run finds its systems' URLs in the file the
  * sandbox wrote and archives a PASS with no KO, and Ctrl-C (SIGINT to its process group) stops the sandbox, which
  * removes the file.
  */
@Tag("docs")
class StandaloneSandboxDocTest {
  import StandaloneSandboxDocTest._

  @TestFactory def eachSandboxShownStartsServesARunAndStopsOnCtrlC(): java.util.List[DynamicTest] = {
    val pairs = ShownCommands.markdownFiles.map(_.toString).flatMap { file =>
      val shown = ShownCommands.all.filter(_.file == file)
      shown.zip(shown.drop(1)).filter { case (sandbox, run) =>
        sandbox.command.contains("-Dexec.mainClass=simulations.StandaloneSandbox") &&
        run.command.contains("-Dtarget=standalone-sandbox")
      }
    }
    assertTrue(pairs.size >= 2, s"docs/sandbox.md and docs/systems/eroll.md each show a pair: $pairs")
    assertTrue(pairs.exists(p => PortSetting.findFirstIn(p._1.command).isEmpty), s"a pair on free ports: $pairs")
    assertTrue(pairs.exists(p => PortSetting.findFirstIn(p._1.command).nonEmpty), s"a pair on a fixed port: $pairs")
    pairs.map { case (sandbox, run) =>
      DynamicTest.dynamicTest(s"${sandbox.where}", () => startServeStop(sandbox, run))
    }
      .asJava
  }

  private def startServeStop(sandboxShown: ShownCommand, runShown: ShownCommand): Unit = {
    val simulation = SimulationClass.findFirstMatchIn(runShown.command).map(_.group(1))
      .getOrElse(fail(s"${runShown.where}: no -Dgatling.simulationClass=simulations.<name>"))
    val keys = Systems.registrations.find(_.simulation.getSimpleName == simulation)
      .getOrElse(fail(s"${runShown.where}: $simulation is not registered")).systems.map(_.key)
    val home = DocRuns.temporaryFolder("standalone-sandbox-")
    val baseUrls = home.resolve("base-urls.conf")
    val urlsFile = s"-Dtargets.standalone-sandbox.baseUrlsFile=$baseUrls"
    val fixed = PortSetting.findFirstMatchIn(sandboxShown.command).map(m => m.group(1) -> FreePort())
    val shown = fixed.fold(sandboxShown.command)(f =>
      PortSetting.replaceAllIn(sandboxShown.command, s"-Dsandbox.$$1.port=${f._2}")
    )
    val sandbox = ShellRun(s"${DocRuns.offline(shown)} $urlsFile", home.resolve("sandbox.txt"))
    try {
      sandbox.awaitLine("Ctrl-C stops.", 5 * 60)
      assertTrue(sandbox.text.contains(s"Base URLs written to $baseUrls"), sandbox.text)
      val printed = keys.map { key =>
        key -> s"(?m)^$key +(http://127\\.0\\.0\\.1:[0-9]+)$$".r.findFirstMatchIn(sandbox.text).map(_.group(1))
          .getOrElse(fail(s"the sandbox printed no URL for $key:\n${sandbox.text}"))
      }
      fixed.foreach { case (key, port) => assertEquals(Some(s"http://127.0.0.1:$port"), printed.toMap.get(key)) }
      val results = home.resolve("results")
      val run = ShellRun(
        s"${DocRuns.offline(runShown.command)} $urlsFile -Dsuite.resultsDir=$results",
        home.resolve("run.txt")
      )
      assertEquals(0, run.exitStatus(10 * 60), s"${runShown.where}: `${runShown.command}`:\n${run.text}")
      printed.foreach { case (key, url) =>
        assertTrue(
          s"(?m)^ +$key +\\Q$url\\E$$".r.findFirstIn(run.text).nonEmpty,
          s"the plan sends $key to $url:\n${run.text}"
        )
      }
      val (_, summary) = DocRuns.onlyRun(results, run.text)
      assertEquals("standalone-sandbox", summary.run.target, run.text)
      DocRuns.assertPassedWithoutKo(summary, run.text)
      assertTrue(sandbox.isAlive, s"the sandbox serves until Ctrl-C:\n${sandbox.text}")
      sandbox.interrupt()
      val status = sandbox.exitStatus(120)
      assertTrue(sandbox.text.contains("sandbox: served for "), sandbox.text)
      assertTrue(status == 0 || status == 130, s"exit code $status after Ctrl-C:\n${sandbox.text}")
      assertFalse(Files.exists(baseUrls), s"the sandbox removes $baseUrls as it stops")
    } finally sandbox.stop()
  }
}

object StandaloneSandboxDocTest {
  private val PortSetting = """-Dsandbox\.([a-z-]+)\.port=[0-9]+""".r
  private val SimulationClass = """-Dgatling\.simulationClass=simulations\.(\w+)""".r
}
