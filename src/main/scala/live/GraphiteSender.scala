package live

import java.net.InetSocketAddress
import java.nio.ByteBuffer
import java.nio.channels.{ SelectionKey, Selector, SocketChannel }
import java.nio.charset.StandardCharsets.US_ASCII
import java.util.concurrent.{ ArrayBlockingQueue, TimeUnit }
import java.util.concurrent.atomic.{ AtomicBoolean, AtomicLong }

import scala.jdk.CollectionConverters._
import scala.util.Try
import scala.util.control.NonFatal

import config.InputError

/** Sends the live figures to Graphite's plaintext protocol (`<path> <value> <epoch seconds>`, one line each),
  * which Graphite's carbon, InfluxDB's Graphite input and Grafana's Graphite-backed dashboards read.
  *
  * Gatling had a Graphite writer of its own until 3.12 dropped it; this sends the suite's live figures
  * instead, per system (the old writer's paths were per simulation): for each system
  * `<prefix>.<system>.users.active`, `.users.started`, `.gate.wouldPass`, `.allRequests.{ok,ko}.count` (the
  * interval's answers), and per request `<prefix>.<system>.<request>.{ok,ko}.count` and
  * `<prefix>.<system>.<request>.percentiles{50,95,99}` (ms, the interval's). Names become path elements
  * of letters, digits, `_` and `-`. At most `maxSeries` request names have paths of their own (see
  * [[SeriesCap]]); the rest are summed per system as `<prefix>.<system>.other.{ok,ko}.count`, without
  * percentiles (those of different requests do not add up).
  *
  * A Graphite that is down, slow or stalled never holds the run: [[send]] only queues the tick's lines for
  * this sender's own thread (a daemon), the queue holds at most a minute of ticks, and a write that has not
  * gone within 5 s closes the connection. What cannot be sent is dropped and counted, said once
  * when it starts, counted once at [[close]]; a connection is tried again every 10 s.
  */
final class GraphiteSender(settings: GraphiteSettings) {
  private var previous = Map.empty[(String, String, String), Long]
  private val queue = new ArrayBlockingQueue[Array[Byte]](GraphiteSender.QueuedTicks)
  private val dropped = new AtomicLong
  private val complained = new AtomicBoolean
  // Set by close: the sender's last moment, in System.nanoTime; Long.MaxValue while the run goes.
  @volatile private var finalDeadline = Long.MaxValue
  private val selector = Selector.open()
  private val thread = new Thread(() => run(), "graphite-sender")
  thread.setDaemon(true)
  thread.start()

  /** The lines of `state` at `epochSeconds`, the interval counts against the previous call's. */
  def lines(state: LiveState, epochSeconds: Long): Seq[String] = {
    def line(path: Seq[String], value: Double) =
      s"${(settings.rootPathPrefix +: path.map(GraphiteSender.element)).mkString(".")} ${GraphiteSender.number(value)} $epochSeconds"
    val counts = state.systems.flatMap { system =>
      val key = system.figures.key
      system.figures.requests.flatMap { r =>
        val name = SeriesCap.name(r)
        Seq((key, name, "ok") -> r.ok, (key, name, "ko") -> r.ko)
      }
    }.toMap
    val delta = counts.map { case (k, v) => k -> math.max(0L, v - previous.getOrElse(k, 0L)) }
    previous = counts
    val kept = SeriesCap.kept(state, settings.maxSeries)
    state.systems.flatMap { system =>
      val key = system.figures.key
      val (own, rest) = system.figures.requests.partition(r => kept((key, SeriesCap.name(r))))
      val all = Seq("ok", "ko").map(status =>
        line(
          Seq(key, "allRequests", status, "count"),
          delta.collect { case ((`key`, _, `status`), n) => n }.sum.toDouble
        )
      )
      Seq(
        line(Seq(key, "users", "active"), system.figures.usersActive.toDouble),
        line(Seq(key, "users", "started"), system.figures.usersStarted.toDouble),
        line(Seq(key, "gate", "wouldPass"), if (system.wouldPass) 1 else 0)
      ) ++ all ++ own.flatMap { r =>
        val name = SeriesCap.name(r)
        Seq("ok", "ko").map(status => line(Seq(key, name, status, "count"), delta((key, name, status)).toDouble)) ++
          Seq(50 -> r.interval.p50Ms, 95 -> r.interval.p95Ms, 99 -> r.interval.p99Ms).map { case (rank, ms) =>
            line(Seq(key, name, s"percentiles$rank"), ms.toDouble)
          }
      } ++ Option.when(rest.nonEmpty)(Seq("ok", "ko").map { status =>
        line(
          Seq(key, SeriesCap.Other, status, "count"),
          rest.map(r => delta((key, SeriesCap.name(r), status))).sum.toDouble
        )
      }).toList.flatten
    }
  }

  /** Queues the lines of `state` for the sender's thread; never waits (a full queue drops them). */
  def send(state: LiveState, epochSeconds: Long): Unit = queue(lines(state, epochSeconds))

