package sandbox

import java.net.{ InetSocketAddress, URI }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.UTF_8
import java.time.Duration

import scala.util.Try

import com.sun.net.httpserver.HttpServer

/** A standalone sandbox's own CPU, served at [[url]] as "<cpu ns> <cores>": its JVM's CPU time so far and its
  * machine's cores. A capacity search in another JVM reads it over each step's window, so that a step the sandbox
  * had no CPU left for is not blamed on the system.
  */
final class CpuEndpoint private (server: HttpServer, host: String) extends AutoCloseable {
  val url: String = s"${Sandbox.url(host, server.getAddress.getPort)}${CpuEndpoint.Path}"

  override def close(): Unit = server.stop(0)
}

object CpuEndpoint {
  val Path = "/sandbox-cpu"

  /** Serves this JVM's CPU on a free port of `host`. */
  def start(host: String): CpuEndpoint = {
    val server = HttpServer.create(new InetSocketAddress(host, 0), 0)
    server.createContext(
      Path,
      exchange =>
        try {
          val body = s"${ServingCpu.processCpuNs()} ${Runtime.getRuntime.availableProcessors}\n".getBytes(UTF_8)
          exchange.getResponseHeaders.set("Content-Type", "text/plain")
          exchange.sendResponseHeaders(200, body.length.toLong)
          exchange.getResponseBody.write(body)
        } finally exchange.close()
    )
    server.start()
    new CpuEndpoint(server, host)
  }

  private val Timeout = Duration.ofSeconds(2)
  private lazy val client = HttpClient.newBuilder().connectTimeout(Timeout).build()

  /** The CPU time (ns) and cores the endpoint at `url` gives; None where it does not answer within 2 s, or
    * answers something else.
    */
  def read(url: String): Option[(Long, Int)] =
    Try {
      val request = HttpRequest.newBuilder(URI.create(url)).timeout(Timeout).GET().build()
      val response = client.send(request, HttpResponse.BodyHandlers.ofString(UTF_8))
      response.body.trim.split("\\s+") match {
        case Array(cpuNs, cores) if response.statusCode == 200 => Some((cpuNs.toLong, cores.toInt))
        case _                                                 => None
      }
    }.toOption.flatten
}
