package docs

import results.archive.SummaryJson
import results.model.RunSummary

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._

import testkit.GatlingProcess

/** What the tests of the docs package share: finding a shown command, and reading the runs it archived. */
object DocRuns {

  /** The commands `file` shows that start with `prefix`, in the file's order; the test fails when there are none. */
  def shownIn(file: String, prefix: String): Seq[ShownCommand] = {
    val found = ShownCommands.all.filter(c => c.file == file && c.command.startsWith(prefix))
    assertTrue(found.nonEmpty, s"$file shows no command starting with '$prefix'")
    found
  }

  /** `mvn` as a test runs it: offline (the build resolved every dependency before its tests), batch mode. */
  def offline(command: String): String = command.replaceFirst("^mvn ", "mvn -o -B ")

  /** The one run archived in `results`, its summary read. */
  def onlyRun(results: Path, output: => String): (Path, RunSummary) = {
    val runs = GatlingProcess.archivedRunsIn(results)
    assertEquals(1, runs.size, s"runs archived in $results: $runs\n$output")
    (runs.head, SummaryJson.read(runs.head.resolve("summary.json")))
  }

  def temporaryFolder(name: String): Path = Files.createTempDirectory(name)

  /** The gate PASS, every request OK. */
  def assertPassedWithoutKo(summary: RunSummary, output: => String): Unit = {
    assertEquals(Some("PASS"), summary.gate.map(_.label), output)
    assertTrue(summary.global.figures.count > 0, output)
    assertEquals(0L, summary.global.figures.ko, output)
  }
}
