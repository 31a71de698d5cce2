package results

import results.render.{
  ConsoleSummary,
  JUnitReport,
  RunIndexPage,
  ShardSections,
  SitePages,
  SummaryMarkdown,
  WindowChart
}

import results.archive.{ RunArchive, SummaryJson }
import results.gate.{ Gate, RunComparison, SystemVerdicts, Thresholds }
import results.history.HistoryRecord
import results.model.{ GateVerdict, Problem, RunContext, RunSummary, WorkDone }
import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path }
import java.time.Clock

import scala.util.control.NonFatal

import config.{ InputError, Redaction }

/** Everything that happens after a run: archive, summaries, gate, index. */
object PostRun {

  /** After Gatling wrote its report in `gatlingRunDir`: archive the folder under `resultsRoot`, write
    * run.json, summary.json, summary.md and junit.xml, evaluate the gate (and the baseline), regenerate
    * resultsRoot/index.html, print the summary table. Once the folder is copied nothing throws (bad
    * settings, thresholds or log, a failed write): the outcome carries the one-line error, printed as
    * `results: ERROR ...`. Settings are read after the copy; a simulation that read them at its start
    * passes them to the overload that takes them.
    */
  def process(gatlingRunDir: Path, resultsRoot: Path, context: RunContext): RunOutcome =
    archiveAndGate(gatlingRunDir, resultsRoot, context, ResultsSettings.load(), None)

  def process(gatlingRunDir: Path, resultsRoot: Path, context: RunContext, settings: ResultsSettings): RunOutcome =
    archiveAndGate(gatlingRunDir, resultsRoot, context, settings, None)

  /** As above, with the thresholds of `thresholdsFile` when given (else thresholds.conf or -Dthresholds). */
  def process(
      gatlingRunDir: Path,
      resultsRoot: Path,
      context: RunContext,
      settings: ResultsSettings,
      thresholdsFile: Option[Path]
  ): RunOutcome =
    archiveAndGate(gatlingRunDir, resultsRoot, context, settings, thresholdsFile)

  /** As [[process]], after a second Ctrl-C, when the JVM has 4.5 s left: the run's own files only. The index
    * reads every archived run, so its cost grows with the archive; the next run, or `ResultsCli index`,
    * rewrites it.
    */
  def processAborted(gatlingRunDir: Path, resultsRoot: Path, context: RunContext, settings: ResultsSettings)
      : RunOutcome =
    archiveAndGate(gatlingRunDir, resultsRoot, context, settings, None, writeIndex = false)

  /** Loads what the archive uses (the chart library, the JSON binding, the page templates) before the load:
    * cold, they take most of the archive's time, which after an abort must fit in 4.5 s on a busy machine.
    */
  def prepare(context: RunContext): Unit = {
    WindowChart.prepare()
    SitePages.prepare()
    SummaryJson.writeContext(context, "", "")
  }

  private def archiveAndGate(
      gatlingRunDir: Path,
      resultsRoot: Path,
      context: RunContext,
      settings: => ResultsSettings,
      thresholdsFile: Option[Path],
      writeIndex: Boolean = true
  ): RunOutcome = {
    val archived = RunArchive.archive(gatlingRunDir, resultsRoot)
    val recorded = redacted(context)
    val outcome =
      try {
        val runId = archived.getFileName.toString
        val commit = RunFolders.gitCommit()
        RunArchive.writeAtomically(
          archived.resolve(RunArchive.RunJsonName),
          SummaryJson.writeContext(recorded, runId, commit)
        )
        summarizeAndGate(
          archived,
          resultsRoot,
          recorded,
          RunSummarizer.RunIdentity(runId, commit),
          settings,
          thresholdsFile
        )
      } catch { case NonFatal(e) => RunOutcome(archived, None, None, Some(InputError.oneLine(e))) }
    val indexError =
      try { if (writeIndex) SiteFiles.index(resultsRoot); None }
      catch {
        case NonFatal(e) => Some(s"index ${resultsRoot.resolve(RunIndexPage.FileName)}: ${InputError.oneLine(e)}")
      }
    val withIndex = outcome.copy(error = (outcome.error ++ indexError).reduceOption(_ + "; " + _))
    withIndex.error.foreach(e => println(s"results: ERROR $e"))
    ResultsConsole.whereToRead(archived, resultsRoot, indexRewritten = writeIndex).foreach(println)
    withIndex
  }

