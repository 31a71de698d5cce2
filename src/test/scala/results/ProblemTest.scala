package results

import results.archive.{ StoredProblem, SummaryJson }
import results.gate.SystemVerdicts
import results.model.{ GateCheck, GateVerdict, Metric, Problem, ProblemKind, Verdict }

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** Which system a problem is of is a field of the problem, never read from its words, except once where a
  * stored summary is read back; a run with systems takes its verdict from theirs.
  */
class ProblemTest {
  private val raid = CraftedSummaries.system("raid")
  private val eroll = CraftedSummaries.system("eroll")
  private val run = CraftedSummaries
    .summary("Both", Map(List("raid home") -> ok(100, 200), List("eroll home") -> ok(100, 200)))
    .copy(systems = Seq(raid, eroll))
  private def gate(checks: Seq[GateCheck] = Nil, incomplete: Seq[Problem] = Nil) =
    GateVerdict(checks, Nil, None, incomplete, Nil)

  @Test def aProblemIsTheSystemsItIsOfWhateverItsWordsName(): Unit = {
    val problem = Problem.ofSystem("raid", ProblemKind.UsersNotStarted, "eroll: 3 of the 5 planned users started")
    assertEquals("raid: eroll: 3 of the 5 planned users started", problem.text)
    assertTrue(raid.ownsProblem(problem))
    assertFalse(eroll.ownsProblem(problem), "its words name eroll after raid's key; it is raid's")

    val judged = SystemVerdicts.judged(run, gate(incomplete = Seq(problem)))
    assertEquals(Seq(Some(Verdict.Incomplete), Some(Verdict.Pass)), judged.systems.map(_.verdict))
    assertEquals(Verdict.Incomplete, judged.gate.get.verdict)
  }

  @Test def aMergedRunsProblemReadBackFromSummaryJsonIsItsSystems(): Unit = {
    val problem =
      Problem.ofSystem(
        "raid",
        ProblemKind.JourneysUnfinished,
        "2 of 5 users had not finished their journey when the run ended"
      )
    val merged = run.copy(
      run = run.run.copy(mergedFrom = Seq("run-1", "run-2")),
      completion = run.completion.copy(problems = Seq(problem.ofShard("run-2")))
    )
    val file = Files.createTempFile("summary", ".json")
    try {
      Files.writeString(file, SummaryJson.write(merged))
      assertTrue(
        Files.readString(
          file
        ).contains("\"run-2: raid: 2 of 5 users had not finished their journey when the run ended\""),
        "summary.json keeps the problem's words"
      )
      val read = SummaryJson.read(file).completion.problems
      assertEquals(Seq(problem.ofShard("run-2")), read)
      assertTrue(raid.ownsProblem(read.head) && !eroll.ownsProblem(read.head), read.toString)
    } finally Files.delete(file)
  }

  @Test def storedWordsNoProblemWritesAreKeptAsStored(): Unit = {
    val systems = Seq(raid, eroll)
    val older = StoredProblem.read("users still mid-journey at the time limit", systems, Nil)
    assertEquals(Problem(None, ProblemKind.AsStored, "users still mid-journey at the time limit"), older)
    assertEquals("users still mid-journey at the time limit", older.text)

    val named = StoredProblem.read("run-2: eroll users: an older spelling", systems, Seq("run-2"))
    assertEquals(Some("eroll"), named.system, "a scenario of eroll's names eroll")
    assertEquals(ProblemKind.AsStored, named.kind)
    assertEquals("run-2: eroll users: an older spelling", named.text)

    val notAShard = StoredProblem.read("run-3: raid: 3 of the 5 planned users started", systems, Seq("run-2"))
    assertEquals(Problem(None, ProblemKind.AsStored, "run-3: raid: 3 of the 5 planned users started"), notAShard)
  }

  @Test def aRunWithSystemsIsTheWorstOfThemAndOfItsOwn(): Unit = {
    val raidsCheck = GateCheck(raid.subject, Metric.Percentile(99), Some(200), 100, atMost = true)
    val erollsCheck = GateCheck(eroll.subject, Metric.Percentile(99), Some(200), 1000, atMost = true)
    val failing = SystemVerdicts.judged(run, gate(checks = Seq(raidsCheck, erollsCheck)))
    assertEquals(Seq(Some(Verdict.Fail), Some(Verdict.Pass)), failing.systems.map(_.verdict))
    assertEquals(Some(Verdict.Fail), failing.gate.get.ofSystems, "FAIL because raid is")
    assertEquals(Verdict.Fail, failing.gate.get.verdict)

    val runWide =
      SystemVerdicts.judged(run, gate(checks = Seq(erollsCheck), incomplete = Seq(Problem.StoppedBeforeEnd)))
    assertEquals(Seq(Some(Verdict.Incomplete), Some(Verdict.Incomplete)), runWide.systems.map(_.verdict))
    assertEquals(Verdict.Incomplete, runWide.gate.get.verdict)

    val locks = GateCheck(results.gate.Gate.DuplicateLocksSubject, Metric.DuplicateLockCount, Some(1), 0, atMost = true)
    val ofNoSystem = SystemVerdicts.judged(run, gate(checks = Seq(erollsCheck, locks)))
    assertEquals(Seq(Some(Verdict.Pass), Some(Verdict.Pass)), ofNoSystem.systems.map(_.verdict))
    assertEquals(Verdict.Fail, ofNoSystem.gate.get.verdict, "a check of no system is the run's own")

    val noSystems = SystemVerdicts.judged(run.copy(systems = Nil), gate(checks = Seq(raidsCheck)))
    assertEquals(None, noSystems.gate.get.ofSystems, "a summary without systems is judged on all it holds")
    assertEquals(Verdict.Fail, noSystems.gate.get.verdict)
  }
}
