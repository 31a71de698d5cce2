package profiles.capacity

import scala.concurrent.duration._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.model.{ InFlight, PercentileInterval, StepPace, Throughput }

/** The console's line for a judged step: what failed, and whether its window had enough answers. */
class StepLineTest {
  private val plan = SearchPlan(
    "raid",
    "reference",
    ReferenceLoad.Arrivals(50, randomized = false, 10.seconds),
    resolution = 0.25,
    maxMultiple = 4,
    settle = 20.seconds,
    stepDuration = 20.seconds,
    drain = 1.minute,
    maxDuration = 1.hour,
    minAnswers = 3000,
    judgesPace = true
  )

  /** `answers` over `windowMs`, evenly paced: no noise in their batches. */
  private def even(answers: Long, windowMs: Long) =
    Throughput(answers, windowMs, Seq.tabulate(Throughput.Batches)(i => answers / Throughput.Batches))

  private def judged(answers: Long, windowMs: Long, inFlight: InFlight, oneX: Throughput = even(8000, 20000)) =
    judgedOn(even(answers, windowMs), inFlight, oneX)

  private def judgedOn(answered: Throughput, inFlight: InFlight, oneX: Throughput) =
    StepJudgement(
      answered.answers,
      0,
      Seq(StepCheck(List("mint raid"), StepCheck.P99, 4855, 6000)),
      Some(StepPace(2, 0.25, answered, Some(oneX), Some(inFlight)))
    )

  /** The RAiD at 2x against a stand-in capped at 1.5x: every latency within its limit, yet it did not keep up. */
  @Test def aStepThatDidNotKeepUpSaysByHowMuch(): Unit = {
    val line = StepLine.render(plan, 2, 2, judged(12814, 20000, InFlight(2100, 5300)), NextStep.Hold(1.5))
    assertEquals(
      "capacity raid: step 2 at 2x (100 new users/s): worst p99 4,855 ms <= 6,000 ms (mint raid), KO 0.0 % of 12,814: " +
        "FAIL (saturated: 641 answers/s against 800 offered; in flight 2,100 -> 5,300); next 1.5x",
      line
    )
  }

  @Test def aLengthenedWindowSaysSoAndOneStillShortSaysItsFiguresAreRough(): Unit = {
    val lengthened = StepLine.render(plan, 2, 2, judged(37600, 47000, InFlight(2100, 2100)), NextStep.Hold(4))
    assertTrue(
      lengthened.contains("KO 0.0 % of 37,600 (window lengthened to 47 s for enough answers): PASS"),
      lengthened
    )
    val short =
      StepLine.render(plan, 2, 2, judged(2000, 80000, InFlight(100, 100), Throughput(1000, 80000)), NextStep.Hold(4))
    assertTrue(short.contains("(too few answers even in 80 s: its pace is rough)"), short)
    // Enough answers, but batches of 390 and 410 an 8 s: 3 standard errors of their rate are 2.5 % of 2x.
    val batches = Seq(390L, 410L).flatMap(Seq.fill(5)(_))
    val scattered = StepLine.render(
      plan,
      2,
      2,
      judgedOn(Throughput(4000, 80000, batches), InFlight(100, 100), even(2000, 80000)),
      NextStep.Hold(4)
    )
    assertTrue(
      scattered.contains("(answers too scattered even in 80 s to tell its pace to 0.5 %: to 2.5 %)"),
      scattered
    )
  }

  @Test def theSystemsGlobalP99IsNamedAsAllRequests(): Unit = {
    val global =
      judged(37600, 47000, InFlight(2100, 2100)).copy(checks = Seq(StepCheck(Nil, StepCheck.P99, 7000, 6000)))
    val line = StepLine.render(plan, 2, 2, global, NextStep.Hold(1.5))
    assertTrue(line.contains("worst p99 7,000 ms > 6,000 ms (all requests)"), line)
  }

  @Test def aStepWhosePercentilesIntervalStraddlesItsLimitShowsTheIntervalAndIsNotResolved(): Unit = {
    val straddling = StepCheck(List("mint raid"), StepCheck.P99, 5950, 6000, Some(PercentileInterval(5800, Some(6100))))
    val step = judged(37600, 47000, InFlight(2100, 2100)).copy(checks = Seq(straddling))
    val line = StepLine.render(plan, 2, 2, step, NextStep.Hold(1.5))
    assertTrue(
      line.contains(
        "worst p99 5,950 ms (5,800-6,100) straddles 6,000 ms (mint raid), KO 0.0 % of 37,600 " +
          "(window lengthened to 47 s for enough answers): NOT RESOLVED (not resolved, its interval cannot tell it " +
          "from its limit: mint raid p99 (5,800-6,100) straddles 6,000 ms); next 1.5x"
      ),
      line
    )
    val within = step.copy(checks = Seq(straddling.copy(interval = Some(PercentileInterval(5800, Some(5990))))))
    assertTrue(
      StepLine.render(plan, 2, 2, within, NextStep.Hold(4)).contains("worst p99 5,950 ms (5,800-5,990) <= 6,000 ms"),
      "a carried step shows its interval within the limit"
    )
  }

  @Test def aPercentileNotJudgedOnTooFewAnswersIsNamed(): Unit = {
    val rare = judged(37600, 47000, InFlight(2100, 2100))
      .copy(unjudged = Seq(UnjudgedCheck(List("update raid"), StepCheck.P99, 40, 3000)))
    val line = StepLine.render(plan, 2, 2, rare, NextStep.Hold(4))
    assertTrue(
      line.contains(": PASS (not judged on too few answers: update raid p99 (40 of 3,000 answers)); next 4x"),
      line
    )
  }
}