  /** The context as the run's files show it: no override's value carries a credential (a JDBC URL's
    * `?password=`), whoever built it; a run.json written before the suite redacted them loses them here.
    */
  private def redacted(context: RunContext): RunContext =
    context.copy(overrides = Redaction.redactSettings(context.overrides))

  /** Summaries and gate for a run folder that already holds its simulation.log (and perhaps run.json).
    * `clock` dates a run stopped before its log held a record, from how long it ran.
    */
  def summarizeAndGate(
      runDir: Path,
      resultsRoot: Path,
      asGiven: RunContext,
      identity: RunSummarizer.RunIdentity,
      settings: ResultsSettings,
      thresholdsFile: Option[Path],
      clock: Clock = Clock.systemUTC()
  ): RunOutcome = {
    val context = redacted(asGiven)
    val summary =
      try RunSummarizer.summarize(runDir, context, identity, settings)
      catch {
        case e: InputError if !context.course.reachedEnd =>
          return incompleteWithoutFigures(runDir, resultsRoot, context, identity, settings, e.getMessage, clock)
        case e: InputError => return RunOutcome(runDir, None, None, Some(e.getMessage))
      }
    summary.warnings.foreach(w => println(s"results: WARNING $w"))
    gate(runDir, summary, resultsRoot, settings, thresholdsFile)
  }

  /** The gate for a summarised run (fresh, or re-checked by `ResultsCli gate`): its thresholds and the
    * baseline the settings name (one that cannot be used is a warning, and the gate runs without it);
    * rewrites summary.json, summary.md and junit.xml, prints the tables and the verdict. Thresholds that
    * cannot be read leave the run without a verdict (and without junit.xml).
    */
  def gate(
      runDir: Path,
      summary: RunSummary,
      resultsRoot: Path,
      settings: ResultsSettings,
      thresholdsFile: Option[Path]
  ): RunOutcome = {
    val deployed = HistoryStep.deployedVersions(settings, summary.run.systems)
    val gated =
      try {
        // Under the thresholds the run was given as settings (run.json): those its Gatling assertions used.
        val thresholds = Thresholds.load(summary.run.systems, thresholdsFile, summary.run.overrides)
        val (baseline, baselineWarnings) = chooseBaseline(summary, resultsRoot, settings.baseline)
        val verdict = Gate.evaluate(summary, thresholds, baseline, settings.pointEstimateGate)
        val (told, historyWarnings) =
          if (settings.historyGate) HistoryStep.checks(resultsRoot, summary, verdict, thresholds.baseline, deployed)
          else (Nil, Nil)
        Right((
          verdict.copy(
            checks = verdict.checks ++ told,
            warnings = verdict.warnings ++ baselineWarnings ++ historyWarnings
          ),
          baseline,
          thresholds.baseline
        ))
      } catch { case e: InputError => Left(e.getMessage) }

    gated match {
      case Left(error) =>
        val ungated = SystemVerdicts.ungated(summary)
        writeSummaries(runDir, ungated, None)
        println(ConsoleSummary.statsTable(ungated))
        if (ungated.hasFigures) println(ConsoleSummary.intervalsTable(ungated))
        RunOutcome(runDir, Some(ungated), None, Some(error))
      case Right((evaluated, baseline, policy)) =>
        val withGate = SystemVerdicts.judged(summary, evaluated)
        val verdict = withGate.gate.getOrElse(evaluated)
        writeSummaries(runDir, withGate, Some(verdict))
        println(ConsoleSummary.statsTable(withGate))
        if (withGate.hasFigures) println(ConsoleSummary.intervalsTable(withGate))
        println(ConsoleSummary.transactionsLine(withGate))
        ConsoleSummary.sessionLines(withGate).foreach(println)
        ConsoleSummary.tallyLines(withGate).foreach(println)
        WorkDone.headline(withGate.completion.work).foreach(println)
        withGate.shardOverlap.foreach(o => println(s"shards: ${ShardSections.headline(o)}"))
        // The run against its baseline, as `compare` would write it: linked from both runs' pages.
        baseline.foreach { b =>
          val comparison =
            RunComparison.compare(b, withGate, policy, Gate.percentileRule(withGate, settings.pointEstimateGate))
          SiteFiles.comparison(resultsRoot, comparison)
          println(ConsoleSummary.comparisonTable(comparison))
          RunComparison.notResolvedLine(comparison).foreach(println)
        }
        verdict.capacity.map(results.render.CapacityText.oneLine).foreach(println)
        HistoryStep.keep(resultsRoot, HistoryRecord.of(withGate, verdict, deployed, settings.historyGate))
        ResultsConsole.printVerdict(withGate.run.runId, verdict)
        RunOutcome(runDir, Some(withGate), Some(verdict), None)
    }
  }

