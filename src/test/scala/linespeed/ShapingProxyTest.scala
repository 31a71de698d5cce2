package linespeed

import java.io.{ BufferedReader, InputStreamReader }
import java.net.{ InetSocketAddress, ProxySelector, Socket, URI }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.US_ASCII
import java.util.concurrent.{ Callable, ExecutionException, Executors, TimeUnit }

import com.sun.net.httpserver.HttpServer
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ AfterAll, BeforeAll, Test, TestInstance }
import testkit.SchedulingLag

/** A page of known size over each line class takes the time the class's bandwidth implies, through the
  * proxy, down (a GET) and up (a POST's body), over plain HTTP and through a CONNECT tunnel; and two
  * connections of one class each get the whole line (shaping is per connection, so per user).
  *
  * Tolerance: each transfer is sized to take 2 s at its class's speed; the time measured must be within
  * -10 % and +15 %, plus 300 ms for connecting and the loopback's own time, plus how late this JVM's
  * threads woke during the transfer ([[testkit.SchedulingLag]]): a busy machine delays the pacer's
  * timers, and widens the margin by what it was measured to cost. A line that is never early is
  * load-proof; the lower bound needs no such margin.
  */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShapingProxyTest {
  private val Seconds = 2.0
  private val classes = Seq(
    LineClass("56k", 56, 2.3),
    LineClass("64k", 64, 0.5),
    LineClass("512k", 512, 39.2),
    LineClass("2048k", 2048, 58)
  )
  private var origin: HttpServer = _
  private var proxy: ShapingProxy = _

  @BeforeAll def start(): Unit = {
    origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50)
    origin.setExecutor(Executors.newFixedThreadPool(4))
    // GET /page?bytes=N answers N bytes; POST /upload answers how many bytes it was sent.
    origin.createContext(
      "/page",
      exchange => {
        val bytes = exchange.getRequestURI.getQuery.stripPrefix("bytes=").toInt
        exchange.sendResponseHeaders(200, bytes.toLong)
        exchange.getResponseBody.write(Array.fill[Byte](bytes)('x'))
        exchange.close()
      }
    )
    origin.createContext(
      "/upload",
      exchange => {
        val received = exchange.getRequestBody.readAllBytes().length.toString.getBytes(US_ASCII)
        exchange.sendResponseHeaders(200, received.length.toLong)
        exchange.getResponseBody.write(received)
        exchange.close()
      }
    )
    origin.start()
    proxy = ShapingProxy.start("127.0.0.1", classes)
    // Warm up the proxy's and the origin's code paths, so that the timings below are the lines', not the JIT's.
    val warmUp = HttpRequest.newBuilder(URI.create(originUrl("/page?bytes=100"))).build()
    classes.foreach(line => (1 to 3).foreach(_ => client(line).send(warmUp, HttpResponse.BodyHandlers.discarding())))
  }

  @AfterAll def stop(): Unit = {
    proxy.close()
    origin.stop(0)
  }

  private def bytesFor(line: LineClass): Int = (line.bytesPerSecond * Seconds).toInt
  private def originUrl(path: String) = s"http://127.0.0.1:${origin.getAddress.getPort}$path"

  private def client(line: LineClass): HttpClient =
    HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .proxy(ProxySelector.of(new InetSocketAddress("127.0.0.1", proxy.ports(line.name))))
      .build()

  /** What a transfer took, and what it may take on this machine at the time: the line's time with its
    * tolerance, plus the lateness the machine showed meanwhile.
    */
  private final class Took(val seconds: Double, val allowedSeconds: Double)

  private def timed[A](body: => A): (A, Took) = {
    val start = System.nanoTime()
    val (result, lagMs) = SchedulingLag.during(body)
    (result, new Took((System.nanoTime() - start) / 1e9, Seconds * 1.15 + 0.3 + lagMs / 1000.0))
  }

  private def assertTakes(what: String, took: Took): Unit =
    assertTrue(
      took.seconds >= Seconds * 0.9 && took.seconds <= took.allowedSeconds,
      f"$what took ${took.seconds}%.2f s; its line implies $Seconds%.1f s (at most ${took.allowedSeconds}%.2f s here)"
    )

  /** Each class's transfer at the same time, each on its own port and connection (so on its own line, as
    * [[eachConnectionHasALineOfItsOwn]] shows within one class): the four transfers' 2 s overlap instead of
    * adding up. Each is timed on its own; the first failure is rethrown as it was raised.
    */
  private def eachClassAtOnce(transfer: LineClass => Unit): Unit = {
    val pool = Executors.newFixedThreadPool(classes.size)
    try
      classes.map(line => pool.submit(new Callable[Unit] { def call(): Unit = transfer(line) })).foreach { done =>
        try done.get(60, TimeUnit.SECONDS)
        catch { case e: ExecutionException => throw e.getCause }
      }
    finally pool.shutdown()
  }

  @Test def aPageDownloadsAtItsLinesSpeed(): Unit = eachClassAtOnce { line =>
    val bytes = bytesFor(line)
    val request = HttpRequest.newBuilder(URI.create(originUrl(s"/page?bytes=$bytes"))).build()
    val (response, took) = timed(client(line).send(request, HttpResponse.BodyHandlers.ofByteArray()))
    assertEquals(200, response.statusCode)
    assertEquals(bytes, response.body.length)
    assertTakes(s"${line.name}: $bytes bytes down", took)
  }

  /** Sent as a proxy's client sends it: an absolute-form request line, the body right after its head. */
  @Test def aFormUploadsAtItsLinesSpeed(): Unit = eachClassAtOnce { line =>
    val bytes = bytesFor(line)
    val socket = new Socket("127.0.0.1", proxy.ports(line.name))
    try {
      socket.setSoTimeout(10000)
      val in = new BufferedReader(new InputStreamReader(socket.getInputStream, US_ASCII))
      val (status, took) = timed {
        val head = s"POST ${originUrl("/upload")} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: $bytes\r\n\r\n"
        socket.getOutputStream.write(head.getBytes(US_ASCII) ++ Array.fill[Byte](bytes)('a'))
        socket.getOutputStream.flush()
        in.readLine()
      }
      assertTrue(status.startsWith("HTTP/1.1 200"), status)
      while (in.readLine().nonEmpty) ()
      val answer = new Array[Char](bytes.toString.length)
      in.read(answer)
      assertEquals(bytes.toString, new String(answer), "the target got the whole body")
      assertTakes(s"${line.name}: $bytes bytes up", took)
    } finally socket.close()
  }

  /** HTTPS goes through CONNECT; the tunnel is opaque, so plain HTTP inside it shows its timing as well. */
  @Test def aTunnelIsShapedBothWays(): Unit = {
    val line = classes.find(_.name == "512k").get
    val bytes = bytesFor(line)
    val socket = new Socket("127.0.0.1", proxy.ports(line.name))
    try {
      socket.setSoTimeout(10000)
      val out = socket.getOutputStream
      val in = new BufferedReader(new InputStreamReader(socket.getInputStream, US_ASCII))
      val target = s"127.0.0.1:${origin.getAddress.getPort}"
      out.write(s"CONNECT $target HTTP/1.1\r\nHost: $target\r\n\r\n".getBytes(US_ASCII))
      out.flush()
      assertTrue(in.readLine().startsWith("HTTP/1.1 200"), "the tunnel is open")
      while (in.readLine().nonEmpty) ()

      val (_, down) = timed {
        out.write(s"GET /page?bytes=$bytes HTTP/1.1\r\nHost: $target\r\n\r\n".getBytes(US_ASCII))
        out.flush()
        val headers = Iterator.continually(in.readLine()).takeWhile(_.nonEmpty).toList
        val length =
          headers.collectFirst { case h if h.toLowerCase.startsWith("content-length:") => h.drop(15).trim.toInt }.get
        assertEquals(bytes.toLong, in.skip(length.toLong))
      }
      assertTakes(s"${line.name} tunnel: $bytes bytes down", down)

      val (status, up) = timed {
        out.write(s"POST /upload HTTP/1.1\r\nHost: $target\r\nContent-Length: $bytes\r\n\r\n".getBytes(US_ASCII))
        out.write(Array.fill[Byte](bytes)('a'))
        out.flush()
        in.readLine()
      }
      assertTrue(status.startsWith("HTTP/1.1 200"), status)
      assertTakes(s"${line.name} tunnel: $bytes bytes up", up)
    } finally socket.close()
  }

  /** Two users on one class, at once, each take the time of one alone. */
  @Test def eachConnectionHasALineOfItsOwn(): Unit = {
    val line = classes.find(_.name == "512k").get
    val request = HttpRequest.newBuilder(URI.create(originUrl(s"/page?bytes=${bytesFor(line)}"))).build()
    val pool = Executors.newFixedThreadPool(2)
    try {
      val (_, took) = timed {
        val both = (1 to 2).map(_ =>
          pool.submit(() => client(line).send(request, HttpResponse.BodyHandlers.ofByteArray()).body.length)
        )
        both.foreach(f => assertEquals(bytesFor(line), f.get(30, TimeUnit.SECONDS)))
      }
      assertTakes("two users at once", took)
    } finally pool.shutdown()
  }

  @Test def sharesThatDoNotAddUpTo100AreRejectedNamingTheKey(): Unit = {
    val settings = new config.Settings(
      com.typesafe.config.ConfigFactory.parseString(
        "lineSpeeds { 56k { kbitPerSecond = 56, sharePercent = 2.3 }, 2048k { kbitPerSecond = 2048, sharePercent = 58 } }"
      ),
      "eforms"
    )
    val error = assertThrows(classOf[config.InputError], () => LineClass.read(settings, "lineSpeeds"))
    assertEquals(
      "eforms.lineSpeeds: the shares must add up to 100 % (they add up to 60.3 %: 56k 2.3, 2048k 58)",
      error.getMessage
    )
  }
}
