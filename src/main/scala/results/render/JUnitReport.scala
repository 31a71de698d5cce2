package results.render

import text.Formats

import results.model.{ GateVerdict, RunSummary }

import java.io.StringWriter
import javax.xml.stream.XMLOutputFactory

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
        run.shard.text,
        run.overrides,
        run.gitCommit,
        verdict
      ) ++
        // A run without figures has no log to name its class or Gatling's version.
        (if (summary.hasFigures)
           Seq(
             "simulationClass" -> run.simulationClass,
             "systems" -> run.systems.mkString(", "),
             "gatlingVersion" -> run.gatlingVersion
           )
         else Nil),
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
      ("the run was not stopped early", "early-stop", verdict.stoppedEarly.map(_.text)),
      ("the run completed its plan", "incomplete", verdict.incomplete.map(_.text)),
      ("the injector was not the bottleneck", "invalid", verdict.invalid.map(_.text))
    )
    val text = new StringWriter
    val out = XMLOutputFactory.newInstance().createXMLStreamWriter(text)
    def element(name: String, attributes: (String, String)*)(content: => Unit): Unit = {
      out.writeStartElement(name)
      attributes.foreach { case (key, value) => out.writeAttribute(key, clean(value)) }
      content
      out.writeEndElement()
    }
    def line(indent: String): Unit = out.writeCharacters("\n" + indent)
    def writeProperties(figures: Seq[(String, String)]): Unit =
      element("properties")(figures.foreach { case (name, value) =>
        out.writeEmptyElement("property")
        out.writeAttribute("name", clean(name))
        out.writeAttribute("value", clean(value))
      })
    def failure(message: String, kind: String, body: String): Unit =
      element("failure", "message" -> message, "type" -> kind)(out.writeCharacters(clean(body)))
    val tests = (conditions.size + verdict.checks.size).toString
    val failed = failures(verdict).toString
    // an inconclusive or not judged check is neither green nor red: JUnit's skipped
    val skipped = verdict.checks.count(c => !c.passed && !c.failed).toString

    out.writeStartDocument("UTF-8", "1.0")
    line("")
    element("testsuites", "name" -> runId, "tests" -> tests, "failures" -> failed) {
      line("  ")
      val timestamp = Formats.isoLocal(startEpochMs)
      element(
        "testsuite",
        "name" -> suite,
        "tests" -> tests,
        "failures" -> failed,
        "errors" -> "0",
        "skipped" -> skipped,
        "timestamp" -> timestamp
      ) {
        line("    ")
        writeProperties(properties)
        conditions.foreach { case (name, kind, reasons) =>
          line("    ")
          element("testcase", "classname" -> suite, "name" -> name, "time" -> "0") {
            if (reasons.nonEmpty) failure(reasons.mkString("; "), kind, reasons.mkString("; "))
          }
        }
        verdict.checks.foreach { check =>
          line("    ")
          element("testcase", "classname" -> suite, "name" -> check.name, "time" -> "0") {
            writeProperties(Seq(
              "measured" -> check.measured.fold("never ran")(Formats.checkValue),
              "limit" -> s"${if (check.atMost) "at most" else "at least"} ${Formats.checkValue(check.allowed)}",
              "unit" -> check.metric.unit.suffix.trim
            ) ++ check.interval.toSeq.flatMap(i =>
              Seq("intervalLower" -> i.lowerMs.toString, "intervalUpper" -> i.upperMs.fold("unbounded")(_.toString))
            ) ++ Seq("result" -> check.result.word))
            if (check.failed) failure(check.outcome, "threshold", check.name + ": " + check.outcome)
            else if (!check.passed) element("skipped", "message" -> check.outcome)(())
            element("system-out")(out.writeCharacters(clean(check.name + ": " + check.outcome)))
          }
        }
        line("    ")
        element("system-out")(out.writeCharacters(clean((runWarnings ++ verdict.warnings).mkString("\n"))))
        line("  ")
      }
      line("")
    }
    out.writeEndDocument()
    out.close()
    text.toString + "\n"
  }

  private def failures(verdict: GateVerdict): Int =
    verdict.failures.size + Seq(verdict.stoppedEarly, verdict.incomplete, verdict.invalid).count(_.nonEmpty)

  /** XML 1.0 cannot hold control characters other than tab and line breaks, escaped or not: a space instead. */
  private def clean(text: String): String =
    text.map(c => if (c < ' ' && c != '\n' && c != '\t' && c != '\r') ' ' else c)
}
