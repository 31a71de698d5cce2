package results

import results.model.GateVerdict
import results.render.RunIndexPage

import java.nio.file.Path

/** The results step's last console lines: the verdict and why, and where to read the run. */
object ResultsConsole {

  /** What the index line adds after an abort, whose archive leaves the index as it was. */
  val IndexLeftAfterAbort = "not rewritten after the abort: the next run, or ResultsCli index, rewrites it"

  /** The verdict's warnings, failed checks and PASS/FAIL line. */
  def printVerdict(runId: String, verdict: GateVerdict): Unit = {
    verdict.warnings.foreach(w => println(s"results: WARNING $w"))
    verdict.incomplete.foreach(reason => println(s"results: INCOMPLETE ${reason.text}"))
    verdict.invalid.foreach(reason => println(s"results: INVALID ${reason.text}"))
    verdict.stoppedEarly.foreach(reason => println(s"results: STOPPED EARLY ${reason.text}"))
    verdict.failures.foreach(f => println(s"results: FAILED ${f.name}: ${f.outcome}"))
    println(
      s"results: gate ${verdict.label} for $runId (${verdict.checks.size} checks, ${verdict.failures.size} failed" +
        results.render.CapacityText.judged(verdict.capacity).fold("")(c => s"; $c") + ")"
    )
  }

  /** The console's last lines: where the run's report and summaries are kept (Gatling's own last line
    * names its working copy under target/gatling, which `mvn clean` deletes).
    */
  def whereToRead(runDir: Path, resultsRoot: Path, indexRewritten: Boolean): Seq[String] = {
    val here = java.nio.file.Paths.get("").toAbsolutePath
    def shown(path: Path) = {
      val absolute = path.toAbsolutePath.normalize
      if (absolute.startsWith(here)) here.relativize(absolute).toString else absolute.toString
    }
    Seq(
      s"results: this run      ${shown(runDir)}/ (Gatling's report index.html, summary.md, summary.json, junit.xml)",
      s"results: every run     ${shown(resultsRoot.resolve(RunIndexPage.FileName))}" +
        (if (indexRewritten) "" else s" ($IndexLeftAfterAbort)")
    )
  }
}
