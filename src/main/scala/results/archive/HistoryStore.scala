package results.archive

import results.history.{
  Acceptance,
  HistoryContents,
  HistoryRecord,
  PathFigures,
  SeriesMetric,
  SeriesSettings,
  UnreadRecord
}
import results.model.{ PercentileInterval, RunShard, Verdict }

import java.nio.file.{ Files, Path }
import java.util.UUID

import scala.jdk.CollectionConverters._
import scala.util.Using
import scala.util.control.NonFatal

import com.fasterxml.jackson.databind.SerializationFeature
import config.InputError

/** The history kept in a folder (by default results/history/): one file per run, named by the run, so that two
  * runs appending at once never write the same file; accepted change points in its `accepted/` folder, one file
  * each. A file that cannot be read as a record (corrupt, truncated, another tool's, of a newer schema) is named
  * and left out, never used.
  */
object HistoryStore {
  val FolderName = "history"
  val AcceptedFolderName = "accepted"

  /** 1: the first. A reader reads every schema up to its own. */
  val Schema = 1

  private val RunName = """[A-Za-z0-9][A-Za-z0-9._-]{0,200}""".r

  def folder(resultsRoot: Path): Path = resultsRoot.resolve(FolderName)

  /** Writes `record` as `<folder>/<runId>.json` (a run gated again replaces its own record). */
  def append(folder: Path, record: HistoryRecord): Path = {
    if (!RunName.matches(record.runId))
      throw new InputError(
        "history",
        s"run '${record.runId}' is not a name a record's file can have (letters, digits, . _ -)"
      )
    val file = Files.createDirectories(folder).resolve(s"${record.runId}.json")
    RunArchive.writeAtomically(file, compact(document(record)))
    file
  }

  /** Records `acceptance` in a file of its own. */
  def accept(folder: Path, acceptance: Acceptance): Path = {
    val dir = Files.createDirectories(folder.resolve(AcceptedFolderName))
    val file = dir.resolve(s"${acceptance.acceptedEpochMs}-${UUID.randomUUID()}.json")
    RunArchive.writeAtomically(
      file,
      compact(AcceptanceDocument(
        Schema,
        acceptance.system,
        acceptance.path,
        acceptance.metric.name,
        acceptance.runId,
        acceptance.reason,
        Json.iso(acceptance.acceptedEpochMs),
        acceptance.acceptedEpochMs
      ))
    )
    file
  }

  /** Every record and acceptance in `folder` (none when it does not exist), and the files left out. */
  def read(folder: Path): HistoryContents = {
    val (records, unreadRecords) = readAll(jsonFiles(folder))(f => Json.read(f, "a history record")(model))
    val (acceptances, unreadAcceptances) =
      readAll(jsonFiles(folder.resolve(AcceptedFolderName)))(f => Json.read(f, "an acceptance")(acceptance))
    HistoryContents(records.sortBy(r => (r.startEpochMs, r.runId)), acceptances, unreadRecords ++ unreadAcceptances)
  }

  private def readAll[T](files: Seq[Path])(read: Path => T): (Seq[T], Seq[UnreadRecord]) = {
    val attempts = files.map(f =>
      try Right(read(f))
      catch { case NonFatal(e) => Left(UnreadRecord(f, InputError.oneLine(e))) }
    )
    (attempts.collect { case Right(r) => r }, attempts.collect { case Left(u) => u })
  }

  private def jsonFiles(dir: Path): Seq[Path] =
    if (!Files.isDirectory(dir)) Nil
    else
      Using.resource(Files.list(dir))(
        _.iterator.asScala.filter(f =>
          Files.isRegularFile(f) && f.getFileName.toString.endsWith(".json") && !f.getFileName.toString.startsWith(".")
        ).toSeq.sorted
      )

  private def compact(document: AnyRef): String =
    Json.mapper.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document) + "\n"

  private def document(r: HistoryRecord): HistoryRecordDocument =
    HistoryRecordDocument(
      Schema,
      r.runId,
      r.commit,
      Json.iso(r.startEpochMs),
      r.startEpochMs,
      r.settings.simulation,
      r.settings.target,
      r.settings.profile,
      ShardDocument.document(r.settings.shard),
      r.settings.loadOverrides,
      r.deployedVersion,
      r.verdict.map(_.word),
      r.figures.map { f =>
        def value(m: SeriesMetric) = f.values.get(m)
        PathFiguresDocument(
          f.system,
          f.path,
          f.count,
          value(SeriesMetric.P50),
          value(SeriesMetric.P95),
          value(SeriesMetric.P99),
          value(SeriesMetric.Ko),
          value(SeriesMetric.Throughput),
          f.histogram,
          f.intervals.map { case (m, i) => m.name -> IntervalDocument(i.lowerMs, i.upperMs) }
        )
      },
      r.release,
      r.systemVersions,
      r.confidencePercent
    )

  private def requireSchema(schema: Int): Unit =
    if (schema < 1 || schema > Schema)
      throw new InputError(s"history schema $schema (this version reads 1 to $Schema: a newer version wrote it)")

  private def model(d: HistoryRecordDocument): HistoryRecord = {
    requireSchema(d.historySchema)
    HistoryRecord(
      d.runId,
      d.commit,
      d.startEpochMs,
      SeriesSettings(
        d.simulation,
        d.target,
        d.profile,
        d.shard.index.fold[RunShard](RunShard.Merged(d.shard.count))(RunShard.Part(_, d.shard.count)),
        d.loadOverrides
      ),
      d.deployedVersion,
      d.verdict.map(word => Verdict.of(word).getOrElse(throw new InputError(s"verdict '$word' is none of the gate's"))),
      d.figures.map { f =>
        val values = Seq[(SeriesMetric, Option[Double])](
          SeriesMetric.P50 -> f.p50,
          SeriesMetric.P95 -> f.p95,
          SeriesMetric.P99 -> f.p99,
          SeriesMetric.Ko -> f.ko,
          SeriesMetric.Throughput -> f.throughput
        ).collect { case (m, Some(v)) => m -> v }.toMap
        val intervals = Option(f.intervals).getOrElse(Map.empty).map { case (name, i) =>
          SeriesMetric.of(name).filter(_.percentile.nonEmpty)
            .getOrElse(throw new InputError(s"interval of '$name', which is no percentile of the history's")) ->
            PercentileInterval(i.lowerMs, i.upperMs)
        }
        PathFigures(f.system, f.path, f.count, values, f.histogram, intervals)
      },
      d.release,
      Option(d.systemVersions).getOrElse(Map.empty),
      d.confidencePercent
    )
  }

  private def acceptance(d: AcceptanceDocument): Acceptance = {
    requireSchema(d.historySchema)
    Acceptance(
      d.system,
      d.path,
      SeriesMetric.of(d.metric).getOrElse(throw new InputError(s"metric '${d.metric}' is none of the history's")),
      d.runId,
      d.reason,
      d.acceptedEpochMs
    )
  }
}
