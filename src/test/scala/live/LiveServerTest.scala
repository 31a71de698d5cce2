package live

import watch.Answer

import java.io.{ ByteArrayOutputStream, IOException, RandomAccessFile }
import java.net.{ InetAddress, Socket, SocketTimeoutException, URI }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.{ US_ASCII, UTF_8 }
import java.nio.file.{ AccessDeniedException, Files, Path }
import java.time.Duration

import scala.concurrent.duration._
import scala.util.{ Try, Using }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The live server on real sockets: what it serves (the live run only), how it holds up against clients that
  * stall, too many connections and too many request names, and the token asked of every request.
  */
class LiveServerTest {
  private val T0 = 1700000000000L
  private val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()

  private def state(requests: Int): LiveState = {
    val recorder = new LiveRecorder(Seq("toy"))
    recorder.start(T0)
    (1 to requests).foreach { i =>
      (1 to i).foreach(_ => recorder.answered(Answer("toy", List(f"request $i%03d"), T0, 100, 200)))
    }
    val figures = recorder.tick(T0 + 1000)
    LiveState("ToySimulation", T0, 1000, "running", figures.map(SystemState(_, None, Nil)), "off", None, Nil)
  }

  private def server(
      settings: LiveSettings = LiveSettings.Off.copy(enabled = true),
      run: Option[(String, Path)] = None,
      requests: Int = 2
  ): LiveServer = {
    val live = state(requests)
    LiveServer.start(settings, () => "the page", () => live, () => run)
  }

