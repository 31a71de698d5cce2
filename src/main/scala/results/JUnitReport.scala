package results

/** junit.xml: one test case per threshold checked, so CI shows the gate like any test suite. */
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
    val completion =
      if (verdict.incomplete.isEmpty)
        s"""    <testcase classname="${xml(suite)}" name="the run completed its plan" time="0"></testcase>"""
      else {
        val reasons = xml(verdict.incomplete.mkString("; "))
        s"""    <testcase classname="${xml(
            suite
          )}" name="the run completed its plan" time="0"><failure message="$reasons" type="incomplete">$reasons</failure></testcase>"""
      }
    val cases = completion +: verdict.checks.map { check =>
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

  private def failures(verdict: GateVerdict): Int = verdict.failures.size + (if (verdict.incomplete.isEmpty) 0 else 1)

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
