package results

import java.nio.file.Files

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ LogRecord, RequestRecorded, UserRecorded }
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** Records written through the writer bridge read back, in order and unchanged, through the reader bridge. */
class SimulationLogWriterTest {
  @Test def whatIsWrittenReadsBack(): Unit = {
    val dir = Files.createTempDirectory("log-writer")
    val start = 1795000000000L
    val writer = SimulationLogWriter.open(dir, "bench.SyntheticSimulation", start, "synthetic")
    writer.user(started = true, start + 5)
    writer.request("get home", start + 10, start + 42, None)
    writer.request("post form", start + 50, start + 51, Some("status.find.is(200), but actually found 503"))
    writer.user(started = false, start + 60)
    writer.close()

    assertTrue(writer.logFile.startsWith(dir), s"${writer.logFile} is not in $dir")
    val header = SimulationLogAccess.readHeader(writer.logFile)
    assertEquals(
      ("bench.SyntheticSimulation", start, Seq("synthetic")),
      (header.simulationClassName, header.runStartEpochMs, header.scenarios)
    )
    val records = mutable.Buffer.empty[LogRecord]
    SimulationLogAccess.walk(writer.logFile)(records += _)
    assertEquals(
      Seq(
        UserRecorded("synthetic", started = true, start + 5),
        RequestRecorded(Nil, "get home", ok = true, start + 10, start + 42, None),
        RequestRecorded(
          Nil,
          "post form",
          ok = false,
          start + 50,
          start + 51,
          Some("status.find.is(200), but actually found 503")
        ),
        UserRecorded("synthetic", started = false, start + 60)
      ),
      records.toSeq
    )
  }
}