  /** Queues `lines`, or drops them when the queue is full or the sender is closed. */
  private def queue(lines: Seq[String]): Unit = {
    val text = lines.map(_ + "\n").mkString.getBytes(US_ASCII)
    if (closing) dropped.addAndGet(lines.size.toLong)
    else if (!queue.offer(text)) drop(lines.size.toLong, "a minute of figures waits to be sent")
  }

  /** Lines dropped so far: not sent because the queue was full, the connection failed or timed out, or the run ended. */
  def droppedLines: Long = dropped.get

  /** The run's end: what is queued gets at most `GraphiteSender.FinalFlushMs` to go, then the connection is
    * closed, whatever Graphite does; the lines left are dropped and counted in one line.
    */
  def close(): Unit = {
    finalDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GraphiteSender.FinalFlushMs)
    selector.wakeup()
    thread.join(GraphiteSender.FinalFlushMs + GraphiteSender.ConnectTimeoutMs + 1000)
    // The thread stops at the final deadline by itself; this only guards against a connect that outlasts its timeout.
    thread.interrupt()
    val left = new java.util.ArrayList[Array[Byte]]
    queue.drainTo(left)
    dropped.addAndGet(left.asScala.map(GraphiteSender.lineCount).sum)
    if (dropped.get > 0)
      println(f"graphite: ${dropped.get}%,d lines not sent to ${settings.host}:${settings.port}")
  }

  private def drop(lines: Long, why: String): Unit = {
    dropped.addAndGet(lines)
    if (complained.compareAndSet(false, true))
      println(
        s"graphite: cannot send to ${settings.host}:${settings.port} ($why): figures are dropped while it lasts, a connection tried again every 10 s"
      )
  }

  private def closing: Boolean = finalDeadline != Long.MaxValue

  private def run(): Unit = {
    var channel: Option[SocketChannel] = None
    var retryAt = 0L
    def disconnect(): Unit = {
      channel.foreach(c => Try(c.close()))
      channel = None
    }
    try
      while (!(closing && (queue.isEmpty || System.nanoTime() >= finalDeadline))) {
        val text = queue.poll(100, TimeUnit.MILLISECONDS)
        if (text != null) {
          val lines = GraphiteSender.lineCount(text)
          if (channel.isEmpty && System.nanoTime() < retryAt) dropped.addAndGet(lines)
          else
            try {
              val open = channel.getOrElse(connect())
              channel = Some(open)
              write(open, ByteBuffer.wrap(text))
            } catch {
              case NonFatal(e) =>
                disconnect()
                retryAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
                drop(lines, InputError.oneLine(e))
            }
        }
      }
    catch { case _: InterruptedException => () }
    finally {
      disconnect()
      Try(selector.close())
    }
  }

  private def connect(): SocketChannel = {
    val channel = SocketChannel.open()
    try {
      if (settings.sendBufferBytes > 0) channel.socket.setSendBufferSize(settings.sendBufferBytes)
      channel.socket.connect(new InetSocketAddress(settings.host, settings.port), GraphiteSender.ConnectTimeoutMs)
      channel.configureBlocking(false)
      channel.register(selector, SelectionKey.OP_WRITE)
      channel
    } catch {
      case NonFatal(e) =>
        Try(channel.close())
        throw e
    }
  }

  /** Writes all of `bytes`, or fails once the write timeout (or the run's final deadline) has passed. */
  private def write(channel: SocketChannel, bytes: ByteBuffer): Unit = {
    val deadline =
      math.min(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GraphiteSender.WriteTimeoutMs), finalDeadline)
    while (bytes.hasRemaining) {
      if (channel.write(bytes) == 0) {
        val left = math.min(deadline, finalDeadline) - System.nanoTime()
        if (left <= 0)
          throw new java.io.IOException(
            if (closing) "the run ended before Graphite read its figures"
            else s"Graphite read nothing for ${GraphiteSender.WriteTimeoutMs / 1000} s"
          )
        selector.select(math.max(1L, TimeUnit.NANOSECONDS.toMillis(left)))
        selector.selectedKeys.clear()
      }
    }
  }
}

object GraphiteSender {
  private val ConnectTimeoutMs = 1000
  // A minute of figures waits for a slow Graphite; a MainSimulation's tick is some 60 kB.
  val QueuedTicks = 60
  val WriteTimeoutMs = 5000L
  val FinalFlushMs = 2000L

  private def lineCount(text: Array[Byte]): Long = text.count(_ == '\n').toLong

  /** A name as one Graphite path element: dots and spaces (and anything else) become `_`. */
  def element(name: String): String = {
    val element = name.replaceAll("[^A-Za-z0-9_-]+", "_").replaceAll("^_+|_+$", "")
    if (element.isEmpty) "_" else element
  }

  private def number(value: Double): String =
    if (value == math.rint(value)) value.toLong.toString else String.format(java.util.Locale.ROOT, "%.3f", value)
}
