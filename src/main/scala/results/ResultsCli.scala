package results

import results.archive.{ ClaimsFile, RunArchive, SummaryJson }

import results.gate.{ Gate, RunComparison, ThresholdOverrides, Thresholds }
import results.model.{ ExitCodes, GateVerdict, RunContext }
import results.render.{ ComparePage, ConsoleSummary }
import results.summarize.{ Claims, ResultsSettings, RunSummarizer, ShardMerge }

import java.lang.management.ManagementFactory
import java.nio.file.{ Files, Path, Paths }
import java.time.{ Instant, ZoneOffset }
import java.time.format.DateTimeFormatter

import scala.util.control.NonFatal

import config.{ ConfigFiles, InputError, KnownSettings, Redaction }

/** Command line of the results pipeline, e.g.
  * `mvn -q exec:java -Dexec.mainClass=results.ResultsCli -Dexec.args="compare results/a results/b"`.
  * Exit code: 0 = gate passed (or command done), 1 = gate failed (a threshold, or an early stop) or
  * `compare` found a regression, 2 = bad input (one-line error), 4 = the run did not complete its plan
  * (INCOMPLETE), 6 = its injector was saturated (INVALID), 7 = `history changes` found a change point not accepted,
  * 8 = the samples could not decide a check (INCONCLUSIVE), or `compare` could not resolve a p99 against its baseline.
  */
object ResultsCli {
  private val Usage =
    """usage: ResultsCli <command> [options]   (options: --results <dir>, default results/)
      |  summarize <runDir> [--thresholds <file>] [--baseline <run>|--last-passing|--no-baseline]
      |        (re)write summary.json, summary.md and junit.xml from the folder's simulation.log, with the gate verdict
      |  gate <runDir> [--thresholds <file>] [--baseline <run>|--last-passing|--no-baseline]
      |        re-check an already summarised run against thresholds and a baseline
      |  compare <runA> <runB>
      |        compare.html and comparison.md (A = baseline): settings that differ, latency by percentile of
      |        A and B per request, the table of differences; exit 1 when a request's p99 regressed, 8 when
      |        none did but the samples cannot resolve one (docs/gate.md)
      |  merge <runDir> <runDir>... [--shards <n>] [--thresholds <file>] [--baseline <run>]
      |        one summary and one gate verdict for the shard runs (shard=i/n) of one simulation; with --shards,
      |        runs of another shard count are refused; with --baseline, p99 regressions against that run fail too
      |  index
      |        regenerate <results>/index.html and each summarised run's run.html
      |  verdict [--gatling-dir target/gatling]
      |        the verdict gatling:test gave the run it made in this Maven build
      |""".stripMargin + HistoryCli.Usage

  final case class Options(positional: List[String], values: Map[String, String], flags: Set[String]) {
    def results: Path = values.get("results").map(Paths.get(_)).getOrElse(ResultsSettings.load().root)
    def thresholds: Option[Path] = values.get("thresholds").map(Paths.get(_))
  }

  /** A misspelt -D key (`-Dresults.baselin=...`) is bad input here too. Checked where a user's options arrive,
    * not in `run`, which tests call in their own JVM.
    */
  def main(args: Array[String]): Unit = {
    val status =
      try {
        KnownSettings.check(Nil)
        run(args.toList)
      } catch { case e: InputError => fail(e.getMessage) }
    sys.exit(status)
  }

  def run(args: List[String]): Int =
    try {
      args match {
        case command :: rest =>
          val options = parse(rest)
          command match {
            case "summarize" => summarize(one(options, "summarize"), options)
            case "gate"      => gate(one(options, "gate"), options)
            case "compare"   => compare(options)
            case "merge"     => merge(options)
            case "index"     => index(options)
            case "verdict"   => verdict(options)
            case "history"   => HistoryCli.run(options)
            case other       => fail(s"unknown command '$other'\n$Usage")
          }
        case Nil => fail(Usage)
      }
    } catch {
      case NonFatal(e) => fail(InputError.oneLine(e))
    }

  private def fail(message: String): Int = {
    System.err.println(s"results: ERROR $message")
    2
  }

