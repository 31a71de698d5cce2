package results

import results.archive.{ HistoryImport, HistoryJson, HistoryStore, RunArchive }
import results.history.{ Acceptance, DeployedVersions, History, HistoryRecord, SeriesMetric, SeriesSettings }
import results.model.{ ExitCodes, RunShard }
import results.render.HistoryText

import java.nio.file.{ Path, Paths }
import java.time.{ Instant, LocalDate, ZoneOffset }

import config.InputError

/** `ResultsCli history`: the history of gated runs (docs/history.md). Exit codes: 0 done (`changes`: no change
  * point that is not accepted), 7 (`changes`) a change point not accepted, 2 bad input.
  */
object HistoryCli {
  val Usage: String =
    """  history add <runDir> | list | changes [--since <date>] [--last <n>] [--new] [--json]
      |        | import <file.csv> --simulation <s> --target <t> --profile <p>
      |        | accept <run> --system <key> --path <path> --metric <p50|p95|p99|ko|throughput> --reason <why>
      |        the history of gated runs (<results>/history, or --history <dir>) and its change points""".stripMargin

  /** The options `history` takes a value for. */
  val Valued: Set[String] =
    Set("history", "since", "last", "simulation", "target", "profile", "system", "path", "metric", "reason")

  def run(options: ResultsCli.Options): Int = {
    val folder = options.values.get("history").map(Paths.get(_)).getOrElse(HistoryStore.folder(options.results))
    options.positional match {
      case "add" :: run :: Nil      => add(folder, RunArchive.resolveRun(options.results, run))
      case "list" :: Nil            => list(folder)
      case "changes" :: Nil         => changes(folder, options)
      case "import" :: file :: Nil  => importTable(folder, Paths.get(file), options)
      case "accept" :: runId :: Nil => accept(folder, runId, options)
      case _                        => throw new InputError("history", s"unknown form\nusage:\n$Usage")
    }
  }

  private def add(folder: Path, runDir: Path): Int = {
    val summary = RunArchive.readSummary(runDir)
    val verdict = summary.gate.getOrElse(
      throw new InputError(s"$runDir has no gate verdict: gate it first (ResultsCli gate $runDir)")
    )
    val file = HistoryStore.append(folder, HistoryRecord.of(summary, verdict, DeployedVersions.Untold, release = false))
    println(s"history: added ${summary.run.runId} (${verdict.label}) as $file")
    0
  }

  private def list(folder: Path): Int = {
    val contents = HistoryStore.read(folder)
    contents.unread.map(HistoryText.unreadLine).foreach(println)
    contents.records.map(HistoryText.runLine).foreach(println)
    println(s"history: ${contents.records.size} runs in $folder")
    0
  }

  private def changes(folder: Path, options: ResultsCli.Options): Int = {
    val contents = HistoryStore.read(folder)
    contents.unread.map(HistoryText.unreadLine).foreach(System.err.println)
    val since = options.values.get("since").map(sinceEpochMs)
    val last = options.values.get("last").map(n =>
      n.toIntOption.filter(_ >= 8).getOrElse(throw new InputError(
        "--last",
        s"must be a whole number from 8 (was '$n')"
      ))
    )
    val all =
      if (options.flags("new")) History.newChangePoints(contents.records, contents.acceptances)
      else History.changePoints(contents.records, contents.acceptances, lastRuns = last)
    val found = all
      .filter(c => since.forall(c.began.startEpochMs >= _))
      .sortBy(c => (c.began.startEpochMs, c.key.system, c.key.path, c.key.metric.name))
    if (options.flags("json")) found.map(HistoryJson.changePoint).foreach(println)
    else {
      found.map(HistoryText.changeLine).foreach(println)
      println(s"history: ${found.size} change points in ${contents.records.size} runs")
    }
    if (found.exists(_.accepted.isEmpty)) ExitCodes.ChangePoints else 0
  }

  private def importTable(folder: Path, file: Path, options: ResultsCli.Options): Int = {
    def required(key: String) = options.values.getOrElse(key, throw new InputError(s"history import: needs --$key"))
    val settings =
      SeriesSettings(required("simulation"), required("target"), required("profile"), RunShard.Whole, Map.empty)
    val records = HistoryImport.read(file, settings)
    records.foreach(HistoryStore.append(folder, _))
    println(s"history: imported ${records.size} runs from $file into $folder")
    0
  }

  private def accept(folder: Path, runId: String, options: ResultsCli.Options): Int = {
    def required(key: String) = options.values.getOrElse(key, throw new InputError(s"history accept: needs --$key"))
    val metric = SeriesMetric.of(required("metric")).getOrElse(
      throw new InputError(
        "--metric",
        s"must be one of ${SeriesMetric.All.map(_.name).mkString(", ")} (was '${required("metric")}')"
      )
    )
    val reason = required("reason")
    if (reason.trim.isEmpty) throw new InputError("--reason", "must say why the change is accepted")
    val contents = HistoryStore.read(folder)
    if (!contents.records.exists(_.runId == runId))
      throw new InputError(s"history accept: no run '$runId' in $folder")
    val acceptance = Acceptance(required("system"), required("path"), metric, runId, reason, Instant.now().toEpochMilli)
    HistoryStore.accept(folder, acceptance)
    println(s"history: accepted ${acceptance.system} ${acceptance.path} ${metric.name} from run $runId: $reason")
    0
  }

  /** A date (2026-11-01, from its start in UTC) or an instant (2026-11-01T02:00:00Z). */
  private def sinceEpochMs(text: String): Long =
    try
      if (text.contains("T")) Instant.parse(text).toEpochMilli
      else LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant.toEpochMilli
    catch {
      case _: java.time.format.DateTimeParseException =>
        throw new InputError(
          "--since",
          s"must be a date (2026-11-01) or an instant (2026-11-01T02:00:00Z) (was '$text')"
        )
    }
}
