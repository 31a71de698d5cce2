package results.model

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Whether a step kept up with its load, on counts whose truth is known: 1x answered 100/s over 100 s. */
class StepPaceTest {
  private val oneX = Throughput(10000, 100000)

  private def pace(
      multiple: Double,
      answersPerSecond: Double,
      inFlight: Option[InFlight] = None,
      resolution: Double = 0.25
  ) =
    StepPace(multiple, resolution, Throughput(math.round(answersPerSecond * 100), 100000), Some(oneX), inFlight)

  /** RAiD's case in the issue: a stand-in capped at 1.5x answered 1.5x's worth where 2x was offered. */
  @Test def aStepThatAnsweredLessThanItsOfferFails(): Unit = {
    val saturated = pace(2, 150)
    assertEquals(Some(200.0), saturated.offeredPerSecond)
    assertEquals(1.5, saturated.carried.get, 1e-9)
    assertFalse(saturated.keptUp, saturated.toString)
    assertTrue(pace(2, 200).keptUp, "answered all it was offered")
  }

  /** The allowance is half the resolution when the counts are large: just inside it passes, just outside fails. */
  @Test def theAllowanceIsHalfTheResolutionOnEnoughAnswers(): Unit = {
    val many = Throughput(1000000, 100000)
    def at(carried: Double) =
      StepPace(2, 0.25, Throughput(math.round(carried * 1000000), 100000), Some(many), None)
    assertEquals(0.125, at(2).allowance, 1e-9)
    assertTrue(at(1.876).keptUp)
    assertFalse(at(1.874).keptUp)
  }

  /** Few answers are noisy counts: the allowance widens to twice their noise, and the step says it had too few. */
  @Test def fewAnswersWidenTheAllowanceToTheirNoise(): Unit = {
    val few = StepPace(2, 0.25, Throughput(400, 2000), Some(Throughput(200, 2000)), None)
    assertEquals(2 * 2 * math.sqrt(1.0 / 400 + 1.0 / 200), few.allowance, 1e-9)
    assertTrue(few.tooFewAnswers)
    assertFalse(pace(2, 200).tooFewAnswers)
    assertFalse(StepPace.enough(2, 0.25, 400, 200))
    assertTrue(StepPace.enough(2, 0.25, 20000, 10000))
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

  /** The 1x step sets the offer: it is judged on its users in flight alone. */
  @Test def theOneXStepIsJudgedOnItsUsersInFlightAlone(): Unit = {
    val first = StepPace(1, 0.25, oneX, None, Some(InFlight(100, 100)))
    assertEquals((None, None), (first.carried, first.offeredPerSecond))
    assertTrue(first.keptUp)
    assertFalse(first.copy(usersInFlight = Some(InFlight(100, 400))).keptUp)
  }
}
