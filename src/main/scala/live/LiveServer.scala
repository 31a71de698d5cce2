package live

import java.io.ByteArrayOutputStream
import java.net.{ BindException, InetAddress, InetSocketAddress }
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path }
import java.security.MessageDigest
import java.util.Locale
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import io.netty.bootstrap.ServerBootstrap
import io.netty.buffer.Unpooled
import io.netty.channel.{
  ChannelFuture,
  ChannelFutureListener,
  ChannelHandlerContext,
  ChannelInitializer,
  MultiThreadIoEventLoopGroup,
  SimpleChannelInboundHandler
}
import io.netty.channel.nio.NioIoHandler
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.NioServerSocketChannel
import io.netty.handler.codec.http.{
  DefaultFullHttpResponse,
  DefaultHttpResponse,
  FullHttpRequest,
  HttpChunkedInput,
  HttpHeaderNames,
  HttpHeaderValues,
  HttpMethod,
  HttpObjectAggregator,
  HttpResponse,
  HttpResponseStatus,
  HttpServerCodec,
  HttpUtil,
  HttpVersion,
  LastHttpContent,
  QueryStringDecoder
}
import io.netty.handler.codec.http.cookie.ServerCookieDecoder
import io.netty.handler.stream.{ ChunkedNioFile, ChunkedWriteHandler }
import io.netty.util.concurrent.DefaultThreadFactory
import results.render.SitePages
import config.InputError

/** The live view's HTTP server, Netty's (non-blocking: a silent or slow client holds no thread):
  *   - `/` the page, `/assets/...` its script, style and ECharts from the classpath
  *   - `/data.json` the live figures, which the page polls
  *   - `/metrics` the same figures for Prometheus
  *   - `/results/<run>/...` this run's archived folder once it is archived (its run.html and what it links),
  *     never its simulation.log nor any other run's folder
  *
  * Each connection serves one request and is closed at `requestTimeout` whatever it is doing; past
  * `maxConnections` open ones, a new one takes the place of one still without a request taken, else is closed at
  * once (see [[ConnectionCap]]). With a token, every request must carry it, from loopback too. Its threads are
  * daemons: it serves until the JVM exits, and never keeps one alive.
  */
final class LiveServer private (port0: Int, groups: Seq[MultiThreadIoEventLoopGroup]) {
  def port: Int = port0

  /** Stops serving; the run never needs it (the JVM's exit does it), a test starting many servers does. */
  def close(): Unit = groups.foreach(_.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly())
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
  // Holds the token's digest once a browser came with ?token=, so that the page's own requests carry it.
  private val TokenCookie = "live_token"
  // Every run's own raw log: large, and not the run page's to show.
  private val NotServed = Set("simulation.log")

  /** What one request is answered with: bytes, or a file streamed from disk. */
  private sealed trait Answer
  private final case class Bytes(status: HttpResponseStatus, contentType: String, bytes: Array[Byte]) extends Answer
  private final case class RunFile(file: Path) extends Answer

