package results.history

import results.gate.BaselinePolicy

/** E-divisive means (Matteson and James, 2014) with Student's t as its significance test, as Apache Otava
  * (formerly Hunter, from MongoDB's CI) applies it to performance series: split a series where the energy distance
  * between the two sides, weighted by their sizes, is greatest; keep the split when Student's t on the two sides
  * finds their means different; then look again inside each part, until the best split left is not significant.
  *
  * A run's figures vary by a factor (lognormal): a series of positive values is judged on their logarithms, where
  * that noise is symmetric and a shift of x % is the same step at any level. The t test's p-value is multiplied
  * by the number of places the split could have been (Bonferroni): the split tested is the best of them all, and
  * a plain t test of it would find shifts in pure noise. The test is exact arithmetic: the same series always
  * gives the same change points.
  *
  * @param significance the largest p-value of a split kept (after the multiplication)
  * @param minSegment   the fewest runs on each side of a split: a new level is judged after this many runs
  * @param minChange    the smallest relative change of the mean kept: a smaller one, however significant (a
  *                     series that hardly varies, as a throughput set by the load profile), is not news
  */
final case class EDivisive(significance: Double, minSegment: Int, minChange: Double) {
  require(significance > 0 && minSegment >= 2 && minChange >= 0)

  /** The runs (indices into `values`) where a new level began, in order, each with its p-value. */
  def changePoints(values: IndexedSeq[Double]): Seq[EDivisive.Split] = {
    val raw = values.toArray
    val judged = if (raw.forall(_ > 0)) raw.map(math.log) else raw
    @annotation.tailrec
    def divide(cuts: Vector[Int], found: Vector[EDivisive.Split]): Vector[EDivisive.Split] = {
      val candidates = cuts.zip(cuts.tail).flatMap { case (from, until) =>
        bestSplit(judged.slice(from, until)).map(best =>
          EDivisive.Split(from + best._1, pValue(judged, from, from + best._1, until))
        )
      }
      candidates.minByOption(_.pValue) match {
        case Some(split) if split.pValue <= significance => divide((cuts :+ split.index).sorted, found :+ split)
        case _                                           => found
      }
    }
    if (values.size < 2) Nil
    else floored(raw, refined(judged, divide(Vector(0, values.size), Vector.empty).sortBy(_.index)))
  }

  /** Student's t of the means of `x` before and after `at` (in from until `until`, pooled variance), its two-sided
    * p-value multiplied by the number of places a split of that segment could have been.
    */
  private def pValue(x: Array[Double], from: Int, at: Int, until: Int): Double = {
    val (before, after) = (x.slice(from, at), x.slice(at, until))
    def mean(v: Array[Double]) = v.sum / v.length
    def squares(v: Array[Double]) = { val m = mean(v); v.map(a => (a - m) * (a - m)).sum }
    val degrees = until - from - 2
    val spread = squares(before) + squares(after)
    val difference = mean(after) - mean(before)
    val p =
      if (spread == 0) { if (difference == 0) 1.0 else 0.0 }
      else {
        val t = difference / math.sqrt(spread / degrees * (1.0 / before.length + 1.0 / after.length))
        StudentT.twoSidedP(t, degrees)
      }
    math.min(1.0, p * (until - from - 2 * minSegment + 1))
  }

  /** Each change point placed again at the best split between its neighbours, and its p-value there: a split found
    * first in a staircase (two shifts the same way) lies between its steps, and once the other step is found it
    * belongs at its own.
    */
  private def refined(values: Array[Double], splits: Vector[EDivisive.Split]): Vector[EDivisive.Split] =
    splits.indices.foldLeft(splits) { (placed, i) =>
      val from = if (i == 0) 0 else placed(i - 1).index
      val until = if (i == placed.size - 1) values.length else placed(i + 1).index
      bestSplit(values.slice(from, until)).fold(placed) { best =>
        placed.updated(i, EDivisive.Split(from + best._1, pValue(values, from, from + best._1, until)))
      }
    }

  /** The change points without those that moved the mean by less than minChange, the smallest left out first (its
    * neighbours' levels then span it).
    */
  @annotation.tailrec
  private def floored(values: Array[Double], splits: Vector[EDivisive.Split]): Vector[EDivisive.Split] = {
    val bounds = 0 +: splits.map(_.index) :+ values.length
    def mean(from: Int, until: Int) = values.slice(from, until).sum / (until - from)
    val small = splits.indices.flatMap { i =>
      val (before, after) = (mean(bounds(i), bounds(i + 1)), mean(bounds(i + 1), bounds(i + 2)))
      Option.when(before != 0)(math.abs(after - before) / math.abs(before)).filter(_ < minChange).map(i -> _)
    }
    small.minByOption(_._2) match {
      case Some((i, _)) => floored(values, splits.patch(i, Nil, 1))
      case None         => splits
    }
  }

  /** Where in `x` the split statistic Q is greatest (the index of the first value after the split), and Q there;
    * None for a segment too short to split or one without any difference at all (a series of zeros).
    */
  private[history] def bestSplit(x: Array[Double]): Option[(Int, Double)] = {
    val m = x.length
    if (m < 2 * minSegment) None
    else {
      // prefix(i * w + j): the sum of |x(a) - x(b)| over a < i, b < j, so that any block's sum is four lookups.
      val w = m + 1
      val prefix = new Array[Double](w * w)
      var i = 0
      while (i < m) {
        var j = 0
        while (j < m) {
          prefix((i + 1) * w + j + 1) = math.abs(x(i) - x(j)) + prefix(i * w + j + 1) + prefix((i + 1) * w + j) -
            prefix(i * w + j)
          j += 1
        }
        i += 1
      }
      def block(r0: Int, r1: Int, c0: Int, c1: Int): Double =
        prefix(r1 * w + c1) - prefix(r0 * w + c1) - prefix(r1 * w + c0) + prefix(r0 * w + c0)
      var best = -1
      var bestQ = 0.0
      var tau = minSegment
      while (tau <= m - minSegment) {
        val (n1, n2) = (tau.toDouble, (m - tau).toDouble)
        val between = 2 * block(0, tau, tau, m) / (n1 * n2)
        val within = block(0, tau, 0, tau) / (n1 * (n1 - 1)) + block(tau, m, tau, m) / (n2 * (n2 - 1))
        val q = n1 * n2 / m * (between - within)
        if (q > bestQ) { best = tau; bestQ = q }
        tau += 1
      }
      Option.when(best >= 0)((best, bestQ))
    }
  }
}

object EDivisive {

  /** A change point: the index of the first run of the new level, and the p-value of the split there. */
  final case class Split(index: Int, pValue: Double)

  /** What the history judges with under `policy` (docs/history.md gives the figures measured with it): about 3
    * false change points in 100 series of 60 runs without any, and no change smaller than half of what the
    * baseline comparison lets a percentile rise reported.
    */
  def forPolicy(policy: BaselinePolicy): EDivisive =
    EDivisive(significance = 0.05, minSegment = 4, minChange = policy.maxP99IncreasePercent / 100 / 2)

  /** Under the default policy (a change under 5 % not reported): where no thresholds are read (ResultsCli history). */
  val Default: EDivisive = forPolicy(BaselinePolicy.Default)
}
