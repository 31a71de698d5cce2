package docs

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ DynamicTest, Tag, TestFactory }
import testkit.FreePort

import scala.jdk.CollectionConverters._

/** The sandbox in its own JVM as the docs start it (docs/sandbox.md and the system pages of docs/systems: its `exec:java` line, then a
  * run with `-Dtarget=standalone-sandbox`), each pair as shown but for a free port in place of the fixed one,
  * Maven offline and the run archived to a folder of the test's own: the sandbox prints `Ctrl-C stops.`, the run
  * against the URL it printed archives a PASS with no KO, and Ctrl-C (SIGINT to its process group) stops it.
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
    pairs.map { case (sandbox, run) =>
      DynamicTest.dynamicTest(s"${sandbox.where}", () => startServeStop(sandbox, run))
    }
      .asJava
  }

  private def startServeStop(sandboxShown: ShownCommand, runShown: ShownCommand): Unit = {
    val key = PortSetting.findFirstMatchIn(sandboxShown.command).map(_.group(1))
      .getOrElse(fail(s"${sandboxShown.where}: no -Dsandbox.<key>.port=<port>"))
    val home = DocRuns.temporaryFolder("standalone-sandbox-")
    val port = FreePort()
    val sandboxCommand = DocRuns.offline(PortSetting.replaceAllIn(sandboxShown.command, s"-Dsandbox.$$1.port=$port"))
    val sandbox = ShellRun(sandboxCommand, home.resolve("sandbox.txt"))
    try {
      sandbox.awaitLine("Ctrl-C stops.", 5 * 60)
      val url = s"(?m)^$key +(http://127\\.0\\.0\\.1:[0-9]+)".r.findFirstMatchIn(sandbox.text).map(_.group(1))
        .getOrElse(fail(s"the sandbox printed no URL for $key:\n${sandbox.text}"))
      assertEquals(s"http://127.0.0.1:$port", url, sandbox.text)
      val results = home.resolve("results")
      val run = ShellRun(
        s"${DocRuns.offline(runShown.command)} -Dtargets.standalone-sandbox.$key.baseUrl=$url -Dsuite.resultsDir=$results",
        home.resolve("run.txt")
      )
      assertEquals(0, run.exitStatus(10 * 60), s"${runShown.where}: `${runShown.command}`:\n${run.text}")
      val (_, summary) = DocRuns.onlyRun(results, run.text)
      assertEquals("standalone-sandbox", summary.run.target, run.text)
      DocRuns.assertPassedWithoutKo(summary, run.text)
      assertTrue(sandbox.isAlive, s"the sandbox serves until Ctrl-C:\n${sandbox.text}")
      sandbox.interrupt()
      val status = sandbox.exitStatus(120)
      assertTrue(sandbox.text.contains("sandbox: served for "), sandbox.text)
      assertTrue(status == 0 || status == 130, s"exit code $status after Ctrl-C:\n${sandbox.text}")
    } finally sandbox.stop()
  }
}

object StandaloneSandboxDocTest {
  private val PortSetting = """-Dsandbox\.([a-z-]+)\.port=[0-9]+""".r
}
