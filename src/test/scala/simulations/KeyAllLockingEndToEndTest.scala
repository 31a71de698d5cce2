package simulations

import results.gate.Gate
import results.summarize.ResultsSettings

import java.nio.file.Files
import java.util.concurrent.atomic.AtomicReference

import keyall.KeyAll
import keyall.standin.{ KeyAllStandIn, KeyAllStandInHandler }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.{ PostRun, RunFolders, RunOutcome }
import sandbox.{ StandIn, StandInContext, StandInHandler }
import testkit.{ SandboxTestKit, SimulationRuns }

/** The point of the Key All run: 300 staff users in 3 s without think time (profile `lock-race`) against
  * the stand-in on a real PostgreSQL. With `skip-locked` no form goes to two users and the gate passes;
  * with `racy` the race really happens, and the results step finds exactly the forms the database's own
  * lock log shows given to more than one user. The sandbox runs beside the simulation (target
  * `standalone-sandbox`), so the test can query its database after the run.
  */
class KeyAllLockingEndToEndTest {
  import KeyAllLockingEndToEndTest.RaceRun

  private def race(lockMode: String): RaceRun = {
    val started = new AtomicReference[KeyAllStandInHandler]
    val capturing = new StandIn {
      override def start(context: StandInContext): StandInHandler = {
        val handler = KeyAllStandIn.start(context)
        started.set(handler)
        handler
      }
    }
    val seed = Seq("DET", "SVD", "EROE5").map(q => s"sandbox.key-all.seed.$q.forms = 20000").mkString("\n")
    SandboxTestKit.withSandbox(s"sandbox.key-all.lockMode = $lockMode\n$seed", KeyAll.key -> capturing) { sandbox =>
      val run = SimulationRuns.run(
        classOf[KeyAllSimulation],
        "target" -> "standalone-sandbox",
        s"targets.standalone-sandbox.${KeyAll.key}.baseUrl" -> sandbox.baseUrls(KeyAll.key),
        "profile" -> "lock-race"
      )
      val resultsRoot = Files.createTempDirectory("keyall-results-")
      // The gate on correctness alone: no failed request, and no form given twice. Latency on this shared
      // machine, 300 users at once without think time, is not what this test is about.
      val thresholds = resultsRoot.resolve("correctness-thresholds.conf")
      Files.writeString(
        thresholds,
        "thresholds { defaults { maxErrorPercent = 0 }, baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 10 } }"
      )
      val context = RunFolders.contextFromLog(run.runDir).copy(systems = Seq(KeyAll.key))
      val outcome = PostRun.process(run.runDir, resultsRoot, context, ResultsSettings.load(), Some(thresholds))
      RaceRun(outcome, started.get.database.formsLockedByMoreThanOne())
    }
  }

  @Test def skipLockedNeverGivesAFormToTwoUsers(): Unit = {
    val run = race("skip-locked")
    val summary = run.outcome.summary.getOrElse(fail(s"no summary: ${run.outcome.error}"))
    assertEquals(300L, summary.completion.startedUsers, "300 users")
    assertEquals(Some(0L), summary.duplicateLocks.map(_.count), "no duplicates")
    assertEquals(0L, run.databaseDuplicates, "the database agrees")
    assertTrue(run.outcome.passed, s"the gate passes: ${run.outcome.verdict.map(_.failures)}")
  }

  @Test def racyLockingIsCaughtAndCountedAsTheDatabaseShows(): Unit = {
    val run = race("racy")
    val summary = run.outcome.summary.getOrElse(fail(s"no summary: ${run.outcome.error}"))
    val duplicates = summary.duplicateLocks.getOrElse(fail("no duplicateLocks in the summary"))
    assertTrue(duplicates.count > 0, "the race gave some forms to two users")
    assertEquals(run.databaseDuplicates, duplicates.count, "as many as the database's lock log shows")
    assertTrue(
      duplicates.examples.forall(_.claimants.size > 1),
      s"each example names its users: ${duplicates.examples}"
    )
    val verdict = run.outcome.verdict.getOrElse(fail("no verdict"))
    assertEquals("FAIL", verdict.label)
    assertEquals(
      Seq(s"${Gate.DuplicateLocksSubject}: count"),
      verdict.failures.map(_.name),
      "failed on duplicates alone"
    )
    val archived = run.outcome.archivedRunDir
    assertTrue(Files.readString(archived.resolve("summary.json")).contains("\"duplicateLocks\""), "summary.json")
    assertTrue(Files.readString(archived.resolve("summary.md")).contains("## Duplicate locks"), "summary.md")
    assertTrue(
      """(?s)name="Duplicate locks: count"[^>]*>((?!</testcase>).)*<failure""".r
        .findFirstIn(Files.readString(archived.resolve("junit.xml")))
        .nonEmpty,
      "junit.xml: the duplicate-locks case fails"
    )
  }
}

object KeyAllLockingEndToEndTest {
  private final case class RaceRun(outcome: RunOutcome, databaseDuplicates: Long)
}
