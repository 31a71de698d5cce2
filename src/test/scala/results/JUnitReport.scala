package results

/** junit.xml: one test case per threshold checked, so CI shows the gate like any test suite. */
object JUnitReport {
  def render(summary: RunSummary, verdict: GateVerdict): String = {
    val suite = s"gate.${summary.run.simulation}"
    val cases = verdict.checks.map { check =>
      val body =
        if (check.skipped) s"""<skipped message="${xml(check.outcome)}"/>"""
        else if (!check.passed) s"""<failure message="${xml(check.outcome)}" type="threshold">${xml(check.name + ": " + check.outcome)}</failure>"""
        else ""
      s"""    <testcase classname="${xml(suite)}" name="${xml(check.name)}" time="0">$body</testcase>"""
    }
    val warnings = (summary.warnings ++ verdict.warnings).map(xml).mkString("\n")
    s"""<?xml version="1.0" encoding="UTF-8"?>
       |<testsuites name="${xml(summary.run.runId)}" tests="${verdict.checks.size}" failures="${verdict.failures.size}">
       |  <testsuite name="${xml(suite)}" tests="${verdict.checks.size}" failures="${verdict.failures.size}" errors="0" skipped="${verdict.checks.count(_.skipped)}" timestamp="${java.time.Instant
        .ofEpochMilli(summary.run.startEpochMs)
        .toString
        .stripSuffix("Z")}">
       |${cases.mkString("\n")}
       |    <system-out>${warnings}</system-out>
       |  </testsuite>
       |</testsuites>
       |""".stripMargin
  }

  private def xml(text: String): String =
    text.flatMap {
      case '&'                                                   => "&amp;"
      case '<'                                                   => "&lt;"
      case '>'                                                   => "&gt;"
      case '"'                                                   => "&quot;"
      case c if c < ' ' && c != '\n' && c != '\t' && c != '\r'   => " "
      case c                                                     => c.toString
    }
}
