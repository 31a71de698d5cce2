package profiles.capacity

import watch.{ Answer, GroupSoFar }

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

import results.model.{ InFlight, StepPace, Throughput }
import results.gate.Limits

class StepJudgementTest {
  // These judge each percentile as one number, as a smoke run's search does; the intervals' cases are apart.
  private val Points = None

  private def limits(p99: Option[Int] = None, errors: Option[Double] = None) =
    Limits.None.copy(p99Ms = p99, maxErrorPercent = errors)

  private def recorded(answers: (List[String], Long, Int)*): WindowFigures = {
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
    assertEquals(
      Set(List("look up")),
      figures.requests.keySet,
      "answers before the window and other systems' do not count"
    )
    val judged =
      StepJudgement.judge(
        figures,
        Seq(List("look up") -> limits(p99 = Some(100))),
        limits(errors = Some(1)),
        None,
        0,
        Points
      )
    assertTrue(judged.passed, judged.toString)
    assertEquals(Some(99.0), judged.worstP99.map(_.value))
  }

  /** Every limit holds, but the system answered 1.5x where the step offered 2x: it did not keep up. */
  @Test def aStepThatDidNotKeepUpFailsWhateverItsLatencies(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    val paths = Seq(List("look up") -> limits(p99 = Some(100)))
    def pace(answers: Long) =
      Some(StepPace(2, 0.25, Throughput(answers, 10000), Some(Throughput(4000, 10000)), Some(InFlight(100, 100))))
    val saturated = StepJudgement.judge(figures, paths, Limits.None, pace(6000), 0, Points)
    assertFalse(saturated.passed, saturated.toString)
    assertEquals(Seq.empty, saturated.failures, "no limit broken: the pace failed")
    assertTrue(StepJudgement.judge(figures, paths, Limits.None, pace(8000), 0, Points).passed)
  }

  @Test def aStepIsJudgedOnEveryPercentileItsLimitsSet(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    val judged =
      StepJudgement.judge(
        figures,
        Seq(List("look up") -> limits().copy(p90Ms = Some(50))),
        Limits.None,
        None,
        0,
        Points
      )
    assertEquals(Seq((StepCheck.Percentile(90), 90.0)), judged.failures.map(c => (c.threshold, c.value)))
  }

  @Test def aP99OverItsLimitOrTooManyKosFailTheStep(): Unit = {
    val figures = recorded(
      (1 to 100).map(i => (List("g", "look up"), i * 10L, 200)) ++ (1 to 3).map(_ => (List("home"), 1L, 503)): _*
    )
    val judged = StepJudgement.judge(
      figures,
      Seq(
        List("g", "look up") -> limits(p99 = Some(500)),
        List("home") -> limits(errors = Some(50)),
        List("absent") -> limits(Some(1))
      ),
      limits(errors = Some(1)),
      None,
      0,
      Points
    )
    assertFalse(judged.passed)
    assertEquals(
      Seq(
        (Nil, StepCheck.ErrorPercent),
        (List("home"), StepCheck.ErrorPercent),
        (List("g", "look up"), StepCheck.P99)
      ),
      judged.failures.map(c => (c.path, c.threshold))
    )
    assertEquals(3, judged.checks.size, "a path the system sent nothing on is not judged")
  }

  /** eForms' log in answers 302 (its own check asks for it): an answer, not an error; a 404 or no status is one. */
  @Test def aRedirectIsAnAnswerAndAClientErrorIsNot(): Unit = {
    val figures =
      recorded((List("log in"), 5L, 302), (List("log in"), 5L, 304), (List("open"), 5L, 404), (List("open"), 5L, 0))
    assertEquals((2L, 0L), (figures.requests(List("log in")).count, figures.requests(List("log in")).ko))
    assertEquals((2L, 2L), (figures.requests(List("open")).count, figures.requests(List("open")).ko))
  }

