package live

import java.net.{ InetAddress, InetSocketAddress, ServerSocket }

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, ToySimulation }

/** A real run whose Graphite accepts and never reads: it ends with its own verdict, its figures dropped. */
class GraphiteEndToEndTest {

  /** The listener never takes its connections; the kernel does, and with both buffers small (a 4 kB receive
    * buffer here, graphite.sendBufferBytes there) some 13 kB fill them: the toy's 15 lines a second do within
    * the 40 s run, so the sender's write times out mid-run (the line says so). A write that held the live view's
    * tick and the run's end would keep this run going until the test's 240 s are out.
    */
  @Test def aRunWhoseGraphiteNeverReadsEndsWithItsVerdict(): Unit =
    Using.resource(new ServerSocket()) { stalled =>
      stalled.setReceiveBufferSize(4096)
      stalled.bind(new InetSocketAddress(InetAddress.getLoopbackAddress, 0), 50)
      val port = stalled.getLocalPort
      val run = GatlingProcess.start(
        classOf[ToySimulation],
        "profile" -> "steady",
        "profiles.toy.steady.rate" -> "2",
        "profiles.toy.steady.duration" -> "40s",
        "live.enabled" -> "false",
        "graphite.host" -> "127.0.0.1",
        "graphite.port" -> port.toString,
        "graphite.sendBufferBytes" -> "4096",
        // about Graphite, not the gate: the look-up's p99 of 80 samples, judged by its interval, is inconclusive
        "results.intervals.gate" -> "false"
      )
      val archived = run.archivedRun(240)
      assertEquals(0, archived.statusCode, run.text)
      val graphite = run.text.linesIterator.filter(_.startsWith("graphite: ")).toSeq
      assertEquals(
        s"graphite: cannot send to 127.0.0.1:$port (IOException: Graphite read nothing for 5 s): figures are dropped while it lasts, a connection tried again every 10 s",
        graphite.head,
        run.text
      )
      assertEquals(2, graphite.size, graphite.mkString("\n"))
      assertTrue(graphite(1).matches(s"graphite: [0-9,]+ lines not sent to 127.0.0.1:$port"), graphite(1))
    }
}
