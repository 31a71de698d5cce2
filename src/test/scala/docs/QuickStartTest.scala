package docs

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ Tag, Test }
import simulations.Systems

/** The README's first Quick start command, `mvn gatling:test`, run as shown (offline, its run archived to a
  * folder of the test's own instead of results/, and judged by time limits no busy machine breaks, as the
  * latencies of a smoke run on a shared machine are the machine's): the main job, every journey at smoke scale
  * against the built-in sandbox, archived with a PASS, no KO and every system's figures.
  */
@Tag("docs")
class QuickStartTest {
  @Test def theMainJobRunsEveryJourneyAtSmokeScale(): Unit = {
    val shown = DocRuns.shownIn("README.md", "mvn gatling:test").head
    assertEquals("mvn gatling:test", shown.command, s"${shown.where}: the Quick start's first command")
    val home = DocRuns.temporaryFolder("quick-start-")
    val results = home.resolve("results")
    val thresholds = Files.writeString(
      home.resolve("thresholds.conf"),
      "thresholds { defaults { p99Ms = 120000, maxErrorPercent = 0 } }"
    )
    val run = ShellRun(
      s"${DocRuns.offline(shown.command)} -Dsuite.resultsDir=$results -Dthresholds=$thresholds",
      home.resolve("output.txt")
    )
    val status = run.exitStatus(15 * 60)
    assertEquals(0, status, s"${shown.where}: `${shown.command}`:\n${run.text}")
    val (folder, summary) = DocRuns.onlyRun(results, run.text)
    assertTrue(folder.getFileName.toString.startsWith("mainsimulation-"), folder.toString)
    // The run's profile names each system's when they differ: eForms' smoke is its normal profile compressed.
    val profiles = summary.run.profile.split(", ").map(_.split(": ", 2)).collect { case Array(k, p) => k -> p }.toMap
    assertEquals(summary.run.systems.toSet, profiles.keySet, summary.run.profile)
    assertTrue(profiles.values.forall(_.startsWith("smoke")), summary.run.profile)
    assertEquals(Systems.mainJob.map(_.key).sorted, summary.run.systems.sorted, run.text)
    DocRuns.assertPassedWithoutKo(summary, run.text)
    assertTrue(run.text.contains(s"results: gate PASS for ${folder.getFileName}"), run.text)
  }
}
