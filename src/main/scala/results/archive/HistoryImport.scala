package results.archive

import results.history.{ HistoryRecord, PathFigures, SeriesMetric, SeriesSettings }

import java.nio.charset.StandardCharsets
import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.util.control.NonFatal

import config.InputError

/** A team's past figures, a table of one figure a row (`ResultsCli history import`): a header row naming the
  * columns `run`, `time` (ISO 8601), `commit`, `system`, `path`, `metric` (p50, p95, p99, ko, throughput) and
  * `value`, in any order, fields quoted as in CSV where they hold a comma. One record per run, without
  * histograms, of the settings given (the table does not say them).
  */
object HistoryImport {
  val Columns: Seq[String] = Seq("run", "time", "commit", "system", "path", "metric", "value")

  /** The records of `file`; the first bad row or header is an [[InputError]] naming `file:line`. */
  def read(file: Path, settings: SeriesSettings): Seq[HistoryRecord] = {
    if (!Files.isRegularFile(file)) throw new InputError(s"history import: no file $file")
    val lines = Files.readAllLines(file, StandardCharsets.UTF_8).toArray(Array.empty[String]).toSeq
    val header = lines.headOption.map(fields).getOrElse(throw new InputError(s"$file", "empty, no header row"))
    Columns.find(c => !header.contains(c)).foreach(c =>
      throw new InputError(s"$file:1", s"the header has no column '$c' (it needs ${Columns.mkString(", ")})")
    )
    val at = Columns.map(c => c -> header.indexOf(c)).toMap
    val rows = lines.zipWithIndex.drop(1).filter(_._1.trim.nonEmpty).map { case (line, index) =>
      val where = s"$file:${index + 1}"
      val row = fields(line)
      if (row.size != header.size) throw new InputError(s"$where", s"${row.size} fields, the header has ${header.size}")
      def get(column: String) = row(at(column)).trim
      val metric = SeriesMetric.of(get("metric")).getOrElse(
        throw new InputError(
          s"$where",
          s"metric '${get("metric")}' is none of ${SeriesMetric.All.map(_.name).mkString(", ")}"
        )
      )
      val value = get("value").toDoubleOption.filter(v => v >= 0 && !v.isInfinite).getOrElse(
        throw new InputError(s"$where", s"value '${get("value")}' is not a number of at least 0")
      )
      val time =
        try Instant.parse(get("time")).toEpochMilli
        catch {
          case NonFatal(_) =>
            throw new InputError(s"$where", s"time '${get("time")}' is not ISO 8601 (2026-05-01T02:00:00Z)")
        }
      Row(where, get("run"), time, get("commit"), get("system"), get("path"), metric, value)
    }
    rows.groupBy(_.run).toSeq.map { case (run, ofRun) =>
      ofRun.find(r => r.time != ofRun.head.time || r.commit != ofRun.head.commit).foreach(r =>
        throw new InputError(s"${r.where}", s"run '$run' has another time or commit on an earlier row")
      )
      val figures = ofRun.groupBy(r => (r.system, r.path)).toSeq.sortBy(_._1).map { case ((system, path), values) =>
        PathFigures(system, path, None, values.map(r => r.metric -> r.value).toMap, None)
      }
      HistoryRecord(run, ofRun.head.commit, ofRun.head.time, settings, None, None, figures)
    }.sortBy(r => (r.startEpochMs, r.runId))
  }

  private final case class Row(
      where: String,
      run: String,
      time: Long,
      commit: String,
      system: String,
      path: String,
      metric: SeriesMetric,
      value: Double
  )

  /** One CSV line's fields: a field in double quotes may hold commas, and "" is a quote. */
  private def fields(line: String): Seq[String] = {
    val out = Seq.newBuilder[String]
    val field = new StringBuilder
    var quoted = false
    var i = 0
    while (i < line.length) {
      val c = line.charAt(i)
      if (quoted && c == '"' && i + 1 < line.length && line.charAt(i + 1) == '"') { field += '"'; i += 1 }
      else if (c == '"') quoted = !quoted
      else if (c == ',' && !quoted) { out += field.result(); field.clear() }
      else field += c
      i += 1
    }
    out += field.result()
    out.result()
  }
}
