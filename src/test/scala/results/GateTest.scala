package results

import com.typesafe.config.ConfigFactory
import io.gatling.commons.stats.assertion._
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import results.fixtures.CraftedSummaries
import results.fixtures.CraftedSummaries.ok

class GateTest {
  private val search = List("Browse", "search")
  // search: p99 = 99 ms (1..100), 1 KO in 101 = 0.99 %; login: p99 = 990 ms
  private val summary = CraftedSummaries.summary(
    "Fixture",
    Map(search -> (ok(1 to 100: _*) :+ (50 -> false)), List("login") -> ok((1 to 100).map(_ * 10): _*))
  )

  private def thresholds(body: String): Thresholds =
    Thresholds.fromConfig(ConfigFactory.parseString(s"thresholds { $body }"), "test.conf", "fixture")

  @Test
  def passesWhenEveryMeasureIsWithinItsLimit(): Unit = {
    val verdict = Gate.evaluate(
      summary,
      thresholds("""defaults { p99Ms = 1000, maxErrorPercent = 1 }
                   |simulations.fixture.paths { "Browse / search" { p99Ms = 100, p95Ms = 96 }, "login" { minRequestsPerSecond = 10 } }""".stripMargin),
      None
    )
    assertTrue(verdict.passed, verdict.toString)
    assertEquals(
      Seq("All Requests: p99", "All Requests: error %", "Browse / search: p99", "Browse / search: p95", "Browse / search: error %", "login: p99", "login: error %", "login: requests/s"),
      verdict.checks.map(_.name)
    )
  }

