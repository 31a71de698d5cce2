package results

/** junit.xml: one test case per condition of the run (it was not stopped early, it completed its plan, its
  * injector was not the bottleneck) and per threshold checked, so CI shows the gate like any test suite.
  * Every threshold's case carries its measured value and limit, passed or not (as properties and as a line
  * of output), and the suite carries the run's properties: what was run, against what, from which commit.
  */
object JUnitReport {
  def render(summary: RunSummary, verdict: GateVerdict): String = {
    val run = summary.run
    render(
      properties(
        run.simulation,
        run.runId,
        run.target,
        run.profile,
        run.shard,
        run.overrides,
        run.gitCommit,
        verdict
      ) ++
        Seq(
          "simulationClass" -> run.simulationClass,
          "systems" -> run.systems.mkString(", "),
          "gatlingVersion" -> run.gatlingVersion
        ),
      run.startEpochMs,
      summary.warnings,
      verdict
    )
  }

  /** The run's properties, in the order CI shows them; each override as `override.<key>`. */
  def properties(
      simulation: String,
      runId: String,
      target: String,
      profile: String,
      shard: String,
      overrides: Map[String, String],
      commit: String,
      verdict: GateVerdict
  ): Seq[(String, String)] =
    Seq(
      "simulation" -> simulation,
      "runId" -> runId,
      "verdict" -> verdict.label,
      "target" -> target,
      "profile" -> profile,
      "shard" -> shard,
      "commit" -> commit,
      "overrides" -> (if (overrides.isEmpty) "none"
                      else overrides.toSeq.sorted.map { case (k, v) => s"$k=$v" }.mkString(" "))
    ) ++ overrides.toSeq.sorted.map { case (k, v) => s"override.$k" -> v }

  def render(
      properties: Seq[(String, String)],
      startEpochMs: Long,
      runWarnings: Seq[String],
      verdict: GateVerdict
  ): String = {
    val simulation = properties.collectFirst { case ("simulation", s) => s }.getOrElse("run")
    val runId = properties.collectFirst { case ("runId", id) => id }.getOrElse(simulation)
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
      val failure =
        if (check.passed) ""
        else s"""<failure message="${xml(check.outcome)}" type="threshold">${xml(
            check.name + ": " + check.outcome
          )}</failure>"""
      val figures = Seq(
        "measured" -> check.measured.fold("never ran")(GateCheck.format),
        "limit" -> s"${if (check.atMost) "at most" else "at least"} ${GateCheck.format(check.allowed)}",
        "unit" -> check.unit.trim
      )
      s"""    <testcase classname="${xml(suite)}" name="${xml(check.name)}" time="0">${propertiesXml(figures, "")}""" +
        s"""$failure<system-out>${xml(check.name + ": " + check.outcome)}</system-out></testcase>"""
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
       |${propertiesXml(properties, "    ")}
       |${cases.mkString("\n")}
       |    <system-out>${warnings}</system-out>
       |  </testsuite>
       |</testsuites>
       |""".stripMargin
  }

  private def propertiesXml(properties: Seq[(String, String)], indent: String): String =
    properties
      .map { case (name, value) => s"""<property name="${xml(name)}" value="${xml(value)}"/>""" }
      .mkString(s"$indent<properties>", "", "</properties>")

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
