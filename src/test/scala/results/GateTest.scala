package results

import results.archive.SummaryJson
import results.gate.{ BaselinePolicy, Gate, RunComparison, Thresholds }
import results.model.{ CheckRule, ErrorCount, Verdict }
import results.render.{ ComparePage, ConsoleSummary, JUnitReport }

import com.typesafe.config.ConfigFactory
import io.gatling.commons.stats.assertion._
import io.gatling.core.config.GatlingConfiguration
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok
import config.InputError

class GateTest {
  private val search = List("Browse", "search")
  // search: p99 = 99 ms (1..100), 1 KO in 101 = 0.99 %; login: p99 = 990 ms
  private val summary = CraftedSummaries.summary(
    "Fixture",
    Map(search -> (ok(1 to 100: _*) :+ (50 -> false)), List("login") -> ok((1 to 100).map(_ * 10): _*))
  )

  @Test def errorsOnTheInjectorsSideMakeTheRunInvalidNotAFailOfTheTarget(): Unit = {
    val errors = Seq(
      ErrorCount("i.n.c.u.Errors$NativeIoException: newSocketStream(..) failed: Too many open files", 11101),
      ErrorCount("j.n.ConnectException: connect(..) failed: Cannot assign requested address", 7),
      ErrorCount("status.find.is(200), but actually found 503", 40),
      ErrorCount("i.n.c.ConnectTimeoutException: connection timed out: /127.0.0.1:18080", 28418)
    )
    val verdict = Gate.evaluate(summary.copy(errors = errors), thresholds("defaults { p99Ms = 1000 }"), None)
    assertEquals(
      Seq(
        "injector out of file descriptors: 11,101 requests failed on the injector's side (Too many open files)",
        "injector out of local ports: 7 requests failed on the injector's side (Cannot assign requested address)"
      ),
      verdict.invalid.map(_.text)
    )
    assertEquals(Verdict.Invalid, verdict.verdict)
    assertEquals(Nil, Gate.evaluate(summary.copy(errors = errors.drop(2)), thresholds(""), None).invalid)
  }

  @Test def anInProcessSandboxThatRanOutMakesTheRunInvalidAndSaysSoInItsSummary(): Unit = {
    val reason = "sandbox out of file descriptors: the raid stand-in had 290 connections refused in 1 episode " +
      "(the sandbox's limit on this machine, not the target's)"
    val file = java.nio.file.Files.createTempFile("summary-", ".json")
    java.nio.file.Files.writeString(file, SummaryJson.write(summary.copy(sandboxExhaustion = Seq(reason))))
    val verdict = Gate.evaluate(SummaryJson.read(file), thresholds(""), None)
    assertEquals(Seq(reason), verdict.invalid.map(_.text))
    assertEquals(Verdict.Invalid, verdict.verdict)
  }

  private def thresholds(body: String): Thresholds =
    Thresholds.fromConfig(ConfigFactory.parseString(s"thresholds { $body }"), "test.conf", "fixture")

  // The point-estimate gate (results.intervals.gate = false) judges each percentile of these 100 samples as one
  // number; IntervalGateTest judges them by their intervals.
  @Test
  def passesWhenEveryMeasureIsWithinItsLimit(): Unit = {
    val verdict = Gate.evaluate(
      summary,
      thresholds(
        """defaults { p99Ms = 1000, maxErrorPercent = 1 }
                   |simulations.fixture.paths { "Browse / search" { p99Ms = 100, p95Ms = 96 }, "login" { minRequestsPerSecond = 10 } }""".stripMargin
      ),
      None,
      pointEstimates = true
    )
    assertTrue(verdict.passed, verdict.toString)
    assertEquals(
      Seq(
        "All Requests: p99",
        "All Requests: error %",
        "Browse / search: p99",
        "Browse / search: p95",
        "Browse / search: error %",
        "login: p99",
        "login: error %",
        "login: requests/s"
      ),
      verdict.checks.map(_.name)
    )
  }