  /** Each path within its own limit, 100 answers at 10 ms and 100 at 200 ms: the system's p99 is 200 ms. */
  @Test def aStepIsJudgedByTheSystemsGlobalPercentiles(): Unit = {
    val figures = recorded(
      (1 to 100).map(_ => (List("fast"), 10L, 200)) ++ (1 to 100).map(_ => (List("slow"), 200L, 200)): _*
    )
    val paths = Seq(List("fast") -> limits(p99 = Some(2000)), List("slow") -> limits(p99 = Some(2000)))
    val below = StepJudgement.judge(figures, paths, limits(p99 = Some(150)), None, 0, Points)
    assertFalse(below.passed, below.toString)
    assertEquals(Seq((Nil, StepCheck.P99, 200.0)), below.failures.map(c => (c.path, c.threshold, c.value)))
    val above = StepJudgement.judge(figures, paths, limits(p99 = Some(250)), None, 0, Points)
    assertTrue(above.passed, above.toString)
    assertEquals(3, above.checks.size, "both paths' p99 and the system's")
  }

  /** 100 users log in, a form then its submission at 60 ms each: each request takes 60 ms, the group 120 ms. */
  private def loggedIn(recorder: StepRecorder): WindowFigures = {
    recorder.openWindow(1000)
    (1 to 100).foreach { user =>
      val start = 900L + user
      def inGroup(cumulated: Long) = List(GroupSoFar(List("Log in"), user.toLong, start, cumulated, okBefore = true))
      recorder.answered(Answer("toy", List("Log in", "form"), start + 60, 60, 200, inGroup(60)))
      recorder.answered(Answer("toy", List("Log in", "submit"), start + 180, 60, 302, inGroup(120)))
    }
    recorder.closeWindow()
  }

  @Test def aGroupIsJudgedOnItsOwnTimesNotItsRequests(): Unit = {
    val figures = loggedIn(new StepRecorder("toy", groupDuration = false))
    assertEquals(
      (100L, 0L, 120L), {
        val group = figures.groups(List("Log in")); (group.count, group.ko, group.percentileMs(99))
      }
    )
    val requests = Seq(List("Log in", "form"), List("Log in", "submit")).map(_ -> limits(p99 = Some(100)))
    val binding =
      StepJudgement.judge(
        figures,
        requests :+ (List("Log in") -> limits(p99 = Some(100))),
        Limits.None,
        None,
        0,
        Points
      )
    assertEquals(Seq((List("Log in"), 120.0)), binding.failures.map(c => (c.path, c.value)), binding.toString)
    val loose =
      StepJudgement.judge(
        figures,
        requests :+ (List("Log in") -> limits(p99 = Some(150))),
        Limits.None,
        None,
        0,
        Points
      )
    assertTrue(loose.passed, loose.toString)
    assertEquals(
      Seq(60.0, 60.0),
      loose.checks.filter(_.path.size == 2).map(_.value),
      "the system's p99 takes the requests alone, as Gatling's All Requests"
    )
  }

  /** With Gatling's `useGroupDurationMetric` a group's time runs from its start to its last answer: 180 ms. */
  @Test def aGroupsDurationIsItsTimeWhereGatlingSaysSo(): Unit =
    assertEquals(180L, loggedIn(new StepRecorder("toy", groupDuration = true)).groups(List("Log in")).percentileMs(99))

  /** A rare path (10 answers at 200 ms) beside a common one (200 at 10 ms): its p99 is judged on its own answers. */
  @Test def aPathsPercentilesAreJudgedOnlyOnEnoughOfItsOwnAnswers(): Unit = {
    val figures = recorded(
      (1 to 200).map(_ => (List("common"), 10L, 200)) ++ (1 to 10).map(_ => (List("rare"), 200L, 200)): _*
    )
    val paths =
      Seq(List("common") -> limits(p99 = Some(100)), List("rare") -> limits(p99 = Some(100), errors = Some(50)))
    val tooFew = StepJudgement.judge(figures, paths, Limits.None, None, minAnswers = 100, confidencePercent = Points)
    assertEquals(Seq(UnjudgedCheck(List("rare"), StepCheck.P99, 10, 100)), tooFew.unjudged)
    assertEquals(
      Seq((List("common"), StepCheck.P99), (List("rare"), StepCheck.ErrorPercent)),
      tooFew.checks.map(c => (c.path, c.threshold)),
      "not passed either: only its error share, on any answers, is judged"
    )
    assertTrue(tooFew.passed, "nor failed")
    val enough = StepJudgement.judge(figures, paths, Limits.None, None, minAnswers = 10, confidencePercent = Points)
    assertEquals(Seq((List("rare"), 200.0)), enough.failures.map(c => (c.path, c.value)))
    assertEquals(Nil, enough.unjudged)
  }

