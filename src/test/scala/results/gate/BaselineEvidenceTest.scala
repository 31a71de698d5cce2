package results.gate

import results.model.{ CheckRule, Verdict }

import java.util.SplittableRandom

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries

/** A p99 regressed against its baseline only when the two runs' intervals lie apart by more than the policy;
  * samples from seeded lognormal distributions with a planted rise (or none) show each of the three answers.
  */
class BaselineEvidenceTest {
  private val path = List("search")
  private val policy = BaselinePolicy(maxP99IncreasePercent = 10, ignoreBelowMs = 0)

  /** `count` answers of a lognormal whose median is 200 ms times `factor`, drawn with `seed`. */
  private def run(runId: String, count: Int, factor: Double, seed: Long) = {
    val random = new SplittableRandom(seed)
    val times = Seq.fill(count)((200 * factor * math.exp(0.6 * random.nextGaussian())).toInt.max(1))
    CraftedSummaries.summary("Fixture", Map(path -> CraftedSummaries.ok(times: _*)), runId = runId)
  }

  private def change(before: results.model.RunSummary, after: results.model.RunSummary, rule: CheckRule) =
    RunComparison.compare(before, after, policy, rule).rows.find(_.name == "search").flatMap(_.change)

  private val thresholds =
    Thresholds.fromConfig(
      ConfigFactory.parseString("thresholds.baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 0 }"),
      "test.conf",
      "fixture"
    )

  @Test
  def aPlantedRiseOnManySamplesIsARegression(): Unit = {
    val (before, after) = (run("before", 100000, 1.0, 1), run("after", 100000, 1.3, 2))
    assertEquals(Some(BaselineChange.Regressed), change(before, after, CheckRule.Interval))
    val verdict = Gate.evaluate(after, thresholds, Some(before))
    assertEquals(Verdict.Fail, verdict.verdict)
    assertEquals(Seq("search: p99 vs baseline"), verdict.failures.map(_.name))
  }

  @Test
  def aPlantedRiseOnFewSamplesIsNotResolved(): Unit = {
    val (before, after) = (run("before", 50, 1.0, 1), run("after", 50, 1.3, 2))
    assertEquals(Some(BaselineChange.NotResolved), change(before, after, CheckRule.Interval))
    val verdict = Gate.evaluate(after, thresholds, Some(before))
    assertEquals(Verdict.Inconclusive, verdict.verdict, "never a PASS on a rise the samples cannot tell")
    val check = verdict.inconclusive.find(_.name == "search: p99 vs baseline").get
    assertTrue(check.outcome.contains("; not resolved: "), check.outcome)
    assertTrue(check.outcome.contains("from the baseline's interval"), check.outcome)
    val file = java.nio.file.Files.createTempFile("summary-", ".json")
    java.nio.file.Files.writeString(file, results.archive.SummaryJson.write(after.copy(gate = Some(verdict))))
    val stored = results.archive.SummaryJson.read(file).gate.get
    assertEquals(verdict.checks, stored.checks, "summary.json keeps the baseline's range")
    assertEquals(Verdict.Inconclusive, stored.verdict)
    val comparison = RunComparison.compare(before, after, policy)
    val markdown = RunComparison.markdown(comparison)
    assertTrue(markdown.contains("No request's p99 was shown to regress"), markdown)
    assertTrue(markdown.contains("Not resolved: All Requests, search ("), markdown)
    val page = results.render.ComparePage.render(comparison)
    assertTrue(page.contains("""<tr class="inconclusive"><td>search</td>"""), page)
    assertTrue(page.contains("""id="unresolved">Not resolved: All Requests, search"""), page)
    assertTrue(RunComparison.table(comparison).linesIterator.exists(l =>
      l.startsWith("| search |") && l.endsWith("not resolved |")
    ))
  }

  @Test
  def noRiseOnManySamplesIsWithinThePolicy(): Unit = {
    val (before, after) = (run("before", 100000, 1.0, 1), run("after", 100000, 1.0, 2))
    assertEquals(Some(BaselineChange.Within), change(before, after, CheckRule.Interval))
    assertEquals(Verdict.Pass, Gate.evaluate(after, thresholds, Some(before)).verdict)
    assertTrue(RunComparison.markdown(RunComparison.compare(
      before,
      after,
      policy
    )).contains("No request's p99 regressed"))
  }

  @Test
  def thePointEstimateGateComparesOneNumberWithOne(): Unit = {
    val (before, after) = (run("before", 50, 1.0, 1), run("after", 50, 1.3, 2))
    val point = change(before, after, CheckRule.Point)
    assertNotEquals(Some(BaselineChange.NotResolved), point)
    val (b, a) = (before.entry(path).get.figures.p99Ms, after.entry(path).get.figures.p99Ms)
    assertEquals(a > policy.allowedP99(b), point.contains(BaselineChange.Regressed), s"p99 $b ms then $a ms")
  }
}
