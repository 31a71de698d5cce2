package io.gatling.charts.stats

import java.io.{ EOFException, File }
import java.nio.file.{ Files, Path }
import java.time.ZoneOffset

import scala.util.Using

import io.gatling.commons.stats.{ KO, OK, Status }
import io.gatling.commons.util.GatlingVersion
import io.gatling.core.config.GatlingConfiguration
import io.gatling.core.stats.writer.StringInternals

/** Bridge from the results pipeline (package `results`) to Gatling's own `simulation.log` reader.
  *
  * Gatling's reader classes are package-private to `io.gatling.charts.stats`, so this object (and its
  * parsers, [[SimulationLogParsers]]) lives in that package and exposes only plain public types. Three ways in:
  *  - [[SimulationLogAccess.injectionSpan]] runs Gatling's reader's first pass: the run's start and end
  *    as the report finds them;
  *  - [[SimulationLogAccess.walk]] hands every record to a callback, using Gatling's own
  *    `LogFileParser` primitives: the summary's figures come from it;
  *  - [[SimulationLogAccess.reportStatistics]] runs Gatling's `LogFileReader` passes, so every figure
  *    equals the HTML report's (same t-digest percentiles, same counts, same requests/s): tests compare
  *    the log's and the summary's figures with it.
  */
object SimulationLogAccess {

  /** A log that cannot be read; the message is one line that names the file. */
  final class UnreadableLogException(message: String) extends RuntimeException(message)

  final case class LogHeader(
      gatlingVersion: String,
      simulationClassName: String,
      runStartEpochMs: Long,
      runDescription: String,
      scenarios: Seq[String]
  )

  sealed trait LogRecord

  /** @param error why a KO request failed, as Gatling words it */
  final case class RequestRecorded(
      groupHierarchy: List[String],
      name: String,
      ok: Boolean,
      startEpochMs: Long,
      endEpochMs: Long,
      error: Option[String]
  ) extends LogRecord {
    def responseTimeMs: Int = (endEpochMs - startEpochMs).toInt
  }
  final case class GroupRecorded(
      hierarchy: List[String],
      startEpochMs: Long,
      endEpochMs: Long,
      cumulatedResponseTimeMs: Int,
      ok: Boolean
  ) extends LogRecord {
    def durationMs: Int = (endEpochMs - startEpochMs).toInt
  }
  final case class UserRecorded(scenario: String, started: Boolean, timestampEpochMs: Long) extends LogRecord

  /** @param truncatedAfterRecord set when the log ended in the middle of a record (a killed JVM). */
  final case class WalkOutcome(records: Long, truncatedAfterRecord: Option[Long])

  /** Figures exactly as Gatling's report computes them (`GeneralStats`, percentiles from its t-digest). */
  final case class ReportFigures(
      count: Long,
      min: Int,
      max: Int,
      mean: Int,
      stdDev: Int,
      meanRequestsPerSec: Double,
      percentile: Double => Int
  )

  /** @param header the log's run record, read (and checked) once; pass it on to [[SimulationLogAccess.walk]] */
  final class ReportStatistics private[SimulationLogAccess] (
      val header: LogHeader,
      data: LogFileData,
      useGroupDurationMetric: Boolean
  ) {
    def injectStartEpochMs: Long = data.runInfo.injectStart
    def injectEndEpochMs: Long = data.runInfo.injectEnd

    /** How many time buckets Gatling's reader kept a t-digest for, per request and status (one: the whole run). */
    def timeBuckets: Int = data.responseTimePercentilesOverTime(OK, None, None).size

    /** Request paths (group hierarchy :+ request name) in the report's order. */
    def requestPaths: List[List[String]] =
      data.statsPaths.collect { case RequestStatsPath(request, group) =>
        group.map(_.hierarchy).getOrElse(Nil) :+ request
      }

    def groupPaths: List[List[String]] =
      data.statsPaths.collect { case GroupStatsPath(group) => group.hierarchy }

    /** `ok` = None for all statuses; Some(true) for OK only; Some(false) for KO only. */
    def global(ok: Option[Boolean]): Option[ReportFigures] =
      data.requestGeneralStats(None, None, status(ok)).map(figures)

    def request(path: List[String], ok: Option[Boolean]): Option[ReportFigures] = {
      val group = Option.when(path.size > 1)(Group(path.init))
      data.requestGeneralStats(Some(path.last), group, status(ok)).map(figures)
    }

    /** A group's figures use the metric the HTML report uses (`gatling.charting.useGroupDurationMetric`). */
    def group(hierarchy: List[String], ok: Option[Boolean]): Option[ReportFigures] =
      (if (useGroupDurationMetric) data.groupDurationGeneralStats(Group(hierarchy), status(ok))
       else data.groupCumulatedResponseTimeGeneralStats(Group(hierarchy), status(ok))).map(figures)

    private def status(ok: Option[Boolean]): Option[Status] = ok.map(if (_) OK else KO)

    private def figures(stats: GeneralStats): ReportFigures =
      ReportFigures(
        stats.count,
        stats.min,
        stats.max,
        stats.mean,
        stats.stdDev,
        stats.meanRequestsPerSec,
        stats.percentile
      )
  }