  private def parse(args: List[String]): Options = {
    val valued = Set("thresholds", "baseline", "results", "gatling-dir", "shards") ++ HistoryCli.Valued
    @annotation.tailrec
    def loop(rest: List[String], options: Options): Options = rest match {
      case flag :: value :: tail if flag.startsWith("--") && valued(flag.drop(2)) =>
        loop(tail, options.copy(values = options.values + (flag.drop(2) -> value)))
      case flag :: _ if flag.startsWith("--") && valued(flag.drop(2)) => throw new InputError(s"$flag needs a value")
      case flag :: tail if flag.startsWith("--") => loop(tail, options.copy(flags = options.flags + flag.drop(2)))
      case value :: tail                         => loop(tail, options.copy(positional = options.positional :+ value))
      case Nil                                   => options
    }
    loop(args, Options(Nil, Map.empty, Set.empty))
  }

  private def one(options: Options, command: String): Path = options.positional match {
    case run :: Nil => RunArchive.resolveRun(options.results, run)
    case _          => throw new InputError(s"$command takes one run folder")
  }

  private def settingsFor(options: Options): ResultsSettings = {
    val settings = ResultsSettings.load()
    val baseline =
      if (options.flags("no-baseline")) ResultsSettings.NoBaseline
      else if (options.flags("last-passing")) ResultsSettings.LastPassing
      else
        options.values.get("baseline").map(ResultsSettings.baselineChoice(_, "--baseline")).getOrElse(settings.baseline)
    settings.copy(root = options.results, baseline = baseline)
  }

  private def contextOf(runDir: Path): RunContext = {
    val runJson = runDir.resolve(RunArchive.RunJsonName)
    if (Files.isRegularFile(runJson)) SummaryJson.readContext(runJson) else RunFolders.contextFromLog(runDir)
  }

  private def report(outcome: RunOutcome): Int = {
    outcome.error.foreach(e => System.err.println(s"results: ERROR $e"))
    SiteFiles.index(outcome.archivedRunDir.getParent)
    outcome.exitCode
  }

  private def summarize(runDir: Path, options: Options): Int = {
    // The log's failure messages may quote a secret. This JVM knows the environment's; a run also learns its
    // settings' (SuiteSimulation): here every system's, -D included.
    Redaction.learn(ConfigFiles.load(KnownSettings.allSystems))
    val identity = RunSummarizer.RunIdentity(runDir.getFileName.toString, RunFolders.gitCommit())
    val context = contextOf(runDir)
    report(PostRun.summarizeAndGate(
      runDir,
      options.results,
      context.copy(overrides = withGivenThresholds(context.overrides, context.systems)),
      identity,
      settingsFor(options),
      options.thresholds
    ))
  }

  private def gate(runDir: Path, options: Options): Int = {
    val summary = RunArchive.readSummary(runDir)
    report(PostRun.gate(
      runDir,
      summary.copy(run = summary.run.copy(overrides = withGivenThresholds(summary.run.overrides, summary.run.systems))),
      options.results,
      settingsFor(options),
      options.thresholds
    ))
  }

  /** Thresholds given here as -D settings, laid over those the run recorded as they would have been over its
    * files, and recorded with them in its summary, which then says what judged it. Checked as a run checks
    * them, before anything is written: a bad one is bad input.
    */
  private def withGivenThresholds(recorded: Map[String, String], systems: Seq[String]): Map[String, String] = {
    val overrides = recorded ++ ConfigFiles.givenUnder(Thresholds.FileProperty)
    ThresholdOverrides.of(overrides, systems)
    overrides
  }

  private def compare(options: Options): Int = options.positional match {
    case a :: b :: Nil =>
      val (dirA, dirB) = (RunArchive.resolveRun(options.results, a), RunArchive.resolveRun(options.results, b))
      val (before, after) = (RunArchive.readSummary(dirA), RunArchive.readSummary(dirB))
      val policy = Thresholds.load(after.run.systems, options.thresholds, after.run.overrides).baseline
      val rule = Gate.percentileRule(after, ResultsSettings.load().pointEstimateGate)
      val comparison = RunComparison.compare(before, after, policy, rule)
      val out = SiteFiles.comparison(options.results, comparison)
      SiteFiles.index(options.results)
      RunComparison.settingsDifferences(comparison).foreach(d => println(s"results: WARNING settings differ: $d"))
      println(ConsoleSummary.comparisonTable(comparison))
      println(s"results: ${out.resolve(ComparePage.FileName).toAbsolutePath}")
      val regressed = RunComparison.regressions(comparison)
      RunComparison.notResolvedLine(comparison).foreach(line => println(s"results: $line"))
      if (regressed.nonEmpty) {
        println(s"results: REGRESSION in ${regressed.map(_.name).mkString(", ")}")
        1
      } else if (RunComparison.notResolved(comparison).nonEmpty) ExitCodes.Inconclusive
      else 0
    case _ => throw new InputError("compare takes two run folders: <baseline run> <new run>")
  }

