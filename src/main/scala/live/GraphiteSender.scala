package live

import java.io.{ BufferedWriter, OutputStreamWriter }
import java.net.{ InetSocketAddress, Socket }
import java.nio.charset.StandardCharsets.US_ASCII

import scala.util.control.NonFatal

import suite.InputError

/** Sends the live figures to Graphite's plaintext protocol (`<path> <value> <epoch seconds>`, one line each),
  * which Graphite's carbon, InfluxDB's Graphite input and Grafana's Graphite-backed dashboards read.
  *
  * Gatling had a Graphite writer of its own until 3.12 dropped it; this sends the suite's live figures
  * instead, per system (the old writer's paths were per simulation): for each system
  * `<prefix>.<system>.users.active`, `.users.started`, `.gate.wouldPass`, `.allRequests.{ok,ko}.count` (the
  * interval's answers), and per request `<prefix>.<system>.<request>.{ok,ko}.count` and
  * `<prefix>.<system>.<request>.percentiles{50,95,99}` (ms, the interval's). Names become path elements
  * of letters, digits, `_` and `-`.
  *
  * A Graphite that cannot be reached never disturbs the run: it is said once, and tried again every 10 s.
  */
final class GraphiteSender(settings: GraphiteSettings) {
  private var socket: Option[(Socket, BufferedWriter)] = None
  private var previous = Map.empty[(String, String, String), Long]
  private var complained = false
  private var retryAtMs = 0L

  /** The lines of `state` at `epochSeconds`, the interval counts against the previous call's. */
  def lines(state: LiveState, epochSeconds: Long): Seq[String] = {
    def line(path: Seq[String], value: Double) =
      s"${(settings.rootPathPrefix +: path.map(GraphiteSender.element)).mkString(".")} ${GraphiteSender.number(value)} $epochSeconds"
    val counts = state.systems.flatMap { system =>
      val key = system.figures.key
      system.figures.requests.flatMap { r =>
        val name = r.path.mkString(" / ")
        Seq((key, name, "ok") -> r.ok, (key, name, "ko") -> r.ko)
      }
    }.toMap
    val delta = counts.map { case (k, v) => k -> math.max(0L, v - previous.getOrElse(k, 0L)) }
    previous = counts
    state.systems.flatMap { system =>
      val key = system.figures.key
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
      ) ++ all ++ system.figures.requests.flatMap { r =>
        val name = r.path.mkString(" / ")
        Seq("ok", "ko").map(status => line(Seq(key, name, status, "count"), delta((key, name, status)).toDouble)) ++
          Seq(50 -> r.interval.p50Ms, 95 -> r.interval.p95Ms, 99 -> r.interval.p99Ms).map { case (rank, ms) =>
            line(Seq(key, name, s"percentiles$rank"), ms.toDouble)
          }
      }
    }
  }

  def send(state: LiveState, epochSeconds: Long): Unit = {
    val text = lines(state, epochSeconds).map(_ + "\n").mkString
    // After a failure, a connection is tried again only every 10 s: a connect that times out holds the live view's tick.
    if (socket.nonEmpty || System.currentTimeMillis() >= retryAtMs)
      try {
        val (_, writer) = socket.getOrElse(connect())
        writer.write(text)
        writer.flush()
      } catch {
        case NonFatal(e) =>
          close()
          retryAtMs = System.currentTimeMillis() + 10000
          if (!complained)
            println(
              s"graphite: cannot send to ${settings.host}:${settings.port} (${InputError.oneLine(e)}): trying again every 10 s"
            )
          complained = true
      }
  }

  def close(): Unit = {
    socket.foreach { case (s, _) => scala.util.Try(s.close()) }
    socket = None
  }

  private def connect(): (Socket, BufferedWriter) = {
    val s = new Socket()
    s.connect(new InetSocketAddress(settings.host, settings.port), GraphiteSender.ConnectTimeoutMs)
    val opened = (s, new BufferedWriter(new OutputStreamWriter(s.getOutputStream, US_ASCII)))
    socket = Some(opened)
    opened
  }
}

object GraphiteSender {
  private val ConnectTimeoutMs = 1000

  /** A name as one Graphite path element: dots and spaces (and anything else) become `_`. */
  def element(name: String): String = {
    val element = name.replaceAll("[^A-Za-z0-9_-]+", "_").replaceAll("^_+|_+$", "")
    if (element.isEmpty) "_" else element
  }

  private def number(value: Double): String =
    if (value == math.rint(value)) value.toLong.toString else String.format(java.util.Locale.ROOT, "%.3f", value)
}
