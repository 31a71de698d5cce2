package live

import java.io.ByteArrayOutputStream
import java.net.{ BindException, InetSocketAddress }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path }
import java.util.concurrent.Executors

import scala.util.control.NonFatal

import com.sun.net.httpserver.{ HttpExchange, HttpServer }
import results.SitePages
import suite.InputError

/** The live view's HTTP server (the JDK's own: a page, its data and /metrics need no more):
  *   - `/` the page, `/assets/...` its script, style and ECharts from the classpath
  *   - `/data.json` the live figures, which the page polls
  *   - `/metrics` the same figures for Prometheus
  *   - `/results/...` the results folder, so the page can link the archived run.html once the run ends
  *
  * Its threads are daemons: it serves until the JVM exits, and never keeps one alive.
  */
final class LiveServer private (server: HttpServer) {
  def port: Int = server.getAddress.getPort
}

object LiveServer {
  private val Types = Map(
    "html" -> "text/html; charset=utf-8",
    "js" -> "text/javascript; charset=utf-8",
    "css" -> "text/css; charset=utf-8",
    "json" -> "application/json",
    "svg" -> "image/svg+xml",
    "png" -> "image/png",
    "txt" -> "text/plain; charset=utf-8",
    "md" -> "text/plain; charset=utf-8",
    "xml" -> "application/xml",
    "csv" -> "text/plain; charset=utf-8"
  )

  /** Listens on `host`:`port` (0: a free port); a port taken or a host not of this machine is an input error. */
  def start(host: String, port: Int, page: () => String, state: () => LiveState, results: Option[Path]): LiveServer = {
    val server =
      try HttpServer.create(new InetSocketAddress(host, port), 0)
      catch {
        case e: BindException =>
          throw new InputError(
            s"live.port: cannot listen on $host:$port (${e.getMessage}); -Dlive.port=0 takes a free one"
          )
        case NonFatal(e) => throw new InputError(s"live.host: cannot listen on $host:$port (${InputError.oneLine(e)})")
      }
    server.setExecutor(Executors.newFixedThreadPool(
      2,
      { r =>
        val thread = new Thread(r, "live-view")
        thread.setDaemon(true)
        thread
      }
    ))
    server.createContext("/", exchange => serve(exchange, page, state, results))
    // The server's dispatcher thread takes its daemon status from the thread that starts it.
    val starter = new Thread(() => server.start(), "live-view-start")
    starter.setDaemon(true)
    starter.start()
    starter.join()
    new LiveServer(server)
  }

  private def serve(exchange: HttpExchange, page: () => String, state: () => LiveState, results: Option[Path]): Unit =
    try {
      val path = exchange.getRequestURI.getPath
      if (exchange.getRequestMethod != "GET" && exchange.getRequestMethod != "HEAD")
        send(exchange, 405, "text/plain", "GET only".getBytes(UTF_8))
      else if (path == "/") send(exchange, 200, Types("html"), page().getBytes(UTF_8))
      else if (path == "/data.json") send(exchange, 200, Types("json"), state().json.getBytes(UTF_8))
      else if (path == "/metrics") {
        val out = new ByteArrayOutputStream()
        PrometheusMetrics.write(state(), out)
        send(exchange, 200, PrometheusMetrics.ContentType, out.toByteArray)
      } else if (path.startsWith("/assets/")) asset(path.stripPrefix("/assets/")) match {
        case Some(bytes) => send(exchange, 200, typeOf(path), bytes)
        case None        => notFound(exchange)
      }
      else if (path.startsWith("/results/")) results.flatMap(file(_, path.stripPrefix("/results/"))) match {
        case Some(file) => send(exchange, 200, typeOf(file.toString), Files.readAllBytes(file))
        case None       => notFound(exchange)
      }
      else notFound(exchange)
    } catch {
      case NonFatal(e) => send(exchange, 500, "text/plain", InputError.oneLine(e).getBytes(UTF_8))
    } finally exchange.close()

  /** The page's own script beside the site's assets (ECharts, charts.js, site.css). */
  private def asset(name: String): Option[Array[Byte]] =
    SitePages.assetResource(name).orElse(Option.when(name == "live.js")("site/live.js")).flatMap { resource =>
      Option(getClass.getClassLoader.getResourceAsStream(resource)).map { in =>
        try in.readAllBytes()
        finally in.close()
      }
    }

  /** A file inside `root`, never outside it. */
  private def file(root: Path, relative: String): Option[Path] = {
    val base = root.toAbsolutePath.normalize
    val file = base.resolve(relative).normalize
    Option.when(file.startsWith(base) && Files.isRegularFile(file))(file)
  }

  private def typeOf(name: String): String =
    Types.getOrElse(name.substring(name.lastIndexOf('.') + 1).toLowerCase, "application/octet-stream")

  private def notFound(exchange: HttpExchange): Unit = send(exchange, 404, "text/plain", "not found".getBytes(UTF_8))

  private def send(exchange: HttpExchange, status: Int, contentType: String, body: Array[Byte]): Unit = {
    exchange.getResponseHeaders.set("Content-Type", contentType)
    exchange.getResponseHeaders.set("Cache-Control", "no-store")
    if (exchange.getRequestMethod == "HEAD") exchange.sendResponseHeaders(status, -1)
    else {
      exchange.sendResponseHeaders(status, body.length.toLong)
      exchange.getResponseBody.write(body)
    }
  }
}