  /** The index, and the run page of every summarised run (a page an older version wrote, or none). */
  private def index(options: Options): Int = {
    RunArchive.runs(options.results).foreach(run => run.summary.foreach(SiteFiles.runPage(run.dir, _)))
    println(s"results: ${SiteFiles.index(options.results).toAbsolutePath}")
    0
  }

  private def merge(options: Options): Int = {
    val dirs = options.positional.map(RunArchive.resolveRun(options.results, _))
    val shards = dirs.map(RunArchive.readSummary)
    val first = shards.headOption.getOrElse(throw new InputError("merge takes the shard run folders"))
    val expected = options.values.get("shards").map(n =>
      n.toIntOption.filter(
        _ >= 2
      ).getOrElse(throw new InputError("--shards", s"must be a whole number from 2 (was '$n')"))
    )
    val stamp = DateTimeFormatter.ofPattern(
      "yyyyMMddHHmmssSSS"
    ).withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(first.run.startEpochMs))
    val baseName = s"${first.run.simulation.toLowerCase}-merged-$stamp"
    val settings = settingsFor(options)
    val merged0 = ShardMerge.merge(
      shards,
      baseName,
      expected,
      settings.minSharedSteady,
      settings.startToleranceMs,
      settings.maxShortfall,
      settings.allowUnknownCommit
    )
    val dir = Iterator.from(1).map(i => options.results.resolve(if (i == 1) baseName else s"$baseName-$i")).find(p =>
      !Files.exists(p)
    ).get
    // A resource two injectors each handed out shows only in the union of their claims.
    val claims = dirs.flatMap(Claims.read).reduceOption(_ ++ _)
    val merged = merged0.copy(
      run = merged0.run.copy(
        runId = dir.getFileName.toString,
        overrides = withGivenThresholds(merged0.run.overrides, merged0.run.systems)
      ),
      duplicateLocks = claims.map(Claims.duplicates)
    )
    val outcome = RunArchive.writeStaged(Files.createDirectories(options.results).resolve(dir.getFileName)) { staging =>
      claims.foreach(ClaimsFile.write(staging, _))
      // A merged run is gated on its thresholds only, unless a baseline is named (a pipeline's last merged run).
      val baseline =
        if (options.values.contains("baseline")) settingsFor(options).baseline else ResultsSettings.NoBaseline
      PostRun.gate(staging, merged, options.results, settingsFor(options).copy(baseline = baseline), options.thresholds)
    }.copy(archivedRunDir = dir)
    println(s"results: merged ${shards.size} shards into ${dir.toAbsolutePath}")
    report(outcome)
  }

  /** For `mvn verify`: the run gatling:test made in this Maven JVM's lifetime, archived and gated. */
  private def verdict(options: Options): Int = {
    val gatlingDir = Paths.get(options.values.getOrElse("gatling-dir", "target/gatling"))
    val buildStart = ManagementFactory.getRuntimeMXBean.getStartTime
    val runDir = RunFolders
      .newestRunDir(gatlingDir, buildStart)
      .getOrElse(
        throw new InputError(
          s"no Gatling run made in this build (none in ${gatlingDir.toAbsolutePath} since ${utc(buildStart)} UTC): gatling:test stopped before any load (see its error above) or did not run"
        )
      )
    RunArchive.copiesOf(runDir, options.results).lastOption match {
      case Some(archived) =>
        println(s"results: ${archived.dir.toAbsolutePath}")
        archived.summary.flatMap(summary =>
          summary.gate.map(verdict => verdictExitCode(summary.run.runId, verdict))
        ).getOrElse {
          fail(
            s"${archived.dir} was archived without a gate verdict: its summary or thresholds could not be read (see the run's output)"
          )
        }
      case None =>
        fail(
          s"$runDir was not archived to ${options.results}: gatling:test archives and gates every run it completes (see its output)"
        )
    }
  }

  private def verdictExitCode(runId: String, verdict: GateVerdict): Int = {
    ResultsConsole.printVerdict(runId, verdict)
    verdict.exitCode
  }

  private def utc(epochMs: Long): String =
    DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(epochMs))
}
