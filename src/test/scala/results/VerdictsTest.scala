package results

import results.model.{ GateVerdict, Problem, ProblemKind, RunSummary, Unjudged, Verdict }
import results.render.{ SummaryMarkdown, Verdicts }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

/** The site's verdict: the model's word, the same as summary.md's, and each reason worded by its kind. */
class VerdictsTest {
  private val run: RunSummary =
    CraftedSummaries.summary("RaidSimulation", Map(List("mint raid") -> CraftedSummaries.ok(200, 900)))

  private def gated(invalid: Seq[Problem], stoppedEarly: Seq[Problem]) =
    run.copy(gate = Some(GateVerdict(Nil, Nil, None, Nil, invalid, stoppedEarly)))

  @Test def anUngatedRunIsNoVerdictOnTheSiteAsInSummaryMd(): Unit = {
    val shown = Verdicts.of(run)
    assertEquals((Unjudged.NoVerdict, "NO VERDICT", "none"), (shown.verdict, shown.label, shown.cssClass))
    assertTrue(SummaryMarkdown.render(run).startsWith("# NO VERDICT: RaidSimulation"))
    assertTrue(shown.drawable, "an ungated run that completed its plan is still a point in its trend")
  }

  @Test def voidVerdictsAndRunsWithoutASummaryAreNeverDrawn(): Unit = {
    assertFalse(Verdicts.Shown(Verdict.Invalid, Nil).drawable)
    assertFalse(Verdicts.Shown(Verdict.Incomplete, Nil).drawable)
    assertFalse(Verdicts.Shown(Unjudged.NoSummary, Nil).drawable)
    assertEquals(("fail", "void"), (Verdicts.cssClass(Verdict.Fail), Verdicts.cssClass(Verdict.Invalid)))
  }

  @Test def aReasonIsLedByWhatItMadeOfTheVerdictUnlessItsWordsSayWhatItIs(): Unit = {
    val invalid = Seq(
      Problem.ofRun(ProblemKind.InjectorSaturated, "injector saturated: its JVM used 90 %"),
      Problem.ofRun(ProblemKind.InjectorOutOfResources, "injector out of local ports: 3 requests failed"),
      Problem.ofRun(ProblemKind.SandboxExhausted, "sandbox out of file descriptors: the raid stand-in refused 4"),
      Problem.ofSystem("raid", ProblemKind.CapacityNotMeasured, "the built-in sandbox limited the capacity search")
    )
    val stopped = Problem.ofRun(ProblemKind.StoppedEarly, "stopped early at 3.0 s: error % over the last 5 s")
    assertEquals(
      Seq(
        "stopped early at 3.0 s: error % over the last 5 s",
        "injector saturated: its JVM used 90 %",
        "injector out of local ports: 3 requests failed",
        "sandbox out of file descriptors: the raid stand-in refused 4",
        "invalid: raid: the built-in sandbox limited the capacity search"
      ),
      Verdicts.of(gated(invalid, Seq(stopped))).reasons
    )
  }
}