  private def get(url: String, headers: (String, String)*): HttpResponse[String] = {
    val request = headers.foldLeft(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))) {
      case (builder, (name, value)) => builder.header(name, value)
    }
    client.send(request.build(), HttpResponse.BodyHandlers.ofString())
  }

  /** `request` as sent, byte for byte (no client normalises its path); the whole answer. */
  private def raw(port: Int, request: String): String =
    Using.resource(new Socket(InetAddress.getLoopbackAddress, port)) { socket =>
      socket.setSoTimeout(20000)
      socket.getOutputStream.write(request.getBytes(US_ASCII))
      new String(socket.getInputStream.readAllBytes(), UTF_8)
    }

  @Test def itServesTheLiveRunsFilesOnlyNeverASimulationLog(): Unit = {
    val results = Files.createTempDirectory("results-")
    Seq("2026-01-01-old", "2026-01-02-live").foreach { name =>
      val run = Files.createDirectories(results.resolve(name))
      Files.writeString(run.resolve("run.html"), s"run page of $name")
      Files.writeString(run.resolve("simulation.log"), s"log of $name")
    }
    val live = results.resolve("2026-01-02-live")
    // Larger than any buffer on the way: it comes whole, as streamed.
    val large = (1 to 200000).map(i => s"line $i\n").mkString
    Files.writeString(live.resolve("large.txt"), large)
    Files.createSymbolicLink(live.resolve("linked.html"), results.resolve("2026-01-01-old").resolve("run.html"))
    // Its log by other names: in other cases (another file here, the same one where case is ignored), and linked.
    Seq("SIMULATION.LOG", "Simulation.Log").foreach(name => Files.writeString(live.resolve(name), s"log of $name"))
    Files.createSymbolicLink(live.resolve("log.txt"), live.resolve("simulation.log"))
    Files.createLink(live.resolve("hard.txt"), live.resolve("simulation.log"))
    Files.createSymbolicLink(live.resolve("folder"), live)
    val served = server(run = Some("/results/2026-01-02-live/" -> live))
    try {
      val base = s"http://127.0.0.1:${served.port}"
      assertEquals(
        200 -> "run page of 2026-01-02-live", {
          val r = get(s"$base/results/2026-01-02-live/run.html"); r.statusCode -> r.body
        }
      )
      val largeAnswer = get(s"$base/results/2026-01-02-live/large.txt")
      assertEquals(200 -> large.length, largeAnswer.statusCode -> largeAnswer.body.length)
      assertEquals(large, largeAnswer.body)
      assertEquals(200, get(s"$base/results/assets/site.css").statusCode, "the assets run.html links")
      assertEquals(200, get(s"$base/assets/live.js").statusCode)
      Seq(
        "/results/2026-01-02-live/simulation.log",
        "/results/2026-01-02-live/SIMULATION.LOG",
        "/results/2026-01-02-live/Simulation.Log",
        "/results/2026-01-02-live/simulation%2Elog",
        "/results/2026-01-02-live/log.txt",
        "/results/2026-01-02-live/hard.txt",
        "/results/2026-01-02-live/folder/simulation.log",
        "/results/2026-01-02-live/folder/Simulation.LOG",
        "/results/2026-01-01-old/run.html",
        "/results/2026-01-01-old/simulation.log",
        "/results/2026-01-02-live/linked.html",
        "/results/2026-01-02-live/../2026-01-01-old/simulation.log",
        "/results/2026-01-02-live/%2e%2e/2026-01-01-old/simulation.log",
        "/results/2026-01-02-live/..%2f2026-01-01-old%2fsimulation.log",
        "/results/",
        "/results/assets/../2026-01-01-old/run.html"
      ).foreach { path =>
        val answer = raw(served.port, s"GET $path HTTP/1.1\r\nHost: x\r\n\r\n")
        assertTrue(answer.startsWith("HTTP/1.1 404 "), s"$path:\n$answer")
        assertFalse(answer.contains("log of") || answer.contains("run page of"), s"$path:\n$answer")
      }
    } finally served.close()
  }

  /** Every error answer, for a file or not, with the token or not, is the status and a word: no path of this
    * machine (the run's folder, a file the server failed to read), which the console gets instead.
    */
  @Test def errorAnswersNameNoPathOfTheMachine(): Unit = {
    val run = Files.createDirectories(Files.createTempDirectory("results-").resolve("live"))
    val unreadable = run.resolve("run.html")
    val printed = new ByteArrayOutputStream()
    val live = state(1)
    val served = Console.withOut(printed)(
      LiveServer.start(
        LiveSettings.Off.copy(enabled = true, token = Some(LiveToken("s3cret-token"))),
        () => throw new AccessDeniedException(unreadable.toString),
        () => live,
        () => Some("/results/live/" -> run)
      )
    )
    try {
      val bearer = "Authorization: Bearer s3cret-token\r\n"
      val answers = Seq(
        "404 " -> s"GET /results/live/missing.html HTTP/1.1\r\n$bearer\r\n",
        "404 " -> s"GET ${run.resolve("missing.html")} HTTP/1.1\r\n$bearer\r\n",
        "401 " -> "GET /results/live/missing.html HTTP/1.1\r\n\r\n",
        "405 " -> s"POST /results/live/missing.html HTTP/1.1\r\n${bearer}Content-Length: 0\r\n\r\n",
        "400 " -> s"GET /results/live/missing.html HTTP/1.1\r\n${bearer}Content-Length: x\r\n\r\n",
        "500 " -> s"GET / HTTP/1.1\r\n$bearer\r\n"
      ).map { case (status, request) => status -> raw(served.port, request) }
      answers.foreach { case (status, answer) =>
        assertTrue(answer.startsWith(s"HTTP/1.1 $status"), s"$status:\n$answer")
        val body = answer.substring(answer.indexOf("\r\n\r\n") + 4)
        assertFalse(body.contains(run.getParent.toString), s"$status:\n$answer")
        assertEquals(None, "(^|[^\\w.~])/\\w".r.findFirstIn(body), s"a rooted path in the $status answer:\n$answer")
      }
      assertTrue(printed.toString(UTF_8).contains(s"AccessDeniedException: $unreadable"), printed.toString(UTF_8))
    } finally served.close()
  }

  @Test def aRunNotYetArchivedHasNoFilesServed(): Unit = {
    val served = server()
    try assertEquals(404, get(s"http://127.0.0.1:${served.port}/results/any/run.html").statusCode)
    finally served.close()
  }

  /** Clients that send nothing or half a request and stay, and one that asks for a large file and never reads
    * it, more of them than the server has threads, hold no one up; the server closes them at requestTimeout
    * (1 s here; the test waits up to 30 s for it on a busy machine), the reader's file cut short.
    */
  @Test def aSilentHalfSentOrUnreadRequestHoldsNoOneUpAndIsClosedAtTheTimeout(): Unit = {
    val run = Files.createDirectories(Files.createTempDirectory("results-").resolve("live"))
    val largeBytes = 32L * 1024 * 1024
    // Sparse: 32 MB that take no room on disk.
    Using.resource(new RandomAccessFile(run.resolve("large.txt").toFile, "rw"))(_.setLength(largeBytes))
    val served =
      server(LiveSettings.Off.copy(enabled = true, requestTimeout = 1.second), run = Some("/results/live/" -> run))
    try {
      val stalled = (1 to 6).map { i =>
        val socket = new Socket(InetAddress.getLoopbackAddress, served.port)
        if (i % 2 == 0) socket.getOutputStream.write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(US_ASCII))
        socket
      }
      val reader = new Socket(InetAddress.getLoopbackAddress, served.port)
      reader.getOutputStream.write("GET /results/live/large.txt HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(US_ASCII))
      try {
        val metrics = get(s"http://127.0.0.1:${served.port}/metrics")
        assertEquals(200, metrics.statusCode)
        assertTrue(metrics.body.contains("loadtest_requests_total"), metrics.body)
        (stalled :+ reader).foreach { socket =>
          socket.setSoTimeout(30000)
          val buffer = new Array[Byte](65536)
          val read = Iterator.continually(
            try socket.getInputStream.read(buffer)
            catch {
              case _: SocketTimeoutException => fail("the server left a stalled connection open for 30 s")
              case _: IOException            => -1
            }
          ).takeWhile(_ >= 0).map(_.toLong).sum
          assertTrue(read < largeBytes, s"$read bytes: the server closed the connection at its timeout")
        }
      } finally (stalled :+ reader).foreach(_.close())
    } finally served.close()
  }

  /** Whether the server has closed `socket`, looking for 50 ms. */
  private def closedByServer(socket: Socket): Boolean = {
    socket.setSoTimeout(50)
    try socket.getInputStream.read() == -1
    catch {
      case _: SocketTimeoutException => false
      case _: IOException            => true
    }
  }

  /** Ten connections at once, idle or half-sent, none with the token, three allowed: the server takes them on two
    * threads, in any order, and closes seven. The three left hold every place until their 60 s timeout, yet a
    * request without the token is refused, and one with it is answered, each taking the place of an idle one.
    */
  @Test def connectionsWithoutARequestTakenMakeWayForOneWithTheToken(): Unit = {
    val served = server(
      LiveSettings.Off.copy(
        enabled = true,
        token = Some(LiveToken("s3cret-token")),
        maxConnections = 3,
        requestTimeout = 60.seconds
      )
    )
    try {
      val held = (1 to 10).map { i =>
        val socket = new Socket(InetAddress.getLoopbackAddress, served.port)
        if (i % 2 == 0) socket.getOutputStream.write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(US_ASCII))
        socket
      }
      try {
        val deadline = System.nanoTime() + 30L * 1000000000L
        var closed = Set.empty[Socket]
        while (closed.size < 7 && System.nanoTime() < deadline) closed ++= held.filterNot(closed).filter(closedByServer)
        assertEquals(7, closed.size, "connections the server closed")
        val open = held.filterNot(closed)
        assertFalse(open.exists(closedByServer), "the three others stay open")
        val base = s"http://127.0.0.1:${served.port}"
        assertEquals(401, get(s"$base/metrics").statusCode)
        assertEquals(200, get(s"$base/metrics", "Authorization" -> "Bearer s3cret-token").statusCode)
        assertTrue(open.exists(closedByServer), "an idle one made way")
      } finally held.foreach(_.close())
    } finally served.close()
  }

  /** Three connections being answered (a large file each, unread) hold the three places: a fourth is closed with
    * no answer; one of the three closed, one is served.
    */
  @Test def connectionsBeingAnsweredHoldTheCap(): Unit = {
    val run = Files.createDirectories(Files.createTempDirectory("results-").resolve("live"))
    // Sparse: 32 MB that take no room on disk, more than the sockets' buffers hold.
    Using.resource(new RandomAccessFile(run.resolve("large.txt").toFile, "rw"))(_.setLength(32L * 1024 * 1024))
    val served = server(
      LiveSettings.Off.copy(enabled = true, maxConnections = 3, requestTimeout = 60.seconds),
      run = Some("/results/live/" -> run)
    )
    try {
      val readers = (1 to 3).map { _ =>
        val socket = new Socket(InetAddress.getLoopbackAddress, served.port)
        socket.setSoTimeout(20000)
        socket.getOutputStream.write("GET /results/live/large.txt HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(US_ASCII))
        // Its answer has begun: the server took its request before the next one comes.
        assertEquals("HTTP/1.1 200", new String(socket.getInputStream.readNBytes(12), US_ASCII))
        socket
      }
      try {
        def answer = Try(raw(served.port, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")).fold(_.toString, identity)
        val fourth = answer
        assertFalse(fourth.startsWith("HTTP/"), s"a fourth connection is closed with no answer, got: $fourth")
        readers.head.close()
        val deadline = System.nanoTime() + 30L * 1000000000L
        while (!answer.startsWith("HTTP/1.1 200") && System.nanoTime() < deadline) Thread.sleep(100)
        assertEquals(200, get(s"http://127.0.0.1:${served.port}/metrics").statusCode, "one closed: served again")
      } finally readers.foreach(_.close())
    } finally served.close()
  }

  /** Five request names, three series: the first three answered keep theirs, the last two are summed as other. */
  @Test def requestNamesPastMaxSeriesAreSummedAsOther(): Unit = {
    val served = server(LiveSettings.Off.copy(enabled = true, maxSeries = 3), requests = 5)
    try {
      val text = get(s"http://127.0.0.1:${served.port}/metrics").body
      val requestLabels = """request="([^"]*)"""".r.findAllMatchIn(text).map(_.group(1)).toSet
      assertEquals(Set("request 001", "request 002", "request 003", "other"), requestLabels, text)
      assertTrue(text.contains("""loadtest_requests_total{request="other",status="ok",system="toy"} 9.0"""), text)
      assertTrue(text.contains("""loadtest_response_time_seconds_count{request="other",system="toy"} 9"""), text)
      assertTrue(text.contains("""loadtest_requests_total{request="request 003",status="ok",system="toy"} 3.0"""), text)
    } finally served.close()
  }

  /** Served on every address with a token: a request from loopback must carry it too, as one through an SSH
    * tunnel or a proxy on this machine comes from there.
    */
  @Test def everyRequestMustCarryTheTokenLoopbackToo(): Unit = {
    val printed = new ByteArrayOutputStream()
    val served = Console.withOut(printed)(
      server(LiveSettings.Off.copy(enabled = true, host = "0.0.0.0", token = Some(LiveToken("s3cret-token"))))
    )
    try {
      assertEquals("", printed.toString(UTF_8), "a token is set: no warning")
      val base = s"http://127.0.0.1:${served.port}"
      val refused = get(s"$base/metrics")
      assertEquals(401, refused.statusCode)
      assertFalse(refused.body.contains("s3cret-token"), refused.body)
      assertEquals(401, get(s"$base/", "Authorization" -> "Bearer wrong").statusCode)
      assertEquals(401, get(s"$base/data.json?token=wrong").statusCode)
      assertEquals(200, get(s"$base/metrics", "Authorization" -> "Bearer s3cret-token").statusCode)
      val page = get(s"$base/?token=s3cret-token")
      assertEquals(200, page.statusCode)
      val cookie = page.headers.firstValue("Set-Cookie").orElseThrow().split(';').head
      assertFalse(cookie.contains("s3cret-token"), "the cookie holds the token's digest")
      assertEquals(200, get(s"$base/data.json", "Cookie" -> cookie).statusCode, "the page's own requests")
      assertEquals(401, get(s"$base/data.json", "Cookie" -> "live_token=0123").statusCode)
    } finally served.close()
  }

  @Test def everyAddressWithoutATokenIsWarnedOfOnce(): Unit = {
    val printed = new ByteArrayOutputStream()
    val served = Console.withOut(printed)(server(LiveSettings.Off.copy(enabled = true, host = "0.0.0.0")))
    served.close()
    assertEquals(
      Seq(
        "live view: WARNING: 0.0.0.0 serves the page and /metrics to any machine that reaches it: set live.token (or LIVE_TOKEN) to ask them for a token"
      ),
      printed.toString(UTF_8).linesIterator.toSeq
    )
  }
}