  /** Listens on `settings.host`:`settings.port` (0: a free port); a port taken or a host not of this machine is
    * an input error.
    *
    * @param run the archived run's folder and the path it is served under (`/results/<run>/`), once archived
    */
  def start(
      settings: LiveSettings,
      page: () => String,
      state: () => LiveState,
      run: () => Option[(String, Path)]
  ): LiveServer = {
    val (host, port) = (settings.host, settings.port)
    val threads = new DefaultThreadFactory("live-view", true)
    val groups = Seq(1, 2).map(n => new MultiThreadIoEventLoopGroup(n, threads, NioIoHandler.newFactory()))
    val connections = new ConnectionCap(settings.maxConnections)
    val bootstrap = new ServerBootstrap()
      .group(groups(0), groups(1))
      .channel(classOf[NioServerSocketChannel])
      .childHandler(new ChannelInitializer[SocketChannel] {
        override def initChannel(channel: SocketChannel): Unit = {
          val timeout = channel.eventLoop.schedule(
            new Runnable { def run(): Unit = { channel.close(); () } },
            settings.requestTimeout.toMillis,
            TimeUnit.MILLISECONDS
          )
          channel.closeFuture.addListener(new ChannelFutureListener {
            def operationComplete(closed: ChannelFuture): Unit = { timeout.cancel(false); () }
          })
          connections.opened(channel)
          channel.pipeline
            .addLast(new HttpServerCodec())
            .addLast(new HttpObjectAggregator(64 * 1024))
            .addLast(new ChunkedWriteHandler())
            .addLast(new Handler(settings.token, settings.maxSeries, connections, page, state, run))
          ()
        }
      })
    val port0 =
      try
        bootstrap.bind(host, port).syncUninterruptibly().channel.localAddress.asInstanceOf[InetSocketAddress].getPort
      catch {
        case e: BindException =>
          groups.foreach(_.shutdownGracefully(0, 0, TimeUnit.SECONDS))
          throw new InputError(
            "live.port",
            s"cannot listen on $host:$port (${e.getMessage}); -Dlive.port=0 takes a free one"
          )
        case NonFatal(e) =>
          groups.foreach(_.shutdownGracefully(0, 0, TimeUnit.SECONDS))
          throw new InputError("live.host", s"cannot listen on $host:$port (${InputError.oneLine(e)})")
      }
    if (settings.token.isEmpty && !InetAddress.getByName(host).isLoopbackAddress)
      println(
        s"live view: WARNING: $host serves the page and /metrics to any machine that reaches it: set live.token (or LIVE_TOKEN) to ask them for a token"
      )
    new LiveServer(port0, groups)
  }