  @Test
  def failsOnEachBreachWithMeasuredAndAllowedValues(): Unit = {
    val verdict = Gate.evaluate(
      summary,
      thresholds(
        """simulations.fixture.paths { "Browse / search" { p99Ms = 98, maxErrorPercent = 0.5 }, "login" { minRequestsPerSecond = 10.1 } }"""
      ),
      None,
      pointEstimates = true
    )
    assertFalse(verdict.passed)
    assertEquals(
      Seq(
        "Browse / search: p99" -> "measured 99 ms (interval 97-? ms), allowed at most 98 ms",
        "Browse / search: error %" -> "measured 0.99 %, allowed at most 0.50 %",
        "login: requests/s" -> "measured 10 /s, allowed at least 10.10 /s"
      ),
      verdict.failures.map(f => f.name -> f.outcome)
    )
    val junit = JUnitReport.render(summary, verdict)
    assertTrue(junit.contains("""<failure message="measured 99 ms (interval 97-? ms), allowed at most 98 ms""""), junit)
    assertEquals(3, "<failure ".r.findAllIn(junit).size)
  }

  @Test
  def aThresholdForAPathThatNeverRanFailsTheGateNamingIt(): Unit = {
    // Gatling's own assertion fails on such a path too: one verdict, FAIL, everywhere.
    val verdict = Gate.evaluate(
      summary,
      thresholds("""simulations.fixture.paths { "Browse / checkout" { p99Ms = 100000 } }"""),
      None
    )
    assertFalse(verdict.passed, "a path that never ran fails the gate")
    assertEquals(
      Seq("Browse / checkout: p99" -> "'Browse / checkout' never ran"),
      verdict.failures.map(f => f.name -> f.outcome)
    )
    val junit = JUnitReport.render(summary, verdict)
    assertTrue(junit.contains("<failure message=\"'Browse / checkout' never ran\""), junit)
    assertFalse(junit.contains("<skipped"), junit)
  }

  // These 100 samples bound no p99 from above: judged as one number each (BaselineEvidenceTest judges intervals).
  @Test
  def baselineRegressionFailsBeyondTheMargin(): Unit = {
    val baseline = CraftedSummaries.summary(
      "Fixture",
      Map(search -> ok(1 to 100: _*), List("login") -> ok((1 to 100).map(_ * 8): _*)),
      runId = "before"
    )
    // search 99 ms vs 99 ms: unchanged; login p99 990 ms vs 792 ms: +25 % > 10 %
    val verdict =
      Gate.evaluate(
        summary,
        thresholds("baseline { maxP99IncreasePercent = 10, ignoreBelowMs = 0 }"),
        Some(baseline),
        pointEstimates = true
      )
    assertEquals(Seq("login: p99 vs baseline"), verdict.failures.map(_.name))
    assertEquals(792 * 1.1, verdict.failures.head.allowed, 1e-9)
    assertEquals(Some("before"), verdict.baselineRun)
    val table = RunComparison.table(RunComparison.compare(baseline, summary, BaselinePolicy(10, 0), CheckRule.Point))
    assertTrue(
      table.linesIterator.exists(line =>
        line.startsWith("| login |") && line.contains("+25.0%") && line.endsWith("REGRESSION |")
      ),
      table
    )
    val console =
      ConsoleSummary.comparisonTable(RunComparison.compare(baseline, summary, BaselinePolicy(10, 0), CheckRule.Point))
    assertTrue(
      console.linesIterator.exists(line =>
        line.startsWith("login ") && line.contains("+25.0%") && line.endsWith("  REGRESSION")
      ),
      console
    )
    assertTrue(
      Gate.evaluate(
        summary,
        thresholds("baseline { maxP99IncreasePercent = 30 }"),
        Some(baseline),
        pointEstimates = true
      )
        .passed
    )
  }

  /** compare.html marks the rows the comparison found regressed, whatever a request is named. */
  @Test
  def theComparePageMarksTheRowsThatRegressed(): Unit = {
    val named = List("REGRESSION")
    val before = CraftedSummaries.summary(
      "Fixture",
      Map(named -> ok(1 to 100: _*), List("login") -> ok(1 to 100: _*)),
      runId = "before"
    )
    val after = CraftedSummaries.summary(
      "Fixture",
      Map(named -> ok(1 to 100: _*), List("login") -> ok((1 to 100).map(_ * 8): _*)),
      runId = "after"
    )
    val comparison = RunComparison.compare(before, after, BaselinePolicy(10, 0), CheckRule.Point)
    val page = ComparePage.render(comparison)
    val marked = """<tr class="fail"><td>([^<]*)</td>""".r.findAllMatchIn(page).map(_.group(1)).toSeq
    assertEquals(comparison.rows.filter(_.regression).map(_.name), marked, page)
    assertTrue(marked.contains("login"), page)
    assertFalse(marked.contains("REGRESSION"), page)
  }

  @Test
  def aBaselineOfAnotherSimulationIsRefused(): Unit = {
    val other = CraftedSummaries.summary("Eol", Map(search -> ok(1, 2, 3)), runId = "eol-run")
    val error = assertThrows(classOf[InputError], () => Gate.evaluate(summary, thresholds(""), Some(other)))
    assertEquals(
      "baseline eol-run is a run of Eol, not of Fixture: choose a run of the same simulation",
      error.getMessage
    )
  }

  @Test
  def thresholdsBecomeTheSameGatlingAssertions(): Unit = {
    implicit val configuration: GatlingConfiguration = GatlingConfiguration.load()
    val limits = thresholds(
      """defaults { p99Ms = 5000, maxErrorPercent = 1 }
                                  |simulations.fixture.paths { "Browse / search" { p95Ms = 300, minRequestsPerSecond = 2 } }""".stripMargin
    )
    val assertions = limits.assertions(pointEstimates = true)
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
    // judged by their intervals, percentiles are the results step's alone: Gatling would judge them as one number
    assertEquals(
      assertions.filterNot(a => a.target.isInstanceOf[Target.Time]),
      limits.assertions(pointEstimates = false)
    )
  }

  @Test
  def malformedThresholdsAreOneLineErrorsNamingTheKey(): Unit = {
    def error(body: String): String = assertThrows(classOf[InputError], () => thresholds(body)).getMessage
    assertEquals(
      "test.conf: thresholds.defaults.p99Ms: must be a number (was 'fast')",
      error("defaults { p99Ms = fast }")
    )
    assertEquals(
      "test.conf: thresholds.simulations.fixture.paths.login.p99ms: unknown limit (known: maxErrorPercent, minRequestsPerSecond, p90Ms, p95Ms, p99Ms)",
      error("simulations.fixture.paths { login { p99ms = 3 } }")
    )
    assertEquals(
      "test.conf: thresholds.simulations.fixture.paths.\"v1.search\".p99ms: unknown limit (known: maxErrorPercent, minRequestsPerSecond, p90Ms, p95Ms, p99Ms)",
      error("simulations.fixture.paths { \"v1.search\" { p99ms = 3 } }"),
      "a path's name is quoted in the key where it must be"
    )
    Seq(" / search", "Browse / ").foreach { path =>
      assertEquals(
        s"test.conf: thresholds.simulations.fixture.paths.\"$path\": must be a request or group path (names joined by ' / ')",
        error(s"simulations.fixture.paths { \"$path\" { p99Ms = 3 } }")
      )
    }
    assertEquals(
      "test.conf: thresholds.simulations.fixture.globals: unknown key (known: capacity, global, paths)",
      error("simulations.fixture.globals { p99Ms = 1 }")
    )
    assertEquals(
      "test.conf: thresholds.simulations.fixture.capacity.minHeadrom: unknown key (known: minHeadroom)",
      error("simulations.fixture.capacity.minHeadrom = 2")
    )
    assertEquals(
      "test.conf: thresholds.capacity.minHeadroom: must be greater than 0 (was 0)",
      error("capacity.minHeadroom = 0")
    )
    assertEquals(
      "test.conf: thresholds.simulations.fixture.global: must be a block",
      error("simulations.fixture.global = 1")
    )
    assertEquals(
      "test.conf: thresholds.defaults.maxErrorPercent: must be at least 0 (was -1)",
      error("defaults.maxErrorPercent = -1")
    )
    assertEquals("test.conf: thresholds.defaults.p90Ms: must be at least 0 (was -0.5)", error("defaults.p90Ms = -0.5"))
    assertEquals(
      "test.conf: thresholds.baseline.ignoreBelowMs: must be at least 0 (was -5)",
      error("baseline.ignoreBelowMs = -5")
    )
    assertEquals(
      "test.conf: thresholds.baseline.ignoreBelowMs: must be a whole number (was 'ten')",
      error("baseline.ignoreBelowMs = ten")
    )
    assertEquals(
      "test.conf: thresholds.baseline.maxP99IncreasePercent: must be at least 0 (was -1)",
      error("baseline.maxP99IncreasePercent = -1")
    )
    assertEquals(
      "test.conf: thresholds: missing",
      assertThrows(
        classOf[InputError],
        () => Thresholds.fromConfig(ConfigFactory.empty(), "test.conf", "fixture")
      ).getMessage
    )
    assertEquals(
      Seq("test.conf: thresholds.simulations.other: missing; only the defaults apply"),
      Thresholds.fromConfig(
        ConfigFactory.parseString("thresholds { defaults { p99Ms = 5 } }"),
        "test.conf",
        "other"
      ).warnings
    )
    val file = testkit.FixtureRun.writeTemp("broken", "thresholds { defaults { p99Ms = 5 ")
    val syntax =
      assertThrows(classOf[InputError], () => Thresholds.load(Seq("fixture"), Some(file), Map.empty)).getMessage
    assertEquals(s"$file: cannot parse line 1: Expecting close brace } or a comma, got end of file", syntax)
    val absent = file.resolveSibling("absent.conf")
    val missing =
      assertThrows(classOf[InputError], () => Thresholds.load(Seq("fixture"), Some(absent), Map.empty)).getMessage
    assertEquals(s"$absent: not found (named by -Dthresholds or --thresholds)", missing)
  }

  @Test
  def severalSystemsTogetherGetWhatTheirGlobalLimitsImply(): Unit = {
    def global(body: String) =
      Thresholds.fromConfig(ConfigFactory.parseString(s"thresholds { $body }"), "t", "a").global
    val slow = global("defaults { p99Ms = 5000, maxErrorPercent = 1, minRequestsPerSecond = 10 }")
    val fast = global("defaults { p99Ms = 3000, p95Ms = 2000, maxErrorPercent = 0.5, minRequestsPerSecond = 20 }")
    val both = slow.together(fast)
    assertEquals(Some(5000), both.p99Ms, "the slower system's ceiling")
    assertEquals(None, both.p95Ms, "a ceiling only one system has bounds nothing together")
    assertEquals(Some(1.0), both.maxErrorPercent)
    assertEquals(Some(20.0), both.minRequestsPerSecond, "the higher floor")
  }

  @Test
  def theShippedThresholdsLoad(): Unit = {
    val raid = Thresholds.load(Seq("raid"), None, Map.empty)
    assertEquals(Some(5000), raid.global.p99Ms)
    assertEquals(Some(8000), raid.paths.toMap.get(List("mint raid")).flatMap(_.p99Ms))
    assertEquals(
      Some(1.0),
      raid.paths.toMap.get(List("mint raid")).flatMap(_.maxErrorPercent),
      "defaults fill what a path leaves out"
    )
  }
}
