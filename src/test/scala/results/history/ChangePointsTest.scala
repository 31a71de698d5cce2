package results.history

import scala.util.Random

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The detector against synthetic histories of known truth: lognormal noise of a planted coefficient of variation
  * around a level, shifts of planted size at planted runs. The figures it prints are those docs/history.md states.
  */
class ChangePointsTest {
  import ChangePointsTest._

  private val detector = EDivisive.Default

  /** Shifts of 10 % to 50 %, up and down, at runs 12 to 48 of 60 (at least 12 runs on each side), 4 seeds each:
    * how many are found within 3 runs of where each began, per noise level and size, and how many change points
    * these series have that are not near their shift. The bars are the figures measured (docs/history.md): the
    * series and the detector are fixed, so they are the same on every run.
    */
  @Test def shiftsAreFoundWithinThreeRunsOfWhereTheyBegan(): Unit = {
    val measured = (for {
      cv <- Noise
      size <- Sizes
    } yield {
      val tries = for {
        shift <- Seq(size, -size)
        at <- Seq(12, 20, 30, 40, 48)
        seed <- 1 to 4
      } yield {
        val found = detector.changePoints(series(60, cv, Seq(at -> shift), new Random(seed * 1000 + at)))
        (found.exists(c => math.abs(c.index - at) <= 3), found.count(c => math.abs(c.index - at) > 3))
      }
      (cv, size) -> (tries.count(_._1), tries.map(_._2).sum)
    }).toMap
    for (cv <- Noise)
      println(
        s"history: noise ${percent(cv)}: " + Sizes.map(size =>
          s"shift ${percent(size)} ${measured((cv, size))._1} of 40"
        )
          .mkString(
            ", "
          ) + s" placed within 3 runs; ${Sizes.map(size => measured((cv, size))._2).sum} change points elsewhere"
      )
    val placedAtLeast = Map(
      0.05 -> Seq(37, 40, 40, 40),
      0.08 -> Seq(30, 37, 40, 40),
      0.12 -> Seq(10, 28, 37, 40)
    )
    for (cv <- Noise; (size, bar) <- Sizes.zip(placedAtLeast(cv)))
      assertTrue(
        measured((cv, size))._1 >= bar,
        s"noise ${percent(cv)}, shift ${percent(size)}: ${measured((cv, size))._1} of 40"
      )
    val elsewhere = measured.values.map(_._2).sum
    assertTrue(elsewhere <= 29, s"$elsewhere change points not within 3 runs of a planted shift")
  }

  @Test def twoShiftsInOneSeriesAreBothFoundAndPlaced(): Unit =
    for (seed <- 1 to 5) {
      val values = series(60, 0.08, Seq(20 -> 0.25, 40 -> 0.25), new Random(seed))
      val found = detector.changePoints(values).map(_.index)
      for (at <- Seq(20, 40))
        assertTrue(found.exists(i => math.abs(i - at) <= 3), s"seed $seed: shift at $at, found $found")
    }

  @Test def fewFalseChangePointsOnAHundredShiftFreeSeries(): Unit = {
    val falseOnes = (1 to 100).map { seed =>
      val cv = 0.05 + 0.07 * (seed % 8) / 7
      detector.changePoints(series(60, cv, Nil, new Random(seed + 7919))).size
    }.sum
    println(s"history: false change points on 100 shift-free series of 60 runs: $falseOnes")
    assertTrue(falseOnes <= 3, s"$falseOnes false change points")
  }

  @Test def aSeriesWithoutAnyDifferenceHasNoChangePoint(): Unit = {
    assertEquals(Nil, detector.changePoints(IndexedSeq.fill(60)(0.0)))
    assertEquals(Nil, detector.changePoints(IndexedSeq.fill(60)(200.0)))
  }

  @Test def theSameSeriesGivesTheSameChangePoints(): Unit = {
    val values = series(60, 0.12, Seq(30 -> 0.1), new Random(3))
    assertEquals(detector.changePoints(values), detector.changePoints(values))
  }

