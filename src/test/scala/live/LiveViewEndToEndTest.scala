package live

import results.model.ExitCodes

import java.nio.file.{ Files, Paths }
import javax.imageio.ImageIO

import scala.collection.mutable
import scala.concurrent.{ Await, ExecutionContext, Future }
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.JsonNode
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError
import testkit.{ FreePort, GatlingProcess, LiveTools, SimulationRuns, ToySimulation }

/** A real run of the toy system, watched as it goes by the servers a team would use: an HTTP client reads the
  * live data, headless Chromium renders the page, a real Prometheus scrapes /metrics, and a Graphite listener
  * takes the plaintext lines. What they saw is held to the run's own summary.
  */
class LiveViewEndToEndTest {

  /** Each request's answered count (OK and KO) in one reading of /data.json or summary.json's requests. */
  private def counts(requests: JsonNode, count: JsonNode => Long): Map[String, Long] =
    requests.elements().asScala.map(r => r.path("name").asText -> count(r)).toMap

  @Test def aRunIsWatchedLiveScrapedByPrometheusAndSentToGraphite(): Unit = {
    val chromium = LiveTools.binary("chromium", "chromium")
    val prometheusBinary = LiveTools.binary("prometheus", "prometheus")
    val livePort = FreePort()
    val graphite = new LiveTools.GraphiteListener
    val prometheus = new LiveTools.Prometheus(prometheusBinary, s"127.0.0.1:$livePort")
    try {
      prometheus.awaitReady(60)
      val run = GatlingProcess.start(
        classOf[ToySimulation],
        "profile" -> "steady",
        "profiles.toy.steady.rate" -> "4",
        "profiles.toy.steady.duration" -> "30s",
        "live.port" -> livePort.toString,
        "graphite.host" -> "127.0.0.1",
        "graphite.port" -> graphite.port.toString,
        // Some 503s: KO answers, their status among the errors, and a threshold that would fail.
        "sandbox.toy.faults.serverErrorPercent" -> "10"
      )
      val address = s"http://127.0.0.1:$livePort/"
      val readings = mutable.ArrayBuffer.empty[JsonNode]
      val png = Paths.get("target", "live-view.png").toAbsolutePath
      var browser: Option[Future[String]] = None
      var runPageStatus: Option[Int] = None
      val deadline = System.nanoTime() + 240L * 1000000000L
      def state = readings.lastOption.fold("")(_.path("state").asText)
      while (state != "ended" && run.handle.isAlive && System.nanoTime() < deadline) {
        LiveTools.get(s"${address}data.json").filter(_._1 == 200).foreach(r => readings += LiveTools.json(r._2))
        val toy = readings.lastOption.map(_.path("systems").get(0))
        val points = toy.fold(0)(_.path("points").path("t").size)
        val okSoFar = toy.fold(0L)(_.path("ok").asLong)
        // Mid-run, once the charts have a few points and answers: the page as a browser renders it, while the
        // readings go on (Chromium may take long on a busy machine).
        if (browser.isEmpty && state == "running" && points >= 3 && okSoFar > 0)
          browser = Some(Future(LiveTools.chromium(chromium, address, png))(ExecutionContext.global))
        // Once archived, the page links the run page, served while the JVM lingers (live.keepServing).
        if (state == "ended")
          runPageStatus = LiveTools.get(s"http://127.0.0.1:$livePort${readings.last.path("runPage").asText}").map(_._1)
        else Thread.sleep(500)
      }
      assertEquals(ExitCodes.FailedAssertions, run.exitStatus(120), run.text)
      assertTrue(run.text.contains(s"live view: $address"), run.text)
      assertTrue(
        run.text.indexOf(s"live view: $address") < run.text.indexOf("Simulation testkit.ToySimulation started"),
        "the address is printed before the load starts"
      )

      val archived = run.archivedRuns.head
      val summary = LiveTools.json(Files.readString(archived.resolve("summary.json")))
      val answered = summary.path("global").path("count").asLong
      val perRequest = counts(summary.path("requests"), _.path("count").asLong)
      val koPerRequest = counts(summary.path("requests"), _.path("ko").asLong)
      assertTrue(answered > 0, "the run answered requests")

      // (a) The live figures, read mid-run, never count more than the run's summary.
      val running = readings.filter(_.path("state").asText == "running")
      assertTrue(running.size >= 5, s"read the live data ${running.size} times mid-run")
      readings.foreach { reading =>
        val toy = reading.path("systems").get(0)
        assertTrue(toy.path("ok").asLong + toy.path("ko").asLong <= answered, reading.toString)
        counts(toy.path("requests"), r => r.path("ok").asLong + r.path("ko").asLong).foreach { case (name, n) =>
          assertTrue(n <= perRequest.getOrElse(name, 0L), s"$name: live $n, summary ${perRequest.get(name)}")
        }
        counts(toy.path("requests"), _.path("ko").asLong).foreach { case (name, n) =>
          assertTrue(n <= koPerRequest.getOrElse(name, 0L), s"$name: live KO $n, summary ${koPerRequest.get(name)}")
        }
        assertTrue(toy.path("usersStarted").asLong <= toy.path("plannedUsers").asLong, reading.toString)
      }
      val midRun = running.last.path("systems").get(0)
      assertTrue(midRun.path("ok").asLong > 0, midRun.toString)
      assertEquals(120L, midRun.path("plannedUsers").asLong, "4 users/s for 30 s")
      assertTrue(
        midRun.path("checks").elements().asScala.exists(_.path("text").asText.startsWith("toy - look up: p99 ")),
        midRun.toString
      )
      // Each request's p99 since the start with its interval, as run.html writes it.
      midRun.path("requests").elements().asScala.filter(_.path("total").path("count").asLong > 0).foreach { r =>
        val total = r.path("total")
        assertTrue(total.path("p99Lower").asLong <= total.path("p99").asLong, r.toString)
        assertTrue(total.path("p99Text").asText.startsWith(s"${total.path("p99").asLong} ("), r.toString)
      }
      val last = readings.last
      assertEquals("ended", last.path("state").asText, last.toString)
      assertEquals("FAIL", last.path("verdict").asText, last.toString)
      val toy = last.path("systems").get(0)
      assertEquals((120L, 0L), (toy.path("usersStarted").asLong, toy.path("usersActive").asLong), "every user ended")
      assertTrue(toy.path("ko").asLong > 0, toy.toString)
      assertEquals("HTTP 503", toy.path("errors").get(0).path("message").asText, toy.toString)
      assertFalse(toy.path("wouldPass").asBoolean, "10 % of 503s break the 1 % error limit")
      assertTrue(last.path("runPage").asText.endsWith("/run.html"), last.toString)
      assertEquals(Some(200), runPageStatus, last.path("runPage").asText)

      // (b) Chromium rendered the page mid-run with points on both charts, and drew them.
      val page = Await.result(
        browser.getOrElse(fail(s"the run ended before the charts had points: ${readings.lastOption}")),
        150.seconds
      )
      Seq("throughput", "latency").foreach { chart =>
        val points = s"""data-chart="$chart"[^>]*data-points="(\\d+)"""".r.findFirstMatchIn(page).map(_.group(1).toInt)
        assertTrue(points.exists(_ >= 3), s"$chart chart points: $points")
      }
      assertTrue("""<td class="n">\d+ \(\d+-(\d+|\?)\)</td>""".r.findFirstIn(page).nonEmpty, "a p99 with its interval")
      val image = ImageIO.read(png.toFile)
      val drawn = (for { x <- 0 until image.getWidth; y <- 0 until image.getHeight } yield image.getRGB(x, y))
        .count(rgb => (rgb & 0xffffff) != 0xffffff)
      assertTrue(drawn > image.getWidth * image.getHeight / 100, s"$drawn non-white pixels")

      // (c) Prometheus scraped the run: its last count is the summary's, within one scrape interval's answers.
      val scraped = prometheus.query("sum(max_over_time(loadtest_requests_total[10m]))")
      val peak = readings.map(_.path("systems").get(0).path("requestsPerSecond").asDouble).max
      assertTrue(scraped.exists(_ > 0), s"scraped $scraped\n${prometheus.log}")
      assertTrue(
        math.abs(answered - scraped.get) <= math.ceil(peak * 1.0),
        s"scraped ${scraped.get}, summary $answered, peak $peak requests/s"
      )
      assertEquals(Some(0.0), prometheus.query("""min_over_time(loadtest_gate_would_pass{system="toy"}[10m])"""))

      // (d) The Graphite lines reached the listener: their per-second counts add up to at most the summary's.
      val lines = graphite.lines.asScala.toSeq
      val sent = lines.filter(_.startsWith("loadtest.toy.allRequests.")).map(_.split(' ')(1).toLong).sum
      assertTrue(lines.exists(_.startsWith("loadtest.toy.toy_-_look_up.percentiles99 ")), lines.take(20).mkString("\n"))
      assertTrue(lines.exists(_.startsWith("loadtest.toy.users.active ")), lines.take(20).mkString("\n"))
      assertTrue(sent > 0 && sent <= answered, s"graphite counted $sent, summary $answered")
    } finally {
      prometheus.close()
      graphite.close()
    }
  }

  /** A live port that is not a number, or is taken, stops the run before any load with one line (an input
    * error: exit 3 from a launched run, as every input error; see simulations.ResultsFolderEndToEndTest).
    */
  @Test def aBadOrTakenLivePortStopsTheRunBeforeAnyLoad(): Unit =
    scala.util.Using.resource(new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)) { taken =>
      Seq(
        "abc" -> "live.port: must be a whole number (was 'abc')",
        taken.getLocalPort.toString -> s"live.port: cannot listen on 127.0.0.1:${taken.getLocalPort} ("
      ).foreach { case (port, line) =>
        val (error, folder) = SimulationRuns.failure(classOf[ToySimulation], "live.port" -> port)
        assertEquals(classOf[InputError], error.getClass, error.toString)
        assertTrue(error.getMessage.startsWith(line), error.getMessage)
        assertFalse(error.getMessage.contains("\n"), "one line")
        assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
      }
    }
}