  /** A run stopped before its end whose log holds nothing to summarise (Gatling had not flushed it):
    * still a verdict, INCOMPLETE, with what the simulation knew of its plan and how long it ran.
    */
  private def incompleteWithoutFigures(
      runDir: Path,
      resultsRoot: Path,
      context: RunContext,
      identity: RunSummarizer.RunIdentity,
      settings: ResultsSettings,
      logProblem: String,
      clock: Clock
  ): RunOutcome = {
    val verdict = GateVerdict(
      Nil,
      Seq(s"no figures: $logProblem"),
      None,
      Seq(Problem.StoppedBeforeEnd),
      Nil
    )
    val started = clock.millis() - context.course.elapsedMs.getOrElse(0L)
    // Pipelines read summary.json, whatever the verdict: this one says INCOMPLETE and holds no request.
    val summary = RunSummarizer.withoutFigures(context, identity, settings, started, verdict)
    writeSummaries(runDir, summary, Some(verdict))
    HistoryStep.keep(
      resultsRoot,
      HistoryRecord.of(
        summary,
        verdict,
        HistoryStep.deployedVersions(settings, summary.run.systems),
        settings.historyGate
      )
    )
    ResultsConsole.printVerdict(identity.runId, verdict)
    RunOutcome(runDir, None, Some(verdict), None)
  }

  private def writeSummaries(runDir: Path, summary: RunSummary, verdict: Option[GateVerdict]): Unit = {
    RunArchive.writeAtomically(runDir.resolve(RunArchive.SummaryJsonName), SummaryJson.write(summary))
    RunArchive.writeAtomically(runDir.resolve(RunArchive.SummaryMarkdownName), SummaryMarkdown.render(summary))
    // Only a run its profile split into windows has figures to chart over them.
    if (summary.windows.nonEmpty) SiteFiles.windowChart(summary, runDir)
    else Files.deleteIfExists(runDir.resolve(WindowChart.FileName))
    summary.curves.filter(_.points.nonEmpty).foreach(c =>
      SiteFiles.curveChart(summary.run.simulation, c, runDir)
    )
    verdict match {
      case Some(v) => RunArchive.writeAtomically(runDir.resolve(RunArchive.JUnitName), JUnitReport.render(summary, v))
      case None    => Files.deleteIfExists(runDir.resolve(RunArchive.JUnitName))
    }
    SiteFiles.runPage(runDir, summary)
  }

  /** The baseline the settings name; a baseline that cannot be used is a warning, never a lost run. */
  private def chooseBaseline(
      summary: RunSummary,
      resultsRoot: Path,
      choice: String
  ): (Option[RunSummary], Seq[String]) =
    choice match {
      case ResultsSettings.NoBaseline  => (None, Nil)
      case ResultsSettings.LastPassing =>
        val archived = RunArchive.runs(resultsRoot)
        val passed = RunArchive.lastPassing(archived, summary)
        (passed, archived.flatMap(_.unreadable).map(problem => s"$problem: not considered as a baseline"))
      case named =>
        try {
          val baseline = RunArchive.readSummary(RunArchive.resolveRun(resultsRoot, named))
          Gate.requireComparable(summary, baseline)
          (Some(baseline), Nil)
        } catch { case e: InputError => (None, Seq(s"baseline not used: ${e.getMessage}")) }
    }
}