  /** Run night by night as the nightly would: after how many nights from the shift's first run is it reported
    * (within 3 runs of where it began)? A 10 % shift at run 40 of histories of up to 60 runs, 20 seeds each. And
    * on how many of the nights before it (from the 8th, the first a split can be judged on) the history had a
    * change point, all of them false.
    */
  @Test def nightsUntilAShiftIsFirstReported(): Unit = {
    val byNoise = Seq(0.05, 0.12).map { cv =>
      val histories = (1 to 20).map(seed => series(60, cv, Seq(40 -> 0.10), new Random(seed * 31)))
      val nights = histories.map { values =>
        (41 to 60).find(t => detector.changePoints(values.take(t)).exists(c => math.abs(c.index - 40) <= 3))
          .map(_ - 40)
      }
      val falseNights = histories.map(values => (8 to 40).count(t => detector.changePoints(values.take(t)).nonEmpty))
      val reported = nights.flatten.sorted
      println(
        s"history: 10% shift at ${percent(cv)} noise: reported after nights ${nights.map(_.fold("never")(_.toString)).mkString(" ")}; " +
          s"${reported.size} of 20 within 20 nights, median ${reported.lift(reported.size / 2).getOrElse("-")}; " +
          s"${falseNights.sum} of ${20 * 33} nights before it with a change point"
      )
      cv -> (reported, falseNights.sum)
    }.toMap
    val (atFive, atTwelve) = (byNoise(0.05), byNoise(0.12))
    assertEquals(19, atFive._1.size, s"5 % noise: ${atFive._1}")
    assertTrue(atFive._1(atFive._1.size / 2) <= 4, s"5 % noise: ${atFive._1}")
    assertTrue(atTwelve._1.size >= 6, s"12 % noise: ${atTwelve._1}")
    assertTrue(atTwelve._1(atTwelve._1.size / 2) <= 8, s"12 % noise: ${atTwelve._1}")
    assertTrue(atFive._2 <= 3, s"5 % noise: ${atFive._2} nights with a false change point")
    assertTrue(atTwelve._2 <= 3, s"12 % noise: ${atTwelve._2} nights with a false change point")
  }

  /** A change the runs show beyond doubt but smaller than the floor (2 % on a series that varies by 0.5 %, as a
    * throughput the load profile sets) is not reported; without the floor it is.
    */
  @Test def aChangeSmallerThanTheFloorIsNotReported(): Unit = {
    val values = series(60, 0.005, Seq(30 -> 0.02), new Random(5))
    assertEquals(Nil, detector.changePoints(values))
    assertEquals(Seq(30), detector.copy(minChange = 0).changePoints(values).map(_.index))
  }

  /** The floor is half the rise the baseline policy allows: a 15 % shift is reported under the default policy
    * (10 %), not under one that lets a percentile rise by 40 %.
    */
  @Test def theFloorFollowsTheBaselinePolicy(): Unit = {
    val values = series(60, 0.03, Seq(30 -> 0.15), new Random(5))
    assertEquals(Seq(30), EDivisive.forPolicy(results.gate.BaselinePolicy.Default).changePoints(values).map(_.index))
    assertEquals(Nil, EDivisive.forPolicy(results.gate.BaselinePolicy(40, 10)).changePoints(values))
  }

  /** A series with zeros (a KO share) is judged on its values, not their logarithms. */
  @Test def aSeriesWithZerosIsJudgedOnItsValues(): Unit = {
    val values = IndexedSeq.fill(30)(0.0) ++ IndexedSeq.tabulate(30)(i => 2.0 + (i % 3) * 0.1)
    assertEquals(Seq(30), detector.changePoints(values).map(_.index))
  }
}

object ChangePointsTest {
  private val Noise = Seq(0.05, 0.08, 0.12)
  private val Sizes = Seq(0.10, 0.15, 0.25, 0.50)

  private def percent(share: Double) = s"${(share * 100).round}%"

  /** `n` runs around 200 ms with lognormal noise of coefficient of variation `cv`, the level multiplied by
    * (1 + shift) from each planted run on.
    */
  def series(n: Int, cv: Double, shifts: Seq[(Int, Double)], random: Random): IndexedSeq[Double] = {
    val sigma = math.sqrt(math.log(1 + cv * cv))
    (0 until n).map { i =>
      val level = shifts.filter(_._1 <= i).map(1 + _._2).product
      200 * level * math.exp(sigma * random.nextGaussian() - sigma * sigma / 2)
    }
  }
}