  private final class Handler(
      token: Option[LiveToken],
      maxSeries: Int,
      connections: ConnectionCap,
      page: () => String,
      state: () => LiveState,
      run: () => Option[(String, Path)]
  ) extends SimpleChannelInboundHandler[FullHttpRequest] {
    override def channelRead0(context: ChannelHandlerContext, request: FullHttpRequest): Unit = {
      val query = new QueryStringDecoder(request.uri)
      val header =
        Option(request.headers.get(HttpHeaderNames.AUTHORIZATION)).filter(_.startsWith("Bearer ")).map(_.drop(7))
      val inQuery = Option(query.parameters.get("token")).flatMap(_.asScala.headOption)
      val cookie = Option(request.headers.get(HttpHeaderNames.COOKIE)).toSeq
        .flatMap(header => ServerCookieDecoder.STRICT.decode(header).asScala)
        .find(_.name == TokenCookie)
        .map(_.value)
      val expected = token.map(t => digest(t.value))
      def matches(value: Option[String]) = expected.exists(e => value.exists(same(_, e)))
      val passed = expected.isEmpty || matches(header.map(digest)) || matches(inQuery.map(digest)) || matches(cookie)
      val answer =
        try
          if (!request.decoderResult.isSuccess) text(HttpResponseStatus.BAD_REQUEST, "bad request")
          else if (request.method != HttpMethod.GET && request.method != HttpMethod.HEAD)
            text(HttpResponseStatus.METHOD_NOT_ALLOWED, "GET only")
          // Loopback too: an SSH tunnel or a proxy on this machine brings other machines' requests from there.
          else if (!passed)
            text(HttpResponseStatus.UNAUTHORIZED, "a token is asked: Authorization: Bearer <token>, or ?token=<token>")
          else { connections.taken(context.channel); route(query.path) }
        catch {
          // Its message may name a file of this machine: the console has it, the client only the status.
          case NonFatal(e) =>
            println(s"live view: ERROR answering a request: ${InputError.oneLine(e)}")
            text(HttpResponseStatus.INTERNAL_SERVER_ERROR, "server error")
        }
      val head = request.method == HttpMethod.HEAD
      // A browser that came with ?token= keeps it for the page's own requests.
      val remember = expected.filter(_ => matches(inQuery.map(digest)))
      answer match {
        case Bytes(status, contentType, bytes) =>
          val response = new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            status,
            if (head) Unpooled.EMPTY_BUFFER else Unpooled.wrappedBuffer(bytes)
          )
          headers(response, contentType, bytes.length.toLong, remember)
          if (status == HttpResponseStatus.UNAUTHORIZED)
            response.headers.set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"live view\"")
          context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE)
        case RunFile(file) =>
          val channel = FileChannel.open(file)
          val response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK)
          headers(response, typeOf(file.getFileName.toString), channel.size, remember)
          context.write(response)
          if (head) {
            channel.close()
            context.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE)
          } else
            context.writeAndFlush(new HttpChunkedInput(new ChunkedNioFile(channel, 16 * 1024)))
              .addListener(ChannelFutureListener.CLOSE)
      }
      ()
    }

    // A client gone or speaking something else than HTTP: nothing to answer.
    override def exceptionCaught(context: ChannelHandlerContext, cause: Throwable): Unit = { context.close(); () }

    private def route(path: String): Answer = {
      val segments = path.split('/').toSeq.filter(_.nonEmpty)
      if (path == "/") Bytes(HttpResponseStatus.OK, Types("html"), page().getBytes(UTF_8))
      else if (path == "/data.json") Bytes(HttpResponseStatus.OK, Types("json"), state().json.getBytes(UTF_8))
      else if (path == "/metrics") {
        val out = new ByteArrayOutputStream()
        PrometheusMetrics.write(state(), out, maxSeries)
        Bytes(HttpResponseStatus.OK, PrometheusMetrics.ContentType, out.toByteArray)
      } else if (
        segments.size >= 2 && segments(segments.size - 2) == SitePages.AssetsFolder &&
        (segments.size == 2 || segments.head == "results")
      )
        // The page's assets, and those the archived run.html links (../assets/): the same, from the classpath.
        asset(segments.last).fold(notFound)(bytes => Bytes(HttpResponseStatus.OK, typeOf(path), bytes))
      else run().flatMap { case (prefix, folder) =>
        Option.when(path.startsWith(prefix))(path.stripPrefix(prefix)).flatMap(runFile(folder, _))
      }.fold(notFound)(RunFile)
    }
  }

  private def headers(response: HttpResponse, contentType: String, length: Long, remember: Option[String]): Unit = {
    response.headers
      .set(HttpHeaderNames.CONTENT_TYPE, contentType)
      .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
      .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
    HttpUtil.setContentLength(response, length)
    remember.foreach(tokenDigest =>
      response.headers.set(HttpHeaderNames.SET_COOKIE, s"$TokenCookie=$tokenDigest; Path=/; HttpOnly; SameSite=Strict")
    )
  }

  /** The page's own script beside the site's assets (ECharts, charts.js, site.css). */
  private def asset(name: String): Option[Array[Byte]] =
    SitePages.assetResource(name).orElse(Option.when(name == "live.js")("site/live.js")).flatMap { resource =>
      Option(getClass.getClassLoader.getResourceAsStream(resource)).map { in =>
        try in.readAllBytes()
        finally in.close()
      }
    }

  /** A file of the run's folder, never outside it (nor through a link out of it), never its simulation.log: by
    * any case of its name (a file system may ignore case), nor through a link to it, symbolic or hard.
    */
  private def runFile(folder: Path, relative: String): Option[Path] = {
    val segments = relative.split('/').toSeq
    val base = folder.toAbsolutePath.normalize
    def notServed(name: Path) = NotServed.contains(name.getFileName.toString.toLowerCase(Locale.ROOT))
    Option.when(segments.nonEmpty && segments.forall(s => s.nonEmpty && s != "." && s != ".."))(
      base.resolve(relative).normalize
    ).filter { file =>
      file.startsWith(base) && !notServed(file) && Files.isRegularFile(file) && {
        val real = file.toRealPath()
        real.startsWith(base.toRealPath()) && !notServed(real) &&
        !NotServed.map(base.resolve).filter(Files.exists(_)).exists(Files.isSameFile(real, _))
      }
    }
  }

  /** The token as the cookie holds it: its SHA-256, in hex. */
  private def digest(value: String): String =
    MessageDigest.getInstance("SHA-256").digest(value.getBytes(UTF_8)).map(b => f"${b & 0xff}%02x").mkString

  private def same(a: String, b: String): Boolean = MessageDigest.isEqual(a.getBytes(UTF_8), b.getBytes(UTF_8))

  private def typeOf(name: String): String =
    Types.getOrElse(name.substring(name.lastIndexOf('.') + 1).toLowerCase, "application/octet-stream")

  private def text(status: HttpResponseStatus, message: String): Answer =
    Bytes(status, "text/plain; charset=utf-8", message.getBytes(UTF_8))

  private val notFound: Answer = text(HttpResponseStatus.NOT_FOUND, "not found")
}
