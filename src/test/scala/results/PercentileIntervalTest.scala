package results

import results.model.PercentileInterval
import results.summarize.{ LatencyAccumulator, OrderStatistics }

import java.util.SplittableRandom

import org.HdrHistogram.Histogram

import org.apache.commons.math3.distribution.NormalDistribution

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries

class PercentileIntervalTest {
  import PercentileIntervalTest._

  @Test
  def theMedianOfAHundredIsBoundedByTheFortiethAndSixtyFirst(): Unit = {
    // the textbook interval: P(40 <= Binomial(100, 0.5) <= 60) = 0.965, the narrowest at least 95 %
    val figures = CraftedSummaries.accumulator(CraftedSummaries.ok(1 to 100: _*)).figures(10).get
    assertEquals(PercentileInterval(40, Some(61)), figures.intervalsMs(50))
    assertEquals(50, figures.percentilesMs(50))
  }

  @Test
  def aP99NeedsThreeHundredAndSixtyEightSamplesForAnUpperBound(): Unit = {
    // all n samples lie below the p99 with probability 0.99^n: 2.501 % for 367, 2.476 % for 368
    def p99(n: Int) = CraftedSummaries.accumulator(CraftedSummaries.ok(1 to n: _*)).figures(1).get.intervalsMs(99)
    assertEquals(None, p99(367).upperMs, "too few samples to bound it")
    assertEquals(Some(368), p99(368).upperMs)
    // of 100, two or more lie above the p99.9 with probability 0.46 %: the 99th bounds it from below, none from above
    assertEquals((99L, 101L), OrderStatistics.ranks(100, 99.9, 95))
    assertEquals((0L, 3L), OrderStatistics.ranks(2, 50, 95), "no lower bound from 2 samples: both lie above with 25 %")
  }

  @Test
  def theFewestSamplesThatBoundAPercentileAreWhereAllBelowItGetsRarerThanTheTail(): Unit = {
    // no upper bound while all n samples lie below the q-quantile with probability q^n above the 2.5 % tail:
    // the least n with q^n <= 0.025, worked out here in closed form and found there from the binomial ranks
    Seq((99.0, 95.0), (95.0, 95.0), (90.0, 95.0), (99.0, 99.0), (50.0, 95.0)).foreach { case (rank, confidence) =>
      val q = rank / 100
      val tail = (1 - confidence / 100) / 2
      val closedForm = Iterator.from(1).find(n => math.pow(q, n.toDouble) <= tail).get.toLong
      val least = OrderStatistics.leastSamplesBounded(rank, confidence)
      assertEquals(closedForm, least, s"p$rank at $confidence %")
      // from both sides: the least sample's upper rank lies within it, the one before's beyond
      assertTrue(OrderStatistics.ranks(least, rank, confidence)._2 <= least, s"p$rank at $confidence %: $least")
      assertTrue(OrderStatistics.ranks(least - 1, rank, confidence)._2 > least - 1, s"p$rank at $confidence %")
    }
    assertEquals(368L, OrderStatistics.leastSamplesBounded(99, 95))
  }

  @Test
  def aWiderConfidenceGivesAWiderInterval(): Unit = {
    val samples = CraftedSummaries.ok(1 to 1000: _*)
    def interval(confidence: Double) =
      LatencyAccumulator.intervals(CraftedSummaries.accumulator(samples).mergeable, 1000, confidence)(90)
    // Binomial(1000, 0.9): P(B <= 880) = 2.20 %, P(B <= 881) = 2.78 %, P(B <= 917) = 97.01 %, P(B <= 918) = 97.69 %
    assertEquals(PercentileInterval(881, Some(919)), interval(95))
    // P(B <= 874) = 0.45 %, P(B <= 875) = 0.60 %, P(B <= 923) = 99.47 %, P(B <= 924) = 99.62 %
    assertEquals(PercentileInterval(875, Some(925)), interval(99))
  }

  /** Known truth from both sides: each 95 % interval covers the population's percentile (as the histogram
    * stores it) in at least 94 % of seeded trials and at most 98.5 %: an interval too wide is no answer either.
    * (The binomial's steps make some exact intervals cover more than 95 %: a p99 of 500 samples 98.0 %.)
    */
  @Test
  def ninetyFivePercentIntervalsCoverTheTruePercentileAtTheirNominalRate(): Unit = {
    val histogram = new Histogram(3)
    val outcomes = for {
      distribution <- Distributions
      size <- Sizes if size <= distribution.largestSize
    } yield {
      val random = new SplittableRandom(distribution.name.hashCode * 31L + size)
      val covered = Array.fill(Ranks.size)(0)
      (1 to Trials).foreach { _ =>
        histogram.reset()
        var max = 0
        (1 to size).foreach { _ =>
          val ms = distribution.draw(random)
          histogram.recordValue(ms.toLong)
          max = math.max(max, ms)
        }
        Ranks.zipWithIndex.foreach { case (rank, i) =>
          val truth = histogram.highestEquivalentValue(distribution.quantile(rank / 100).toLong)
          val interval = OrderStatistics.interval(histogram, max, rank, 95)
          // the slowest sample caps the upper bound: its bucket is what the histogram stores
          val upper = interval.upperMs.map(u => histogram.highestEquivalentValue(u.toLong))
          if (interval.lowerMs <= truth && upper.exists(_ >= truth)) covered(i) += 1
        }
      }
      Ranks.zip(covered).map { case (rank, c) => (s"${distribution.name}, n = $size, p$rank", c * 1.0 / Trials) }
    }
    val rates = outcomes.flatten
    val outside = rates.filterNot { case (_, rate) => rate >= 0.94 && rate <= 0.985 }
    assertEquals(Nil, outside, rates.mkString("\n"))
  }
}

object PercentileIntervalTest {
  private val Trials = 1000
  private val Sizes = Seq(500, 5000, 100000)
  private val Ranks = Seq(90.0, 95.0, 99.0)
  private val Normal = new NormalDistribution(null, 0, 1)

  /** A latency distribution in whole ms (as simulation.log holds them) with its quantiles. */
  private final case class Distribution(name: String, largestSize: Int, draw: SplittableRandom => Int)(
      cdf: Double => Double
  ) {

    /** The continuous quantile, truncated to whole ms as the samples are. */
    def quantile(q: Double): Double = {
      var (low, high) = (0.0, 1e7)
      (1 to 100).foreach { _ =>
        val mid = (low + high) / 2
        if (cdf(mid) < q) low = mid else high = mid
      }
      math.floor(high)
    }
  }

  private def lognormal(medianMs: Double, sigma: Double) =
    (x: Double) => if (x <= 0) 0.0 else Normal.cumulativeProbability(math.log(x / medianMs) / sigma)

  private val Distributions = Seq(
    Distribution("lognormal", 100000, r => (200 * math.exp(0.6 * r.nextGaussian())).toInt)(lognormal(200, 0.6)),
    Distribution(
      "bimodal",
      5000,
      r =>
        (if (r.nextDouble() < 0.7) 80 * math.exp(0.3 * r.nextGaussian())
         else 900 * math.exp(0.3 * r.nextGaussian())).toInt
    )(x => 0.7 * lognormal(80, 0.3)(x) + 0.3 * lognormal(900, 0.3)(x)),
    // Pareto, alpha 1.5: its p99 is 21 times its p50; capped at an hour, far above any percentile judged
    Distribution("heavy tail", 5000, r => math.min(3600000.0, 50 * math.pow(1 - r.nextDouble(), -1 / 1.5)).toInt)(x =>
      if (x < 50) 0.0 else 1 - math.pow(50 / x, 1.5)
    )
  )
}
