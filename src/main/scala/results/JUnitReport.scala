package results

/** junit.xml: one test case per condition of the run (it was not stopped early, it completed its plan, its
  * injector was not the bottleneck) and per threshold checked, so CI shows the gate like any test suite.
  */
object JUnitReport {
  def render(summary: RunSummary, verdict: GateVerdict): String =
    render(summary.run.simulation, summary.run.runId, summary.run.startEpochMs, summary.warnings, verdict)

  def render(
      simulation: String,
      runId: String,
      startEpochMs: Long,
      runWarnings: Seq[String],
      verdict: GateVerdict
  ): String = {
    val suite = s"gate.$simulation"
    // The run's own conditions come first, each a test case that fails with its reasons: a run stopped early,
    // one that did not complete its plan, or one whose injector was the bottleneck must not read as green in CI.
    val conditions = Seq(
      ("the run was not stopped early", "early-stop", verdict.stoppedEarly),
      ("the run completed its plan", "incomplete", verdict.incomplete),
      ("the injector was not the bottleneck", "invalid", verdict.invalid)
    ).map { case (name, kind, reasons) =>
      val failure =
        if (reasons.isEmpty) ""
        else {
          val text = xml(reasons.mkString("; "))
          s"""<failure message="$text" type="$kind">$text</failure>"""
        }
      s"""    <testcase classname="${xml(suite)}" name="${xml(name)}" time="0">$failure</testcase>"""
    }
    val cases = conditions ++ verdict.checks.map { check =>
      val body =
        if (!check.passed) s"""<failure message="${xml(check.outcome)}" type="threshold">${xml(
            check.name + ": " + check.outcome
          )}</failure>"""
        else ""
      s"""    <testcase classname="${xml(suite)}" name="${xml(check.name)}" time="0">$body</testcase>"""
    }
    val warnings = (runWarnings ++ verdict.warnings).map(xml).mkString("\n")
    s"""<?xml version="1.0" encoding="UTF-8"?>
       |<testsuites name="${xml(runId)}" tests="${cases.size}" failures="${failures(verdict)}">
       |  <testsuite name="${xml(suite)}" tests="${cases.size}" failures="${failures(
        verdict
      )}" errors="0" skipped="0" timestamp="${java.time.Instant
        .ofEpochMilli(startEpochMs)
        .toString
        .stripSuffix("Z")}">
       |${cases.mkString("\n")}
       |    <system-out>${warnings}</system-out>
       |  </testsuite>
       |</testsuites>
       |""".stripMargin
  }

  private def failures(verdict: GateVerdict): Int =
    verdict.failures.size + Seq(verdict.stoppedEarly, verdict.incomplete, verdict.invalid).count(_.nonEmpty)

  private def xml(text: String): String =
    text.flatMap {
      case '&'                                                 => "&amp;"
      case '<'                                                 => "&lt;"
      case '>'                                                 => "&gt;"
      case '"'                                                 => "&quot;"
      case c if c < ' ' && c != '\n' && c != '\t' && c != '\r' => " "
      case c                                                   => c.toString
    }
}
