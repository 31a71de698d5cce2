package profiles.capacity

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

import results.model.SearchEnd

class StepSequenceTest {

  /** The multiples a search holds against a system that carries up to `capacity`, and how it ends. */
  private def searchAgainst(capacity: Double, resolution: Double = 0.1, max: Double = 8): (Seq[Double], SearchEnd) = {
    @annotation.tailrec
    def go(steps: Vector[JudgedStep]): (Seq[Double], SearchEnd) =
      StepSequence.next(steps, resolution, max) match {
        case NextStep.End(end)       => (steps.map(_.multiple), end)
        case NextStep.Hold(multiple) =>
          assertTrue(steps.size < 50, s"a search ends: $steps")
          go(steps :+ JudgedStep(multiple, multiple <= capacity))
      }
    go(Vector.empty)
  }

  @Test def doublesFromOneUntilAStepFailsThenBisectsToTheResolution(): Unit = {
    val (multiples, end) = searchAgainst(4.3)
    assertEquals(Seq(1.0, 2.0, 4.0, 8.0, 6.0, 5.0, 4.5, 4.2, 4.4, 4.3), multiples)
    assertEquals(SearchEnd.Resolved, end)
  }

  @Test def everyCapacityIsFoundWithinTheResolution(): Unit =
    for {
      resolution <- Seq(0.1, 0.25, 0.5)
      tenths <- 10 to 79
    } {
      val capacity = tenths / 10.0
      val (multiples, end) = searchAgainst(capacity, resolution)
      val passing = multiples.filter(_ <= capacity).max
      val failing = multiples.filter(_ > capacity).min
      assertEquals(SearchEnd.Resolved, end)
      assertTrue(failing - passing <= resolution + 1e-9, s"$capacity at $resolution: $passing .. $failing ($multiples)")
      assertTrue(multiples.distinct == multiples, s"no multiple held twice: $multiples")
    }

  @Test def everyStepPassingUpToTheMaximumEndsThere(): Unit = {
    assertEquals((Seq(1.0, 2.0, 4.0, 8.0), SearchEnd.MaxMultiple), searchAgainst(100))
    assertEquals((Seq(1.0, 2.0, 4.0, 5.0), SearchEnd.MaxMultiple), searchAgainst(100, max = 5))
  }

  @Test def aFailureAtOneTimesTheReferenceEndsTheSearch(): Unit =
    assertEquals((Seq(1.0), SearchEnd.Resolved), searchAgainst(0.5))

  @Test def aGapNarrowerThanTwoResolutionsIsSplitStrictlyBetween(): Unit =
    assertEquals(
      NextStep.Hold(2.05),
      StepSequence.next(Seq(JudgedStep(2, passed = true), JudgedStep(2.15, passed = false)), 0.1, 8)
    )
}
