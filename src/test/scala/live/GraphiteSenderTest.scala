package live

import watch.Answer

import java.io.ByteArrayOutputStream
import java.net.{ InetAddress, InetSocketAddress, ServerSocket, SocketTimeoutException }
import java.nio.charset.StandardCharsets.UTF_8

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.LiveTools

/** The Graphite sender against real listeners on loopback: one that reads, one that is not there, and one that
  * accepts and never reads, whose kernel buffers fill.
  */
class GraphiteSenderTest {
  private val T0 = 1700000000000L

  /** A tick of the live view's figures, as the live view makes it. */
  private def state(recorder: LiveRecorder, tick: Int): LiveState = {
    val figures = recorder.tick(T0 + tick * 1000L)
    LiveState("ToySimulation", T0, tick * 1000L, "running", figures.map(SystemState(_, None, Nil)), "off", None, Nil)
  }

  private def recorder(requests: Int): LiveRecorder = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    (1 to requests).foreach(i => recorder.answered(Answer("toy", List(s"request number $i"), T0, 100, 200)))
    recorder
  }

  /** `body` on a thread of its own, as the live view's tick and the run's end call the sender: it must be done
    * within `seconds`, or the test fails (and leaves it, a daemon, behind).
    */
  private def within(seconds: Int, failure: String)(body: => Unit): Unit = {
    val thread = new Thread(() => body)
    thread.setDaemon(true)
    thread.start()
    thread.join(seconds * 1000L)
    assertFalse(thread.isAlive, failure)
  }

  @Test def aListenerThatReadsGetsEveryLineTheLastOnesAtClose(): Unit = {
    val listener = new LiveTools.GraphiteListener
    try {
      val graphite = new GraphiteSender(GraphiteSettings("127.0.0.1", listener.port, "loadtest"))
      val figures = recorder(10)
      val printed = new ByteArrayOutputStream()
      Console.withOut(printed) {
        (1 to 5).foreach(i => graphite.send(state(figures, i), 1700000000L + i))
        graphite.close()
      }
      assertEquals("", printed.toString(UTF_8))
      assertEquals(0L, graphite.droppedLines)
      // Each tick: 5 lines for the system, 5 per request name. The listener reads on its own thread.
      val deadline = System.nanoTime() + 30L * 1000000000L
      while (listener.lines.size < 5 * (5 + 5 * 10) && System.nanoTime() < deadline) Thread.sleep(50)
      assertEquals(5 * (5 + 5 * 10), listener.lines.size)
      assertTrue(listener.lines.asScala.exists(_ == "loadtest.toy.request_number_7.ok.count 1 1700000001"))
    } finally listener.close()
  }

  /** As /metrics (live.maxSeries): past `graphite.maxSeries` request names, the rest are one `other` per system,
    * its counts the interval's sum, so that a target naming requests by what they hold cannot make Graphite store
    * a series per name.
    */
  @Test def requestNamesPastTheCapAreSummedAsOther(): Unit = {
    val listener = new LiveTools.GraphiteListener
    try {
      val graphite = new GraphiteSender(GraphiteSettings("127.0.0.1", listener.port, "loadtest", maxSeries = 3))
      val figures = recorder(10)
      graphite.send(state(figures, 1), 1700000001L)
      (1 to 4).foreach(_ => figures.answered(Answer("toy", List("request number 9"), T0 + 1500, 100, 200)))
      figures.answered(Answer("toy", List("request number 2"), T0 + 1500, 100, 500))
      graphite.send(state(figures, 2), 1700000002L)
      graphite.close()
      // Each tick: 5 lines for the system, 5 for each of the 3 names kept, 2 for `other`.
      val deadline = System.nanoTime() + 30L * 1000000000L
      while (listener.lines.size < 2 * (5 + 5 * 3 + 2) && System.nanoTime() < deadline) Thread.sleep(50)
      val lines = listener.lines.asScala.toSeq
      assertEquals(2 * (5 + 5 * 3 + 2), lines.size, lines.mkString("\n"))
      val requests = lines.map(_.split(' ')(0)).filter(_.startsWith("loadtest.toy.request_number_"))
        .map(_.split('.')(2)).distinct.sorted
      assertEquals(Seq("request_number_1", "request_number_2", "request_number_3"), requests)
      Seq(
        "loadtest.toy.other.ok.count 7 1700000001",
        "loadtest.toy.other.ko.count 0 1700000001",
        "loadtest.toy.other.ok.count 4 1700000002",
        "loadtest.toy.other.ko.count 0 1700000002",
        "loadtest.toy.request_number_2.ko.count 1 1700000002",
        "loadtest.toy.allRequests.ok.count 4 1700000002"
      ).foreach(line => assertTrue(lines.contains(line), s"no '$line' in:\n${lines.mkString("\n")}"))
      assertFalse(lines.exists(_.startsWith("loadtest.toy.other.percentiles")), "percentiles of different requests")
    } finally listener.close()
  }

  @Test def aGraphiteThatCannotBeReachedIsSaidOnceAndCounted(): Unit = {
    val closed = testkit.FreePort()
    val printed = new ByteArrayOutputStream()
    val graphite = Console.withOut(printed) {
      val graphite = new GraphiteSender(GraphiteSettings("127.0.0.1", closed, "loadtest"))
      val figures = recorder(1)
      (1 to 3).foreach(i => graphite.send(state(figures, i), 1700000000L + i))
      graphite.close()
      graphite
    }
    assertEquals(3L * (5 + 5), graphite.droppedLines)
    assertEquals(
      Seq(
        s"graphite: cannot send to 127.0.0.1:$closed (ConnectException: Connection refused): figures are dropped while it lasts, a connection tried again every 10 s",
        s"graphite: 30 lines not sent to 127.0.0.1:$closed"
      ),
      printed.toString(UTF_8).linesIterator.toSeq
    )
  }

  /** The listener accepts and never reads; both kernel buffers are made small, so that the sender's writes stop
    * going after some kB. Sending goes on as the live view's tick does (the tick only queues), the queue fills
    * while the sender's first write waits, and its overflow is dropped with one line, and the run's end (close) returns within its bound: the final
    * flush's 2 s, plus at most a connect's 1 s and 1 s more, where the thread is not waited for any longer.
    * The test allows 15 s for that on a busy machine: a write that blocked would hold close for ever.
    */
  @Test def aGraphiteThatNeverReadsCostsDroppedFiguresAndOneLineNeverTheRunsEnd(): Unit =
    Using.resource(new ServerSocket()) { server =>
      server.setReceiveBufferSize(4096)
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress, 0))
      val printed = new ByteArrayOutputStream()
      // One tick's figures, sent again and again: each send costs its lines only, some ms, so that the 61 sends
      // that fill the queue come well within the 5 s the sender's first write waits.
      val tick = state(recorder(200), 1)
      val (graphite, sendsMs) = Console.withOut(printed) {
        val graphite =
          new GraphiteSender(GraphiteSettings("127.0.0.1", server.getLocalPort, "loadtest", sendBufferBytes = 4096))
        // Some 55 kB a tick, 150 ticks: some 8 MB, far past both buffers and the queue's 60 ticks. On a thread
        // of its own, as the live view's tick: a send that waited on Graphite would hold it past the join.
        val sendingMs = System.currentTimeMillis()
        within(60, "the tick's send waited on Graphite")(
          (1 to 150).foreach(i => graphite.send(tick, 1700000000L + i))
        )
        (graphite, System.currentTimeMillis() - sendingMs)
      }
      Using.resource(server.accept()) { stalled =>
        val startedMs = System.currentTimeMillis()
        Console.withOut(printed)(within(60, "close waited on Graphite")(graphite.close()))
        val closeMs = System.currentTimeMillis() - startedMs
        assertTrue(closeMs < 15000, s"close took $closeMs ms")
        val lines = printed.toString(UTF_8).linesIterator.toSeq
        assertEquals(1, lines.count(_.startsWith("graphite: cannot send to 127.0.0.1:")), lines.mkString("\n"))
        // The ticks overflowed the queue while the sender's first write waited (for up to 5 s): they did not wait.
        // A machine so busy that the 150 sends took over 4 s may see that write give up first: either line then.
        val overflowed =
          s"graphite: cannot send to 127.0.0.1:${server.getLocalPort} (a minute of figures waits to be sent): figures are dropped while it lasts, a connection tried again every 10 s"
        val gaveUp =
          s"graphite: cannot send to 127.0.0.1:${server.getLocalPort} (IOException: Graphite read nothing for 5 s): figures are dropped while it lasts, a connection tried again every 10 s"
        if (sendsMs < 4000) assertEquals(overflowed, lines.head, s"the sends took $sendsMs ms")
        else assertTrue(Seq(overflowed, gaveUp).contains(lines.head), s"the sends took $sendsMs ms: ${lines.head}")
        assertTrue(graphite.droppedLines > 0, "figures were dropped")
        assertEquals(
          Seq(f"graphite: ${graphite.droppedLines}%,d lines not sent to 127.0.0.1:${server.getLocalPort}"),
          lines.drop(1)
        )
        // The sender closed its end: what the kernel kept is read, then the end of the stream.
        stalled.setSoTimeout(10000)
        val in = stalled.getInputStream
        val buffer = new Array[Byte](65536)
        val read = Iterator.continually(
          try in.read(buffer)
          catch { case _: SocketTimeoutException => fail("the sender's connection is still open") }
        ).takeWhile(_ >= 0).map(_.toLong).sum
        assertTrue(read < 150L * 55000, s"$read bytes reached the listener")
      }
    }
}
