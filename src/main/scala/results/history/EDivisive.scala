package results.history

import scala.util.Random

/** E-divisive means (Matteson and James, 2014), as Apache Otava (formerly Hunter, from MongoDB's CI) applies it
  * to performance series: split a series where the energy distance between the two sides, weighted by their
  * sizes, is greatest; keep the split when a permutation test finds it significant; then look again inside
  * each part, until the best split left is not significant.
  *
  * The permutations come from a fixed seed, so the same series always gives the same change points.
  *
  * @param permutations how many shuffles of a segment the test compares its split against
  * @param significance the largest p-value of a split kept
  * @param minSegment   the fewest runs on each side of a split: a new level is judged after this many runs
  */
final case class EDivisive(permutations: Int, significance: Double, minSegment: Int, seed: Long) {
  require(permutations >= 1 && minSegment >= 2)

  /** The runs (indices into `values`) where a new level began, in order, each with its p-value. */
  def changePoints(values: IndexedSeq[Double]): Seq[EDivisive.Split] = {
    val all = values.toArray
    val random = new Random(seed)
    // The test stops once this many shuffles split as strongly: the p-value can no longer be small enough.
    val tooMany = math.floor(significance * (permutations + 1)).toInt
    @annotation.tailrec
    def divide(cuts: Vector[Int], found: Vector[EDivisive.Split]): Vector[EDivisive.Split] = {
      val candidates = cuts.zip(cuts.tail).flatMap { case (from, until) =>
        bestSplit(all.slice(from, until)).map { case (at, q) => (from, until, at, q) }
      }
      candidates.maxByOption(_._4) match {
        case Some((from, until, at, q)) =>
          val segment = all.slice(from, until)
          var asStrong = 0
          var tried = 0
          while (tried < permutations && asStrong < tooMany) {
            if (bestSplit(shuffle(segment, random)).exists(_._2 >= q)) asStrong += 1
            tried += 1
          }
          val p = (asStrong + 1).toDouble / (permutations + 1)
          if (asStrong < tooMany && p <= significance)
            divide((cuts :+ (from + at)).sorted, found :+ EDivisive.Split(from + at, p))
          else found
        case None => found
      }
    }
    if (values.size < 2) Nil else refined(all, divide(Vector(0, values.size), Vector.empty).sortBy(_.index))
  }

  /** Each change point placed again at the best split between its neighbours: a split found first in a staircase
    * (two shifts the same way) lies between its steps, and once the other step is found it belongs at its own.
    */
  private def refined(values: Array[Double], splits: Vector[EDivisive.Split]): Vector[EDivisive.Split] =
    splits.indices.foldLeft(splits) { (placed, i) =>
      val from = if (i == 0) 0 else placed(i - 1).index
      val until = if (i == placed.size - 1) values.length else placed(i + 1).index
      bestSplit(values.slice(from, until)).fold(placed)(best =>
        placed.updated(i, placed(i).copy(index = from + best._1))
      )
    }

  /** Fisher-Yates, in place. */
  private def shuffle(values: Array[Double], random: Random): Array[Double] = {
    var i = values.length - 1
    while (i > 0) {
      val j = random.nextInt(i + 1)
      val t = values(i); values(i) = values(j); values(j) = t
      i -= 1
    }
    values
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

  /** What the history judges with (docs/history.md gives the figures measured with it). */
  val Default: EDivisive = EDivisive(permutations = 199, significance = 0.01, minSegment = 4, seed = 64)
}
