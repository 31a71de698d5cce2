package results

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** junit.xml counts every way a run can fail its gate as a failed test case, not only broken thresholds. */
class JUnitReportTest {
  private val check = GateCheck("All Requests", "p99", Some(120), 5000, atMost = true, " ms")
  private def verdict(incomplete: Seq[String] = Nil, invalid: Seq[String] = Nil) =
    GateVerdict(Seq(check), Nil, None, incomplete, invalid)
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
}
