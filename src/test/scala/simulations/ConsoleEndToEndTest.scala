package simulations

import java.nio.file.Paths

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.GatlingProcess

/** What a run says last on the console: where its results are kept, not Gatling's working copy. */
class ConsoleEndToEndTest {
  @Test def theLastLinesNameTheArchivedRun(): Unit = {
    // RAiD's smoke run cut to its first 2 s: what it says last does not depend on how long it ran.
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "sandbox.stubs.delay.ms" -> "0",
      "profiles.raid.smoke.duration" -> "1 second"
    )
    assertEquals(0, run.exitStatus(120), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val lines = run.text.linesIterator.filter(_.trim.nonEmpty).toSeq
    val gatlings = lines.lastIndexWhere(_.contains(run.gatlingDir.toString))
    assertTrue(gatlings >= 0, s"Gatling names its own copy:\n${run.text}")
    // The run's folders are under the working folder (target/test-tmp), so the console names them from there, as
    // it names a user's results/.
    val here = Paths.get("").toAbsolutePath
    assertTrue(archived.toAbsolutePath.startsWith(here), s"$archived is under $here")
    assertEquals(
      Seq(
        s"results: this run      ${here.relativize(archived.toAbsolutePath)}/ (Gatling's report index.html, summary.md, summary.json, junit.xml)",
        s"results: every run     ${here.relativize(run.resultsDir.resolve("index.html").toAbsolutePath)}"
      ),
      lines.takeRight(2),
      run.text
    )
    assertTrue(gatlings < lines.size - 2, "after Gatling's own line")
  }
}
