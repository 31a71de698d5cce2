package results.history

import org.apache.commons.math3.special.Beta

/** Student's t distribution: the probability of a t statistic at least as far from 0, for the significance of a
  * split; Commons Math's regularized incomplete beta function, already the suite's for its percentile intervals.
  */
object StudentT {

  /** P(|T| >= |t|) for T of `degrees` degrees of freedom. */
  def twoSidedP(t: Double, degrees: Int): Double = {
    require(degrees >= 1)
    if (t.isInfinite) 0.0 else Beta.regularizedBeta(degrees / (degrees + t * t), degrees / 2.0, 0.5)
  }
}
