package results.model

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Whether a step kept up with its load, on counts whose truth is known: 1x answered 100/s over 100 s, evenly. */
class StepPaceTest {
  private def even(perSecond: Double, windowMs: Long = 100000): Throughput = {
    val answers = math.round(perSecond * windowMs / 1000)
    val batches = (0 until Throughput.Batches).map(i =>
      answers * (i + 1) / Throughput.Batches - answers * i / Throughput.Batches
    )
    Throughput(answers, windowMs, batches)
  }

  private val oneX = even(100)

  private def pace(multiple: Double, answersPerSecond: Double, inFlight: Option[InFlight] = None) =
    StepPace(multiple, 0.25, even(answersPerSecond), Some(oneX), inFlight)

  /** RAiD's case in the issue: a stand-in capped at 1.5x answered 1.5x's worth where 2x was offered. */
  @Test def aStepThatAnsweredLessThanItsOfferFails(): Unit = {
    val saturated = pace(2, 150)
    assertEquals(Some(200.0), saturated.offeredPerSecond)
    assertEquals(1.5, saturated.carried.get, 1e-9)
    assertFalse(saturated.keptUp, saturated.toString)
    assertTrue(pace(2, 200).keptUp, "answered all it was offered")
  }

  /** A cap 1 %, 2 % or 3 % below a step is not that step, however coarse the resolution (half of it used to be
    * allowed: RAiD capped at 1.485x passed 1.5x); one that answers its whole offer, or is capped above it, passes.
    */
  @Test def aCapJustBelowAStepFailsItAndOneAtOrAboveItPasses(): Unit = {
    Seq(0.01, 0.02, 0.03).foreach { below =>
      val capped = pace(1.5, 150 * (1 - below))
      assertFalse(capped.keptUp, s"capped ${below * 100} % below 1.5x: $capped")
    }
    assertTrue(pace(1.5, 150).keptUp)
    assertTrue(pace(1.5, 150 * 0.996).keptUp, "within the floor of 0.5 %")
    assertEquals(StepPace.Floor * 1.5, pace(1.5, 150).allowance, 1e-9, "evenly paced: the floor")
    assertFalse(pace(1.5, 150).tooFewAnswers)
  }

  /** Answers drawn at random (each batch a Poisson count of known mean), of a system that keeps up and of one
    * capped 3 % below: the first passes nearly always, the second fails always, once there are enough of them.
    */
  @Test def randomAnswersAtTheirOfferPassAndThreePercentShortFail(): Unit = {
    val random = new scala.util.Random(60)
    def poisson(mean: Double): Long = { // a normal approximation, fine at these means
      math.max(0L, math.round(mean + math.sqrt(mean) * random.nextGaussian()))
    }
    def drawn(perSecond: Double, windowMs: Long) = {
      val batches = Seq.fill(Throughput.Batches)(poisson(perSecond * windowMs / 1000 / Throughput.Batches))
      Throughput(batches.sum, windowMs, batches)
    }
    val trials = 400
    val keptUp = (1 to trials).count { _ =>
      StepPace(1.5, 0.1, drawn(600, 600000), Some(drawn(400, 600000)), None).keptUp
    }
    assertTrue(keptUp >= trials * 0.98, s"$keptUp of $trials at their offer passed")
    val short = (1 to trials).count { _ =>
      StepPace(1.5, 0.1, drawn(600 * 0.97, 600000), Some(drawn(400, 600000)), None).keptUp
    }
    assertEquals(0, short, "3 % short: none passed")
  }

  /** The spread of a window's batches is its noise: evenly paced answers have none, scattered ones widen the
    * allowance to three standard errors, and the step says its answers were too few for the floor.
    */
  @Test def scatteredAnswersWidenTheAllowanceToTheirNoise(): Unit = {
    assertEquals(0.0, even(100).standardError, 1e-9)
    val scattered = Throughput(1000, 10000, Seq(50L, 150L).flatMap(Seq.fill(5)(_)))
    // Batch rates 50 and 150/s, their standard deviation 52.7/s, over sqrt(10).
    assertEquals(math.sqrt(50.0 * 50 * 10 / 9) / math.sqrt(10), scattered.standardError, 1e-9)
    val few = StepPace(2, 0.25, scattered, Some(even(50, 10000)), None)
    assertEquals(3 * scattered.standardError / 50, few.allowance, 1e-9)
    assertTrue(few.tooFewAnswers)
    assertEquals(math.sqrt(400.0) * 1000 / 2000, Throughput(400, 2000).standardError, 1e-9, "uncounted: a count's")
  }

  /** A closed reference's step holds whole users: 1.25x of 50 users is 63 of them, 1.26x. */
  @Test def aClosedStepIsJudgedAtTheUsersItHeld(): Unit = {
    assertEquals(1.26, StepPace.held(1.25, Some(50)), 1e-9)
    assertEquals(1.25, StepPace.held(1.25, None), 1e-9)
    assertEquals(1.0 / 3, StepPace.held(0.2, Some(3)), 1e-9, "at least one user")
  }

  /** A closed reference's 1x step against the plan's expected answers/s: capped at 0.8 of it, it cannot carry its
    * reference; at 0.95 (response times the plan leaves out) it passes.
    */
  @Test def aClosedOneXStepIsJudgedAgainstThePlan(): Unit = {
    def first(perSecond: Double) = StepPace(1, 0.25, even(perSecond), None, None, expected = Some(100))
    assertEquals(Some(0.8), first(80).carried)
    assertFalse(first(80).keptUp)
    assertTrue(first(95).keptUp)
    assertEquals(0.125, first(95).allowance, 1e-9)
  }

  /** Users in flight that grow through the window are a queue building up, whatever was answered. */
  @Test def usersInFlightThatGrowFailAndLevelOnesPass(): Unit = {
    val level = pace(2, 200, Some(InFlight(2100, 2180)))
    assertEquals(Some(195L), level.maxGrowth, "3 x sqrt(2 x 2,100)")
    assertTrue(level.keptUp)
    val growing = pace(2, 200, Some(InFlight(2100, 5300)))
    assertFalse(growing.keptUpInFlight)
    assertFalse(growing.keptUp)
    assertTrue(pace(2, 200, Some(InFlight(2100, 2295))).keptUp, "growth of 195: at the limit")
    assertFalse(pace(2, 200, Some(InFlight(2100, 2296))).keptUp, "growth of 196: over it")
  }

  /** An open reference's 1x step sets the offer: it is judged on its users in flight alone. */
  @Test def theOneXStepIsJudgedOnItsUsersInFlightAlone(): Unit = {
    val first = StepPace(1, 0.25, oneX, None, Some(InFlight(100, 100)))
    assertEquals((None, None), (first.carried, first.offeredPerSecond))
    assertTrue(first.keptUp)
    assertFalse(first.copy(usersInFlight = Some(InFlight(100, 400))).keptUp)
  }
}
