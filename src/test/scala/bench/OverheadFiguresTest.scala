package bench

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import bench.OverheadFigures.OverRounds

/** bench/overhead.sh's ratio over mirrored rounds: a machine that slows whichever side runs second, or that
  * drifts steadily, leaves the true ratio in the rounds' geometric mean where one round's ratio is off by the
  * drift; and the benchmark fails only above its allowed ratio.
  */
class OverheadFiguresTest {
  private val trueRatio = 1.10

  @Test def aSlowerSecondPlaceCancelsOverMirroredRounds(): Unit = {
    val second = 1.25 // the side measured second costs a quarter more, whichever it is
    val suiteFirst = trueRatio / second
    val plainFirst = trueRatio * second / 1.0
    val over = OverRounds.of(Seq(suiteFirst, plainFirst))
    assertEquals(trueRatio, over.mean, 1e-9)
    assertEquals(suiteFirst, over.lowest, 1e-9)
    assertEquals(plainFirst, over.highest, 1e-9)
    assertEquals("1.10x (rounds 0.88x to 1.38x)", over.describe)
  }

  @Test def aSteadyDriftCancelsToWithinAPercentOverSuitePlainPlainSuite(): Unit = {
    // Each minute costs 5 % more than the one before: positions 0 to 3, suite at 0 and 3, plain at 1 and 2.
    def cost(position: Int) = 1 + 0.05 * position
    val rounds = Seq(trueRatio * cost(0) / cost(1), trueRatio * cost(3) / cost(2))
    assertEquals(trueRatio, OverRounds.of(rounds).mean, 0.01 * trueRatio)
    assertTrue(math.abs(rounds.head - trueRatio) > 0.04, "one round alone is off by the drift")
  }

  @Test def oneRoundIsItsOwnRatio(): Unit =
    assertEquals("0.84x", OverRounds.of(Seq(0.84)).describe)

  @Test def theBenchmarkFailsOnlyAboveItsAllowedRatio(): Unit = {
    assertEquals(None, OverheadFigures.tooCostly(OverRounds.of(Seq(1.2, 1.4)), 1.5))
    assertEquals(
      Some("overhead: the suite's CPU per request is 1.55x plain Gatling's, above the 1.50x allowed"),
      OverheadFigures.tooCostly(OverRounds.of(Seq(1.55)), 1.5)
    )
  }
}
