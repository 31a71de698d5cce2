package io.gatling.charts.stats

import java.io.{ EOFException, File }

import io.gatling.core.stats.writer.RecordHeader

import SimulationLogAccess._

/** The two readers of [[SimulationLogAccess]] built on Gatling's package-private `LogFileParser`: the run
  * record at the head of a log, and every record after it.
  */
private[stats] object SimulationLogParsers {
  final class HeaderParser(logFile: File) extends LogFileParser[LogHeader](logFile) {
    override def parse(): LogHeader = {
      if (readByte() != RecordHeader.Run.value) {
        throw new UnreadableLogException(
          s"$logFile is not a Gatling simulation.log (it does not start with a run record)"
        )
      }
      val version = readString()
      // the rest of the run record is only meaningful in the version this build can read
      if (version != runningGatlingVersion) LogHeader(version, "", 0L, "", Nil)
      else {
        val simulationClassName = readString()
        val start = readLong()
        val description = readString()
        val scenarios = Seq.fill(readInt())(readSanitizedString())
        LogHeader(version, simulationClassName, start, description, scenarios)
      }
    }
  }

  /** Walks the records as Gatling's `SecondPassParser` does, without its bucketing, and hands them on. */
  final class RecordWalker(logFile: File, header: LogHeader, onRecord: LogRecord => Unit)
      extends LogFileParser[WalkOutcome](logFile) {
    private def offset(): Long = readInt().toLong + header.runStartEpochMs

    private def skipRunRecord(): Unit = {
      skipByte()
      skipString()
      skipString()
      skipLong()
      skipString()
      (0 until readInt()).foreach(_ => skipString())
      (0 until readInt()).foreach(_ => skip(readInt()))
    }

    private def request(): RequestRecorded = {
      val groups = List.fill(readInt())(readCachedSanitizedString())
      val name = readCachedSanitizedString()
      val start = offset()
      val end = offset()
      val ok = readBoolean()
      val message = readCachedSanitizedString()
      RequestRecorded(groups, name, ok, start, end, Option.when(!ok && message.nonEmpty)(message))
    }

    private def group(): GroupRecorded = {
      val hierarchy = List.fill(readInt())(readCachedSanitizedString())
      val start = offset()
      val end = offset()
      val cumulated = readInt()
      GroupRecorded(hierarchy, start, end, cumulated, readBoolean())
    }

    private def user(): UserRecorded = {
      val scenario = header.scenarios(readInt())
      val started = readBoolean()
      UserRecorded(scenario, started, offset())
    }

    private def skipErrorRecord(): Unit = {
      skipCachedString()
      skipInt()
    }

    override def parse(): WalkOutcome = {
      skipRunRecord()
      var count = 1L
      var truncatedAfter = Option.empty[Long]
      var continue = true
      while (continue) {
        val headerValue = read().toByte
        try {
          headerValue match {
            case RecordHeader.User.value    => onRecord(user())
            case RecordHeader.Request.value => onRecord(request())
            case RecordHeader.Group.value   => onRecord(group())
            case RecordHeader.Error.value   => skipErrorRecord()
            case -1                         => continue = false
            case other                      =>
              throw new UnreadableLogException(s"$logFile has an unknown record type $other after record $count")
          }
          if (continue) count += 1
        } catch {
          case _: EOFException =>
            truncatedAfter = Some(count)
            continue = false
        }
      }
      WalkOutcome(count, truncatedAfter)
    }
  }
}
