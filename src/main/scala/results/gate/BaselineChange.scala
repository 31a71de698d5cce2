package results.gate

import results.model.{ CheckResult, GateCheck }

/** What the data says of a p99 against its baseline's (docs/gate.md#baseline-regression-on-evidence). */
sealed abstract class BaselineChange(val word: String)

object BaselineChange {

  /** The runs' intervals lie apart by more than the policy: the p99 rose beyond it. */
  case object Regressed extends BaselineChange("REGRESSION")

  /** The current interval lies within the policy applied to the baseline's lower bound. */
  case object Within extends BaselineChange("within policy")

  /** The samples cannot tell a rise beyond the policy from noise: never a pass, never a regression. */
  case object NotResolved extends BaselineChange("not resolved")

  /** The change a regression check ([[Gate.regressionCheck]]) found; a smoke run's not-judged check is not resolved. */
  def of(check: GateCheck): BaselineChange = check.result match {
    case CheckResult.Failed => Regressed
    case CheckResult.Passed => Within
    case _                  => NotResolved
  }
}