  def runningGatlingVersion: String = GatlingVersion.ThisVersion.fullVersion

  /** The Gatling version this bridge was written against. Its reader classes are package-private and
    * change without notice; GatlingBridgeVersionTest fails when the running version differs.
    */
  val BuiltFor = "3.15.1"

  /** Reads the run record at the head of the log; fails with one line on an empty, foreign or other-version log. */
  def readHeader(logFile: Path): LogHeader = {
    requireReadable(logFile)
    val header =
      try Using.resource(new SimulationLogParsers.HeaderParser(logFile.toFile))(_.parse())
      catch {
        case _: EOFException =>
          throw new UnreadableLogException(s"$logFile is truncated inside its header record: nothing to summarise")
      }
    if (header.gatlingVersion != runningGatlingVersion) {
      throw new UnreadableLogException(
        s"$logFile was written by Gatling ${header.gatlingVersion}; this suite reads Gatling $runningGatlingVersion logs only"
      )
    }
    header
  }

  def reportStatistics(logFile: Path, configuration: GatlingConfiguration): ReportStatistics = {
    val header = readHeader(logFile)
    val data = explained(logFile)(readWholeRun(logFile.toFile, configuration))
    new ReportStatistics(header, data, configuration.reports.useGroupDurationMetric)
  }

  /** When the run's load began and ended, found as Gatling's report finds them (its reader's first pass:
    * the earliest user or request start, the latest record); the report's requests/s divide by it.
    */
  final case class InjectionSpan(header: LogHeader, startEpochMs: Long, endEpochMs: Long)

  def injectionSpan(logFile: Path): InjectionSpan = {
    val header = readHeader(logFile)
    // the zone only names the run's start in Gatling's own report, which this pass does not make
    val runInfo = explained(logFile)(Using.resource(new FirstPassParser(logFile.toFile, ZoneOffset.UTC))(_.parse()))
    InjectionSpan(header, runInfo.injectStart, runInfo.injectEnd)
  }

  /** Calls `onRecord` for every request, group and user record, in log order. */
  def walk(logFile: Path)(onRecord: LogRecord => Unit): WalkOutcome =
    walk(logFile, readHeader(logFile))(onRecord)

  /** As above, with the header [[readHeader]] or [[ReportStatistics.header]] already read from `logFile`. */
  def walk(logFile: Path, header: LogHeader)(onRecord: LogRecord => Unit): WalkOutcome =
    Using.resource(new SimulationLogParsers.RecordWalker(logFile.toFile, header, onRecord))(_.parse())

  /** Gatling's `LogFileReader.read` with one time bucket for the whole run instead of the report's up to
    * `maxPlotsPerSeries` (1,000): the reader keeps a t-digest per bucket, request and status for the report's
    * charts over time, which nothing here reads, and those digests grow with the request count (a
    * 10-million-request log ran out of a 96 MiB heap). Whole-run figures do not depend on the buckets.
    */
  private def readWholeRun(logFile: File, configuration: GatlingConfiguration): LogFileData = {
    val runInfo = Using.resource(new FirstPassParser(logFile, configuration.data.zoneId))(_.parse())
    val step = math.max(1.0, (runInfo.injectEnd - runInfo.injectStart).toDouble)
    val indicators = configuration.reports.indicators
    val results = Using.resource(
      new SecondPassParser(logFile, runInfo, step, indicators.lowerBound, indicators.higherBound)
    )(_.parse())
    new LogFileData(runInfo, results, step)
  }

  /** Gatling's reader fails on a log it cannot read with an assertion or an unsupported-record error. */
  private def explained[T](logFile: Path)(read: => T): T =
    try read
    catch {
      case e: AssertionError =>
        throw new UnreadableLogException(s"$logFile cannot be summarised: ${firstLine(e.getMessage)}")
      case e: UnsupportedOperationException =>
        throw new UnreadableLogException(s"$logFile cannot be summarised: ${firstLine(e.getMessage)}")
    }

  private def requireReadable(logFile: Path): Unit = {
    if (!Files.isRegularFile(logFile)) throw new UnreadableLogException(s"no simulation.log at $logFile")
    // Gatling's string decoding needs --add-opens=java.base/java.lang=ALL-UNNAMED (pom: surefire argLine, .mvn/jvm.config)
    try StringInternals.checkAvailability()
    catch {
      case _: Throwable =>
        throw new UnreadableLogException(
          s"cannot read $logFile: start the JVM with --add-opens=java.base/java.lang=ALL-UNNAMED"
        )
    }
  }

  private def firstLine(message: String): String =
    Option(message).map(_.linesIterator.nextOption().getOrElse("")).getOrElse("").stripPrefix("assertion failed: ")
}
