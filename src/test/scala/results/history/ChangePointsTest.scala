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
    * the share found within 3 runs of where each began, per noise level and size.
    */
  @Test def shiftsAreFoundWithinThreeRunsOfWhereTheyBegan(): Unit = {
    val placed = for {
      cv <- Seq(0.05, 0.08, 0.12)
      size <- Seq(0.10, 0.15, 0.25, 0.50)
    } yield {
      val tries = for {
        shift <- Seq(size, -size)
        at <- Seq(12, 20, 30, 40, 48)
        seed <- 1 to 4
      } yield {
        val found = detector.changePoints(series(60, cv, Seq(at -> shift), new Random(seed * 1000 + at)))
        found.exists(c => math.abs(c.index - at) <= 3)
      }
      ((cv, size), tries.count(identity), tries.size)
    }
    placed.foreach { case ((cv, size), hits, of) =>
      println(s"history: noise ${(cv * 100).round}%, shift ${(size * 100).round}%: $hits of $of placed within 3 runs")
    }
    def share(cv: Double, size: Double) = placed.collectFirst { case ((`cv`, `size`), hits, of) =>
      hits.toDouble / of
    }.get
    for (cv <- Seq(0.05, 0.08, 0.12)) {
      assertEquals(1.0, share(cv, 0.50), s"noise $cv, shift 50 %")
      assertTrue(share(cv, 0.25) >= 0.95, s"noise $cv, shift 25 %")
    }
    assertTrue(share(0.05, 0.10) >= 0.9, "noise 5 %, shift 10 %")
    assertTrue(share(0.08, 0.15) >= 0.9, "noise 8 %, shift 15 %")
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
    assertTrue(falseOnes < 5, s"$falseOnes false change points")
  }

  @Test def aSeriesWithoutAnyDifferenceHasNoChangePoint(): Unit = {
    assertEquals(Nil, detector.changePoints(IndexedSeq.fill(60)(0.0)))
    assertEquals(Nil, detector.changePoints(IndexedSeq.fill(7)(1.0) ++ IndexedSeq.fill(3)(9.0)))
  }

  @Test def theSameSeriesGivesTheSameChangePoints(): Unit = {
    val values = series(60, 0.12, Seq(30 -> 0.1), new Random(3))
    assertEquals(detector.changePoints(values), detector.changePoints(values))
  }

  /** Run night by night as the nightly would: after how many nights from the shift's first run is it reported
    * (within 3 runs of where it began)? A 10 % shift at run 40 of histories of up to 60 runs, 10 seeds each.
    */
  @Test def nightsUntilAShiftIsFirstReported(): Unit = {
    val byNoise = Seq(0.05, 0.12).map { cv =>
      val nights = (1 to 10).map { seed =>
        val values = series(60, cv, Seq(40 -> 0.10), new Random(seed * 31))
        (41 to 60).find(t => detector.changePoints(values.take(t)).exists(c => math.abs(c.index - 40) <= 3))
          .map(_ - 40)
      }
      val reported = nights.flatten.sorted
      println(
        s"history: 10% shift at ${(cv * 100).round}% noise: reported after nights ${nights.map(_.fold("never")(_.toString)).mkString(" ")}; median ${reported.lift(reported.size / 2).getOrElse("-")}"
      )
      cv -> reported
    }.toMap
    assertTrue(byNoise(0.05).size >= 8, s"5 % noise: reported in ${byNoise(0.05).size} of 10 within 20 nights")
    assertTrue(byNoise(0.05)(byNoise(0.05).size / 2) <= 8, s"5 % noise: ${byNoise(0.05)}")
    assertTrue(byNoise(0.12).size <= byNoise(0.05).size, "more noise, fewer reported")
  }
}

object ChangePointsTest {

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
