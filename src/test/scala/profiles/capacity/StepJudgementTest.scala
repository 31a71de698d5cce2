package profiles.capacity

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

import results.model.{ InFlight, StepPace, Throughput }
import results.gate.Limits
import suite.Answer

class StepJudgementTest {
  private def limits(p99: Option[Int] = None, errors: Option[Double] = None) =
    Limits.None.copy(p99Ms = p99, maxErrorPercent = errors)

  private def recorded(answers: (List[String], Long, Int)*): Map[List[String], PathFigures] = {
    val recorder = new StepRecorder("toy")
    recorder.answered(Answer("toy", List("before"), endEpochMs = 900, 1, 200))
    recorder.openWindow(1000)
    // Ended during the settling time, handed on once the window was open.
    recorder.answered(Answer("toy", List("settling"), endEpochMs = 999, 1, 200))
    answers.foreach { case (path, ms, status) => recorder.answered(Answer("toy", path, 1000, ms, status)) }
    recorder.answered(Answer("other", List("look up"), 1000, 99999, 500))
    recorder.closeWindow()
  }

  @Test def aStepPassesWhenEveryLimitHoldsOnItsWindow(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    assertEquals(Set(List("look up")), figures.keySet, "answers before the window and other systems' do not count")
    val judged =
      StepJudgement.judge(figures, Seq(List("look up") -> limits(p99 = Some(100))), limits(errors = Some(1)), None)
    assertTrue(judged.passed, judged.toString)
    assertEquals(Some(99.0), judged.worstP99.map(_.value))
  }

  /** Every limit holds, but the system answered 1.5x where the step offered 2x: it did not keep up. */
  @Test def aStepThatDidNotKeepUpFailsWhateverItsLatencies(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    val paths = Seq(List("look up") -> limits(p99 = Some(100)))
    def pace(answers: Long) =
      Some(StepPace(2, 0.25, Throughput(answers, 10000), Some(Throughput(4000, 10000)), Some(InFlight(100, 100))))
    val saturated = StepJudgement.judge(figures, paths, Limits.None, pace(6000))
    assertFalse(saturated.passed, saturated.toString)
    assertEquals(Seq.empty, saturated.failures, "no limit broken: the pace failed")
    assertTrue(StepJudgement.judge(figures, paths, Limits.None, pace(8000)).passed)
  }

  @Test def aStepIsJudgedOnEveryPercentileItsLimitsSet(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    val judged =
      StepJudgement.judge(figures, Seq(List("look up") -> limits().copy(p90Ms = Some(50))), Limits.None, None)
    assertEquals(Seq((StepCheck.Percentile(90), 90.0)), judged.failures.map(c => (c.threshold, c.value)))
  }

  @Test def aP99OverItsLimitOrTooManyKosFailTheStep(): Unit = {
    val figures = recorded(
      (1 to 100).map(i => (List("g", "look up"), i * 10L, 200)) ++ (1 to 3).map(_ => (List("home"), 1L, 503)): _*
    )
    val judged = StepJudgement.judge(
      figures,
      Seq(
        List("g") -> limits(p99 = Some(500)),
        List("home") -> limits(errors = Some(50)),
        List("absent") -> limits(Some(1))
      ),
      limits(errors = Some(1)),
      None
    )
    assertFalse(judged.passed)
    assertEquals(
      Seq((Nil, StepCheck.ErrorPercent), (List("home"), StepCheck.ErrorPercent), (List("g"), StepCheck.P99)),
      judged.failures.map(c => (c.path, c.threshold))
    )
    assertEquals(3, judged.checks.size, "a path the system sent nothing on is not judged")
  }

  /** eForms' log in answers 302 (its own check asks for it): an answer, not an error; a 404 or no status is one. */
  @Test def aRedirectIsAnAnswerAndAClientErrorIsNot(): Unit = {
    val figures =
      recorded((List("log in"), 5L, 302), (List("log in"), 5L, 304), (List("open"), 5L, 404), (List("open"), 5L, 0))
    assertEquals((2L, 0L), (figures(List("log in")).count, figures(List("log in")).ko))
    assertEquals((2L, 2L), (figures(List("open")).count, figures(List("open")).ko))
  }

  @Test def aWindowWithoutAnswersFails(): Unit =
    assertFalse(StepJudgement.judge(Map.empty, Nil, Limits.None, None).passed)
}
