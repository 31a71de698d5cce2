package results.history

/** Student's t distribution: the probability of a t statistic at least as far from 0, for the significance of a
  * split (Numerical Recipes' incomplete beta function, as continued fraction, and Lanczos' log gamma).
  */
object StudentT {

  /** P(|T| >= |t|) for T of `degrees` degrees of freedom. */
  def twoSidedP(t: Double, degrees: Int): Double = {
    require(degrees >= 1)
    if (t.isInfinite) 0.0 else incompleteBeta(degrees / 2.0, 0.5, degrees / (degrees + t * t))
  }

  /** The regularized incomplete beta function I_x(a, b). */
  private def incompleteBeta(a: Double, b: Double, x: Double): Double =
    if (x <= 0) 0.0
    else if (x >= 1) 1.0
    else {
      val front = math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * math.log(x) + b * math.log(1 - x))
      // The continued fraction converges fast on this side of the mean; the other side by symmetry.
      if (x < (a + 1) / (a + b + 2)) front * fraction(a, b, x) / a
      else 1 - front * fraction(b, a, 1 - x) / b
    }

  /** Lentz's evaluation of the incomplete beta function's continued fraction. */
  private def fraction(a: Double, b: Double, x: Double): Double = {
    val tiny = 1e-300
    def nonZero(v: Double) = if (math.abs(v) < tiny) tiny else v
    var c = 1.0
    var d = 1 / nonZero(1 - (a + b) * x / (a + 1))
    var h = d
    var m = 1
    var converged = false
    while (!converged && m <= 300) {
      val even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 / nonZero(1 + even * d)
      c = nonZero(1 + even / c)
      h *= d * c
      val odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 / nonZero(1 + odd * d)
      c = nonZero(1 + odd / c)
      h *= d * c
      converged = math.abs(d * c - 1) < 1e-14
      m += 1
    }
    h
  }

  private val Lanczos = Array(76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155,
    0.1208650973866179e-2, -0.5395239384953e-5)

  private def logGamma(x: Double): Double = {
    val tmp = x + 5.5 - (x + 0.5) * math.log(x + 5.5)
    val series = Lanczos.indices.foldLeft(1.000000000190015)((s, j) => s + Lanczos(j) / (x + 1 + j))
    -tmp + math.log(2.5066282746310005 * series / x)
  }
}