  @Test
  def failsOnEachBreachWithMeasuredAndAllowedValues(): Unit = {
    val verdict = Gate.evaluate(
      summary,
      thresholds("""simulations.fixture.paths { "Browse / search" { p99Ms = 98, maxErrorPercent = 0.5 }, "login" { minRequestsPerSecond = 10.1 } }"""),
      None
    )
    assertFalse(verdict.passed)
    assertEquals(
      Seq("Browse / search: p99" -> "measured 99 ms, allowed at most 98 ms", "Browse / search: error %" -> "measured 0.99 %, allowed at most 0.50 %",
        "login: requests/s" -> "measured 10 /s, allowed at least 10.10 /s"),
      verdict.failures.map(f => f.name -> f.outcome)
    )
    val junit = JUnitReport.render(summary, verdict)
    assertTrue(junit.contains("""<failure message="measured 99 ms, allowed at most 98 ms""""), junit)
    assertEquals(3, "<failure ".r.findAllIn(junit).size)
  }

  @Test
  def aThresholdForARequestThatNeverRanIsAWarningNamingIt(): Unit = {
    val verdict = Gate.evaluate(summary, thresholds("""simulations.fixture.paths { "Browse / checkout" { p99Ms = 1 } }"""), None)
    assertTrue(verdict.passed, "a path that never ran does not fail the gate")
    assertTrue(verdict.checks.filter(_.subject == "Browse / checkout").forall(_.skipped))
    assertEquals(1, verdict.warnings.count(_.contains("'Browse / checkout'")), verdict.warnings.toString)
    assertTrue(JUnitReport.render(summary, verdict).contains("<skipped message=\"skipped: 'Browse / checkout' never ran\"/>"))
  }

  @Test
  def baselineRegressionFailsBeyondTheMargin(): Unit = {
    val baseline = CraftedSummaries.summary("Fixture", Map(search -> ok(1 to 100: _*), List("login") -> ok((1 to 100).map(_ * 8): _*)), runId = "before")
    // search 99 ms vs 99 ms: unchanged; login p99 990 ms vs 792 ms: +25 % > 10 %
    val verdict = Gate.evaluate(summary, thresholds("baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 0 }"), Some(baseline))
    assertEquals(Seq("login: p99 vs baseline"), verdict.failures.map(_.name))
    assertEquals(792 * 1.1, verdict.failures.head.allowed, 1e-9)
    assertEquals(Some("before"), verdict.baselineRun)
    val table = RunComparison.table(RunComparison.compare(baseline, summary, BaselinePolicy(10, 0)))
    assertTrue(table.linesIterator.exists(line => line.startsWith("| login |") && line.contains("+25.0%") && line.endsWith("REGRESSION |")), table)
    val console = ConsoleSummary.comparisonTable(RunComparison.compare(baseline, summary, BaselinePolicy(10, 0)))
    assertTrue(console.linesIterator.exists(line => line.startsWith("login ") && line.contains("+25.0%") && line.endsWith("  REGRESSION")), console)
    assertTrue(Gate.evaluate(summary, thresholds("baseline { maxP99IncreasePercent = 30 }"), Some(baseline)).passed)
  }

  @Test
  def aBaselineOfAnotherSimulationIsRefused(): Unit = {
    val other = CraftedSummaries.summary("Eol", Map(search -> ok(1, 2, 3)), runId = "eol-run")
    val error = assertThrows(classOf[ResultsException], () => Gate.evaluate(summary, thresholds(""), Some(other)))
    assertEquals("baseline eol-run is a run of Eol, not of Fixture: choose a run of the same simulation", error.getMessage)
  }

  @Test
  def thresholdsBecomeTheSameGatlingAssertions(): Unit = {
    val assertions = thresholds("""defaults { p99Ms = 5000, maxErrorPercent = 1 }
                                  |simulations.fixture.paths { "Browse / search" { p95Ms = 300, minRequestsPerSecond = 2 } }""".stripMargin).assertions
    val p99 = Target.Time(TimeMetric.ResponseTime, Stat.Percentile(99))
    val details = AssertionPath.Details(search)
    assertEquals(
      Seq(
        Assertion(AssertionPath.Global, p99, Condition.Lte(5000)),
        Assertion(AssertionPath.Global, Target.Percent(CountMetric.FailedRequests), Condition.Lte(1)),
        Assertion(details, p99, Condition.Lte(5000)),
        Assertion(details, Target.Time(TimeMetric.ResponseTime, Stat.Percentile(95)), Condition.Lte(300)),
        Assertion(details, Target.Percent(CountMetric.FailedRequests), Condition.Lte(1)),
        Assertion(details, Target.MeanRequestsPerSecond, Condition.Gte(2))
      ),
      assertions
    )
  }

  @Test
  def malformedThresholdsAreOneLineErrorsNamingTheKey(): Unit = {
    def error(body: String): String = assertThrows(classOf[ResultsException], () => thresholds(body)).getMessage
    assertEquals("thresholds: test.conf: thresholds.defaults.p99Ms must be a number, got 'fast'", error("defaults { p99Ms = fast }"))
    assertEquals(
      "thresholds: test.conf: thresholds.simulations.fixture.paths.\"login\".p99ms is not a known limit (maxErrorPercent, minRequestsPerSecond, p90Ms, p95Ms, p99Ms)",
      error("simulations.fixture.paths { login { p99ms = 3 } }")
    )
    assertEquals("thresholds: test.conf: thresholds.defaults.maxErrorPercent must not be negative, got -1.0", error("defaults.maxErrorPercent = -1"))
    assertEquals("thresholds: test.conf: thresholds.baseline.ignoreBelowMs must not be negative, got -5", error("baseline.ignoreBelowMs = -5"))
    assertEquals("thresholds: test.conf: thresholds.baseline.maxP99IncreasePercent must not be negative, got -1.0", error("baseline.maxP99IncreasePercent = -1"))
    val file = results.fixtures.FixtureRun.writeTemp("broken", "thresholds { defaults { p99Ms = 5 ")
    val syntax = assertThrows(classOf[ResultsException], () => Thresholds.load("fixture", Some(file))).getMessage
    assertTrue(syntax.startsWith(s"thresholds: cannot parse $file:") && !syntax.contains("\n"), syntax)
    val missing = assertThrows(classOf[ResultsException], () => Thresholds.load("fixture", Some(file.resolveSibling("absent.conf")))).getMessage
    assertTrue(missing.startsWith("thresholds: no file "), missing)
  }

  @Test
  def theShippedThresholdsLoad(): Unit = {
    val raid = Thresholds.load("raid", None)
    assertEquals(Some(5000), raid.global.p99Ms)
    assertEquals(Some(8000), raid.paths.toMap.get(List("mint raid")).flatMap(_.p99Ms))
    assertEquals(Some(1.0), raid.paths.toMap.get(List("mint raid")).flatMap(_.maxErrorPercent), "defaults fill what a path leaves out")
  }
}
