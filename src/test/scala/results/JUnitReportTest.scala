package results

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** junit.xml counts every way a run can fail its gate as a failed test case, not only broken thresholds. */
class JUnitReportTest {
  private val check = GateCheck("All Requests", "p99", Some(120), 5000, atMost = true, " ms")
  private def verdict(incomplete: Seq[String] = Nil, invalid: Seq[String] = Nil, stoppedEarly: Seq[String] = Nil) =
    GateVerdict(Seq(check), Nil, None, incomplete, invalid, stoppedEarly)
  private def render(v: GateVerdict) = JUnitReport.render("Fixture", "fixture-1", 0L, Nil, v)
  private def failures(junit: String) =
    """<testsuite [^>]*failures="(\d+)"""".r.findFirstMatchIn(junit).map(_.group(1).toInt).get

  @Test def aPassingRunHasNoFailures(): Unit = {
    val junit = render(verdict())
    assertEquals(0, failures(junit), junit)
    assertTrue(junit.contains("""name="the injector was not the bottleneck" time="0"></testcase>"""), junit)
  }

  @Test def anInvalidRunFailsTheInjectorCase(): Unit = {
    val reason = "injector saturated: its JVM spent 40 % of the run in garbage collection (limit 10 %)"
    val junit = render(verdict(invalid = Seq(reason)))
    assertEquals(1, failures(junit), junit)
    assertTrue(
      junit.contains(
        s"""name="the injector was not the bottleneck" time="0"><failure message="$reason" type="invalid">"""
      ),
      junit
    )
  }

  @Test def anIncompleteRunFailsTheCompletionCase(): Unit = {
    val junit = render(verdict(incomplete = Seq("3 of the 10 planned users started")))
    assertEquals(1, failures(junit), junit)
    assertTrue(junit.contains("""type="incomplete">3 of the 10 planned users started</failure>"""), junit)
  }

  @Test def aRunStoppedEarlyFailsAsFailNotIncomplete(): Unit = {
    val stop = EarlyStopRecord("server error %", 80, 50, " %", 30000, 120, 42500)
    val v = verdict(incomplete = Seq("12 of the 60 planned users started"), stoppedEarly = Seq(stop.describe))
    assertEquals(GateVerdict.Fail, v.label, "the stop left the plan unfinished: the verdict is the stop's")
    assertEquals(GateVerdict.Fail, v.copy(invalid = Seq("injector saturated: ...")).label)
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
}
