package testkit

import java.io.{ BufferedReader, InputStreamReader }
import java.net.{ ServerSocket, URI, URLEncoder }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, Paths }
import java.time.Duration
import java.util.concurrent.ConcurrentLinkedQueue

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }

/** The real servers the live view's tests talk to: an HTTP client, Prometheus, Chromium and a Graphite listener. */
object LiveTools {
  private val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
  private val mapper = new ObjectMapper()

  /** An executable on the PATH, or a failure saying how to install it: the tests that need one run in CI. */
  def binary(name: String, debianPackage: String): Path =
    sys.env.getOrElse("PATH", "").split(java.io.File.pathSeparator).toSeq
      .map(Paths.get(_, name))
      .find(Files.isExecutable)
      .getOrElse(throw new AssertionError(
        s"$name is not installed: apt-get install -y $debianPackage (.ci/run installs it)"
      ))

  /** GET `url`: its status and body; None when nothing answers. */
  def get(url: String): Option[(Int, String)] =
    try {
      val request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build()
      val response = client.send(request, HttpResponse.BodyHandlers.ofString())
      Some(response.statusCode -> response.body)
    } catch { case _: java.io.IOException => None }

  def json(text: String): JsonNode = mapper.readTree(text)

  /** A Prometheus of its own (never a system service): scrapes `target` every second into a temporary folder. */
  final class Prometheus(binary: Path, target: String) extends AutoCloseable {
    private val home = Files.createTempDirectory("prometheus-")
    val port: Int = FreePort()
    private val config = Files.writeString(
      home.resolve("prometheus.yml"),
      s"""global:
         |  scrape_interval: 1s
         |  evaluation_interval: 1s
         |scrape_configs:
         |  - job_name: loadtest
         |    static_configs:
         |      - targets: ['$target']
         |""".stripMargin
    )
    private val process = new ProcessBuilder(
      binary.toString,
      s"--config.file=$config",
      s"--storage.tsdb.path=${home.resolve("data")}",
      s"--web.listen-address=127.0.0.1:$port"
    ).redirectErrorStream(true).redirectOutput(home.resolve("prometheus.log").toFile).start()

    def log: String = Files.readString(home.resolve("prometheus.log"))

    /** Waits until Prometheus says it is ready, at most `seconds`. */
    def awaitReady(seconds: Int): Unit = {
      val deadline = System.nanoTime() + seconds * 1000000000L
      while (!get(s"http://127.0.0.1:$port/-/ready").exists(_._1 == 200) && System.nanoTime() < deadline) {
        if (!process.isAlive) throw new AssertionError(s"prometheus exited:\n$log")
        Thread.sleep(250)
      }
      if (!get(s"http://127.0.0.1:$port/-/ready").exists(_._1 == 200))
        throw new AssertionError(s"prometheus not ready within $seconds s:\n$log")
    }

    /** The single value an instant query returns (None when it returns no series). */
    def query(promql: String): Option[Double] = {
      val (status, body) = get(s"http://127.0.0.1:$port/api/v1/query?query=${URLEncoder.encode(promql, UTF_8)}")
        .getOrElse(throw new AssertionError("prometheus does not answer"))
      if (status != 200) throw new AssertionError(s"prometheus query $promql: $status $body")
      json(
        body
      ).path("data").path("result").elements().asScala.toSeq.headOption.map(_.path("value").get(1).asText.toDouble)
    }

    def close(): Unit = {
      process.destroy()
      process.waitFor()
      ()
    }
  }

  /** A Graphite (plaintext protocol) listener: keeps every line it is sent. */
  final class GraphiteListener extends AutoCloseable {
    private val server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress)
    val lines = new ConcurrentLinkedQueue[String]
    private val thread = new Thread(
      () =>
        try
          while (true) {
            val socket = server.accept()
            val reader = new Thread(() =>
              Using.resource(new BufferedReader(new InputStreamReader(socket.getInputStream, UTF_8))) { in =>
                Iterator.continually(in.readLine()).takeWhile(_ != null).foreach(lines.add)
              }
            )
            reader.setDaemon(true)
            reader.start()
          }
        catch { case _: java.io.IOException => () },
      "graphite-listener"
    )
    thread.setDaemon(true)
    thread.start()

    def port: Int = server.getLocalPort

    def close(): Unit = server.close()
  }

  /** Headless Chromium on `url`: the DOM once its scripts ran, and a screenshot to `png`. */
  def chromium(binary: Path, url: String, png: Path): String = {
    val profile = Files.createTempDirectory("chromium-")
    def run(args: String*): String = {
      val out = Files.createTempFile("chromium-", ".out")
      val command = Seq(
        binary.toString,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        s"--user-data-dir=$profile",
        "--virtual-time-budget=4000",
        "--window-size=1400,1600"
      ) ++ args :+ url
      val process = new ProcessBuilder(command.asJava).redirectOutput(out.toFile)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start()
      if (!process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly()
        throw new AssertionError(s"chromium did not finish within 120 s: ${command.mkString(" ")}")
      }
      Files.readString(out)
    }
    val dom = run("--dump-dom")
    run(s"--screenshot=$png")
    dom
  }
}
