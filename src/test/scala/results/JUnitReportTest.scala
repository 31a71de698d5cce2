package results

import results.model.{ EarlyStopRecord, GateCheck, GateVerdict, Metric, Problem, ProblemKind, Verdict }
import results.render.JUnitReport

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** junit.xml counts every way a run can fail its gate as a failed test case, not only broken thresholds. */
class JUnitReportTest {
  private val check = GateCheck("All Requests", Metric.Percentile(99), Some(120), 5000, atMost = true)
  private def verdict(incomplete: Seq[Problem] = Nil, invalid: Seq[Problem] = Nil, stoppedEarly: Seq[Problem] = Nil) =
    GateVerdict(Seq(check), Nil, None, incomplete, invalid, stoppedEarly)
  private def render(v: GateVerdict) =
    JUnitReport.render(Seq("simulation" -> "Fixture", "runId" -> "fixture-1"), 0L, Nil, v)
  private def failures(junit: String) =
    """<testsuite [^>]*failures="(\d+)"""".r.findFirstMatchIn(junit).map(_.group(1).toInt).get

  @Test def aPassingRunHasNoFailures(): Unit = {
    val junit = render(verdict())
    assertEquals(0, failures(junit), junit)
    assertTrue(junit.contains("""name="the injector was not the bottleneck" time="0"></testcase>"""), junit)
  }

  @Test def aPassingCheckCarriesItsMeasuredValueAndLimit(): Unit = {
    val junit = render(verdict())
    assertTrue(
      junit.contains(
        """<testcase classname="gate.Fixture" name="All Requests: p99" time="0"><properties>""" +
          """<property name="measured" value="120"/><property name="limit" value="at most 5000"/>""" +
          """<property name="unit" value="ms"/><property name="result" value="passed"/></properties>""" +
          """<system-out>All Requests: p99: measured 120 ms, allowed at most 5000 ms</system-out></testcase>"""
      ),
      junit
    )
  }

  @Test def theSuiteCarriesWhatWasRun(): Unit = {
    val summary = testkit.CraftedSummaries.summary("Fixture", Map(List("home") -> testkit.CraftedSummaries.ok(5)))
    val run = summary.run.copy(overrides = Map("scale" -> "0.5", "sandbox.stubs.delay.ms" -> "0"), gitCommit = "abc123")
    val junit = JUnitReport.render(summary.copy(run = run), verdict())
    Seq(
      "simulation" -> "Fixture",
      "runId" -> "crafted",
      "verdict" -> "PASS",
      "target" -> "loopback",
      "profile" -> "smoke",
      "shard" -> "1/1",
      "commit" -> "abc123",
      "overrides" -> "sandbox.stubs.delay.ms=0 scale=0.5",
      "override.scale" -> "0.5",
      "simulationClass" -> "crafted.Fixture"
    ).foreach { case (name, value) =>
      assertTrue(junit.contains(s"""<property name="$name" value="$value"/>"""), s"$name in $junit")
    }
    assertTrue(junit.indexOf("<properties>") < junit.indexOf("<testcase"), "the suite's properties come first")
  }

  @Test def aFailedCheckSaysWhy(): Unit = {
    val broken = check.copy(measured = Some(6000))
    val junit = render(GateVerdict(Seq(broken), Nil, None, Nil, Nil))
    assertEquals(1, failures(junit), junit)
    assertTrue(
      junit.contains(
        """<failure message="measured 6000 ms, allowed at most 5000 ms" type="threshold">All Requests: p99: measured 6000 ms"""
      ),
      junit
    )
    assertTrue(junit.contains("""<property name="measured" value="6000"/>"""), junit)
  }

  @Test def anInvalidRunFailsTheInjectorCase(): Unit = {
    val reason = "injector saturated: its JVM spent 40 % of the run in garbage collection (limit 10 %)"
    val junit = render(verdict(invalid = Seq(Problem.ofRun(ProblemKind.InjectorSaturated, reason))))
    assertEquals(1, failures(junit), junit)
    assertTrue(
      junit.contains(
        s"""name="the injector was not the bottleneck" time="0"><failure message="$reason" type="invalid">"""
      ),
      junit
    )
  }

  @Test def anIncompleteRunFailsTheCompletionCase(): Unit = {
    val junit =
      render(verdict(incomplete = Seq(Problem.ofRun(ProblemKind.UsersNotStarted, "3 of the 10 planned users started"))))
    assertEquals(1, failures(junit), junit)
    assertTrue(junit.contains("""type="incomplete">3 of the 10 planned users started</failure>"""), junit)
  }

  @Test def aRunStoppedEarlyFailsAsFailNotIncomplete(): Unit = {
    val stop = EarlyStopRecord("server error %", 80, 50, " %", 30000, 120, 42500)
    val v = verdict(
      incomplete = Seq(Problem.ofRun(ProblemKind.UsersNotStarted, "12 of the 60 planned users started")),
      stoppedEarly = Seq(Problem.ofRun(ProblemKind.StoppedEarly, stop.describe))
    )
    assertEquals(Verdict.Fail, v.verdict, "the stop left the plan unfinished: the verdict is the stop's")
    assertEquals(
      Verdict.Fail,
      v.copy(invalid = Seq(Problem.ofRun(ProblemKind.InjectorSaturated, "injector saturated: ..."))).verdict
    )
    assertFalse(v.passed)
    assertEquals(1, v.exitCode, "ResultsCli and mvn verify: 1, as any FAIL")
    val junit = render(v)
    assertEquals(2, failures(junit), "stopped early, and incomplete: " + junit)
    assertTrue(
      junit.contains(
        """name="the run was not stopped early" time="0"><failure message="stopped early at 42.5 s: server error % """ +
          """over the last 30 s was 80 % (120 responses), allowed at most 50 %" type="early-stop">"""
      ),
      junit
    )
  }

  @Test def namesWithMarkupAndControlCharactersStayWellFormedXml(): Unit = {
    val odd = check.copy(subject = "Search <\"a & b\"> \u0001", measured = Some(6000))
    val junit = JUnitReport.render(
      Seq("simulation" -> "A&B <x>", "runId" -> "run \"1\""),
      0L,
      Seq("warning with \u0007 bell & <tag>"),
      GateVerdict(Seq(odd), Nil, None, Nil, Nil)
    )
    val document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
      .parse(new java.io.ByteArrayInputStream(junit.getBytes("UTF-8")))
    val cases = document.getElementsByTagName("testcase")
    assertEquals(4, cases.getLength, junit)
    val named = cases.item(3).getAttributes.getNamedItem("name").getNodeValue
    assertEquals("Search <\"a & b\">  : p99", named)
    assertEquals("gate.A&B <x>", cases.item(3).getAttributes.getNamedItem("classname").getNodeValue)
    assertEquals(1, document.getElementsByTagName("failure").getLength)
  }
}
