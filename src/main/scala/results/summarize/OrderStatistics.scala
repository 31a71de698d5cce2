package results.summarize

import results.model.PercentileInterval

import org.HdrHistogram.Histogram

import org.apache.commons.math3.distribution.BinomialDistribution

/** A percentile's confidence interval from a histogram's order statistics.
  *
  * Of n samples, the number B at or below the population's q-quantile is Binomial(n, q), whatever the
  * distribution. The l-th smallest sample lies at or below the quantile when B >= l, the u-th above it when
  * B < u; with l the binomial's alpha/2 quantile and u one past its (1 - alpha/2) quantile, each misses
  * with probability at most alpha/2. A histogram's values are its buckets' highest, which keep that order.
  */
object OrderStatistics {

  /** The 1-based ranks bounding the `rank`% percentile of `count` samples at `confidencePercent`; lower 0
    * where no sample bounds it from below, upper beyond `count` where none bounds it from above.
    */
  def ranks(count: Long, rank: Double, confidencePercent: Double): (Long, Long) = {
    require(count > 0 && count <= Int.MaxValue, s"an interval needs 1 to ${Int.MaxValue} samples (was $count)")
    val tail = (1 - confidencePercent / 100) / 2
    // no random generator: only the distribution's quantiles are used
    val binomial = new BinomialDistribution(null, count.toInt, rank / 100)
    (binomial.inverseCumulativeProbability(tail).toLong, binomial.inverseCumulativeProbability(1 - tail) + 1L)
  }

  /** The interval of the `rank`% percentile of `histogram`'s samples, none above `maxMs` (the exact slowest). */
  def interval(histogram: Histogram, maxMs: Int, rank: Double, confidencePercent: Double): PercentileInterval = {
    val count = histogram.getTotalCount
    val (lower, upper) = ranks(count, rank, confidencePercent)
    def capped(value: Long) = math.min(value, maxMs.toLong).toInt
    PercentileInterval(
      if (lower < 1) 0 else capped(valueAtRank(histogram, lower)),
      Option.when(upper <= count)(capped(valueAtRank(histogram, upper)))
    )
  }

  /** The interval of a live window's histogram (an early stop's, a capacity step's), none above the largest value
    * it holds: such a window keeps no exact slowest apart from its buckets.
    */
  def ofWindow(histogram: Histogram, rank: Double, confidencePercent: Double): PercentileInterval =
    interval(histogram, histogram.getMaxValue.toInt, rank, confidencePercent)

  /** About how many samples of `histogram`'s spread would put the `rank`% percentile's interval wholly on one side
    * of `limitMs`: the least n whose upper rank falls among the share of samples at or below the limit, or whose
    * lower rank falls above it. None where no number up to Int.MaxValue does (a limit at the percentile itself).
    */
  def samplesToDecide(histogram: Histogram, rank: Double, limitMs: Int, confidencePercent: Double): Option[Long] = {
    val atOrBelow = countAtOrBelow(histogram, limitMs).toDouble / histogram.getTotalCount
    def decides(n: Long): Boolean = {
      val (lower, upper) = ranks(n, rank, confidencePercent)
      upper <= n * atOrBelow || lower > n * atOrBelow
    }
    leastFrom(histogram.getTotalCount)(decides)
  }

  /** The fewest samples whose `rank`% percentile has an interval bounded from above at `confidencePercent`: below
    * it the interval's upper rank lies beyond the sample (a p99 at 95 % needs 368), and no limit can be passed.
    */
  def leastSamplesBounded(rank: Double, confidencePercent: Double): Long =
    leastFrom(1)(n => ranks(n, rank, confidencePercent)._2 <= n).getOrElse(
      throw new IllegalArgumentException(s"no sample up to ${Int.MaxValue} bounds a p$rank from above")
    )

  /** The least n for which `holds` (which once true stays true as n grows), searched from `start` doubling, then
    * bisected down to half the first that holds; None past Int.MaxValue.
    */
  private def leastFrom(start: Long)(holds: Long => Boolean): Option[Long] =
    Iterator.iterate(start)(_ * 2).takeWhile(_ <= Int.MaxValue).find(holds).map { high =>
      // between the last power of two that did not hold and the first that did
      var (low, least) = (high / 2, high)
      while (least - low > 1) {
        val mid = (low + least) / 2
        if (holds(mid)) least = mid else low = mid
      }
      least
    }

  private def countAtOrBelow(histogram: Histogram, limitMs: Int): Long = {
    val values = histogram.recordedValues.iterator
    var count = 0L
    while (values.hasNext) {
      val v = values.next()
      if (histogram.highestEquivalentValue(v.getValueIteratedTo) <= limitMs) count += v.getCountAtValueIteratedTo
    }
    count
  }

  /** The `rank`-th smallest sample (1-based) as the histogram keeps it: its bucket's highest value. */
  def valueAtRank(histogram: Histogram, rank: Long): Long = {
    val values = histogram.recordedValues.iterator
    var seen = 0L
    var value = 0L
    while (seen < rank && values.hasNext) {
      val v = values.next()
      seen += v.getCountAtValueIteratedTo
      value = histogram.highestEquivalentValue(v.getValueIteratedTo)
    }
    value
  }
}