  /** 20 s into a window of at most 80 s, with 100 answers wanted of each gated path. */
  @Test def aWindowWaitsForAGatedPathThatCanStillGetEnoughAnswersAndNoLonger(): Unit = {
    def enough(answers: (List[String], Long)*) =
      StepJudgement.enoughOfEach(answers.toMap, Set(List("a"), List("g")), 100, elapsedMs = 20000, latestMs = 80000)
    assertTrue(enough(List("a") -> 100, List("g") -> 100, List("ungated") -> 1))
    assertFalse(enough(List("a") -> 100, List("g") -> 30), "30 in 20 s: 120 by 80 s, worth the wait")
    assertTrue(enough(List("a") -> 100, List("g") -> 20), "20 in 20 s: 80 by 80 s, too few however long it waits")
  }

  /** 1,000 answers of 1 to 1,000 ms: a p99 of about 990 ms whose 95 % interval spans roughly 984 to 999 ms. */
  @Test def aStepIsCarriedOnlyWhereItsPercentilesIntervalLiesWithinItsLimit(): Unit = {
    val figures = recorded((1 to 1000).map(i => (List("look up"), i.toLong, 200)): _*)
    def judged(p99: Int, confidence: Option[Double] = Some(95)) =
      StepJudgement.judge(figures, Seq(List("look up") -> limits(p99 = Some(p99))), Limits.None, None, 0, confidence)
    val straddling = judged(995)
    val check = straddling.worstPercentile.get
    val interval = check.interval.get
    assertTrue(interval.lowerMs < 995 && interval.upperMs.exists(_ > 995), interval.toString)
    assertTrue(check.value <= 995, "the p99 alone lies within the limit")
    assertTrue(judged(995, confidence = Points).passed, "as one number it would be carried")
    assertFalse(straddling.passed, "not carried: its interval straddles the limit")
    assertTrue(straddling.notResolved, "nor failed: not resolved")
    assertEquals((Nil, Seq(check)), (straddling.failures, straddling.unresolved))
    // below the limit: the whole interval within it
    val within = judged(interval.upperMs.get)
    assertTrue(within.passed && !within.notResolved, within.toString)
    // above it: the whole interval beyond it, a failure
    val beyond = judged(interval.lowerMs - 1)
    assertFalse(beyond.passed || beyond.notResolved, beyond.toString)
    assertEquals(Seq(List("look up")), beyond.failures.map(_.path))
    // a limit at its lower bound or 1 ms under its upper lies inside it: not resolved at either edge
    assertTrue(judged(interval.lowerMs).notResolved && judged(interval.upperMs.get - 1).notResolved)
  }

  /** 100 answers cannot bound a p99 from above at 95 %: whatever the limit above the slowest, it is not resolved. */
  @Test def aPercentileTooFewAnswersBoundFromAboveIsNeverCarried(): Unit = {
    val figures = recorded((1 to 100).map(i => (List("look up"), i.toLong, 200)): _*)
    val judged =
      StepJudgement.judge(figures, Seq(List("look up") -> limits(p99 = Some(5000))), Limits.None, None, 0, Some(95))
    assertEquals(None, judged.worstPercentile.flatMap(_.interval).flatMap(_.upperMs))
    assertTrue(judged.notResolved, judged.toString)
  }

  @Test def aWindowWithoutAnswersFails(): Unit =
    assertFalse(StepJudgement.judge(WindowFigures.Empty, Nil, Limits.None, None, 0, Points).passed)
}
