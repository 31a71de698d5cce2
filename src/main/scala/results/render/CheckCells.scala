package results.render

import text.Formats

import results.model.{ CheckResult, GateCheck }

import Formats.checkValue

/** One gate check as summary.md's gate table and run.html's checks table show it. */
object CheckCells {
  val Names: Seq[String] = Seq("Check", "Measured", "Allowed", "Result")

  /** "194 ms (166-?)": the figure with its interval where the check has one ([[RequestColumns.range]]); "-" where
    * its subject never ran.
    */
  def measured(c: GateCheck): String =
    c.measured.fold("-")(v =>
      checkValue(v) + c.metric.unit.suffix + c.interval.fold("")(i => s" (${RequestColumns.range(i)})")
    )

  def allowed(c: GateCheck): String = s"${checkValue(c.allowed)}${c.metric.unit.suffix}"

  /** The result's word, then what more it says (" (never ran)", " (about 188 more samples)"), apart so that each
    * page can set the word off its own way.
    */
  def result(c: GateCheck): (String, String) = c.result match {
    case CheckResult.Passed       => ("pass", "")
    case CheckResult.Failed       => ("FAIL", if (c.neverRan) " (never ran)" else "")
    case CheckResult.Inconclusive =>
      ("inconclusive", c.moreSamples.fold("")(n => s" (about ${Formats.live(n.toDouble, 0, "")} more samples)"))
    case CheckResult.NotJudged => ("not judged", " (smoke)")
  }
}
