package docs

import config.FailFast

import java.nio.file.{ Files, Path }

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ Tag, Test }

/** A misspelt -D key stops the programs a user starts besides a simulation, as docs/sandbox.md and docs/results-cli.md start them (Maven's
  * exec:java, offline): the standalone sandbox before it serves (one line, exit code 3, as its other bad input)
  * and the results CLI before it reads or writes anything (one `results: ERROR` line, exit code 2, its code for
  * bad input). The pom has exec:java block System.exit: Maven exits 1 and names the program's code.
  */
@Tag("docs")
class UnknownSettingDocTest {
  private val home = DocRuns.temporaryFolder("unknown-setting-")

  /** The lines that start with `prefix` once Maven's colour codes (written even with -B) are taken out. */
  private def linesFrom(text: String, prefix: String): List[String] =
    text.replaceAll("\u001b\\[[0-9;]*m", "").linesIterator.filter(_.startsWith(prefix)).toList

  private def assertExited(code: Int, run: ShellRun, seconds: Int): Unit = {
    assertEquals(1, run.exitStatus(seconds), run.text)
    assertTrue(run.text.contains(s"System::exit was called with return code $code"), run.text)
  }

  @Test def theStandaloneSandboxRefusesAMisspeltKeyBeforeItServes(): Unit = {
    val shown =
      DocRuns.shownIn("docs/sandbox.md", "mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox")
    val sandbox = ShellRun(
      s"${DocRuns.offline(shown.head.command)} -Dsandbox.stubs.delay.mss=0",
      home.resolve("sandbox.txt")
    )
    try {
      // Bounded: a sandbox that started anyway serves until stopped.
      val deadline = System.nanoTime() + 5 * 60 * 1000000000L
      while (sandbox.isAlive && !sandbox.text.contains("Ctrl-C stops.") && System.nanoTime() < deadline)
        Thread.sleep(200)
      assertFalse(sandbox.text.contains("Ctrl-C stops."), s"the sandbox served:\n${sandbox.text}")
      assertExited(FailFast.InputErrorExitCode, sandbox, 60)
      assertEquals(
        List("ERROR: unknown setting 'sandbox.stubs.delay.mss'; did you mean 'sandbox.stubs.delay.ms'?"),
        linesFrom(sandbox.text, "ERROR:"),
        sandbox.text
      )
    } finally sandbox.stop()
  }

  @Test def theResultsCliRefusesAMisspeltKeyAndLeavesResultsAsTheyWere(): Unit = {
    val cli = DocRuns.shownIn("docs/results-cli.md", "CLI='").head
    val index = DocRuns.shownIn("docs/results-cli.md", "$CLI -Dexec.args=\"index\"").head
    val results = Files.createDirectories(home.resolve("results"))
    Files.writeString(Files.createDirectories(results.resolve("raidsimulation-1")).resolve("simulation.log"), "kept\n")
    val before = contents(results)
    val run = ShellRun(
      s"${cli.command.replace("CLI='mvn ", "CLI='mvn -o -B ")}; " +
        index.command.replace("-Dexec.args=\"index\"", s"""-Dexec.args="index --results $results"""") +
        " -Dresults.baselin=last-passing",
      home.resolve("cli.txt")
    )
    assertExited(2, run, 5 * 60)
    assertEquals(
      List("results: ERROR unknown setting 'results.baselin'; did you mean 'results.baseline'?"),
      linesFrom(run.text, "results: ERROR"),
      run.text
    )
    assertEquals(before, contents(results), "results/ as it was: no index.html, nothing lost")
  }

  private def contents(folder: Path): Map[String, String] =
    Using.resource(Files.walk(folder))(
      _.iterator.asScala.filter(Files.isRegularFile(_)).map(f => folder.relativize(f).toString -> Files.readString(f))
        .toMap
    )
}
