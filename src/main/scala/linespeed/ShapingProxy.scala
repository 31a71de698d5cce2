package linespeed

import java.lang.management.ManagementFactory
import java.net.{ InetSocketAddress, URI }
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

import scala.jdk.CollectionConverters._
import scala.util.Try

import io.netty.bootstrap.{ Bootstrap, ServerBootstrap }
import io.netty.buffer.Unpooled
import io.netty.channel.{
  Channel,
  ChannelFuture,
  ChannelHandler,
  ChannelHandlerContext,
  ChannelInboundHandlerAdapter,
  ChannelInitializer,
  ChannelOption,
  EventLoopGroup,
  MultiThreadIoEventLoopGroup
}
import io.netty.channel.nio.NioIoHandler
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.{ NioServerSocketChannel, NioSocketChannel }
import io.netty.handler.codec.http.{
  DefaultFullHttpResponse,
  HttpClientCodec,
  HttpContent,
  HttpHeaderNames,
  HttpMethod,
  HttpRequest,
  HttpResponseStatus,
  HttpServerCodec,
  HttpVersion
}
import io.netty.util.ReferenceCountUtil
import io.netty.util.concurrent.DefaultThreadFactory

/** Line-speed emulation on the injector: an HTTP proxy with one port per line class. Every connection a
  * client opens to a class's port is shaped to that class's speed in both directions, on its own: what
  * the proxy sends back to the client, and what it forwards to the target, each at most the class's bytes
  * per second. A browser, like a Gatling user that does not share connections, keeps its own connections,
  * so each user's traffic is shaped as its own line would shape it (a user's parallel connections each get
  * the full speed: see the limits in docs/line-speeds.md).
  *
  * Plain HTTP is forwarded request by request, the absolute-form URI a client sends a proxy rewritten to
  * the origin form a server expects; HTTPS goes through `CONNECT` as an opaque tunnel, nothing decrypted.
  */
final class ShapingProxy private (group: EventLoopGroup, servers: Seq[(LineClass, Channel)], threadPrefix: String)
    extends AutoCloseable {

  /** The port of each class, by class name. */
  val ports: Map[String, Int] = servers.map { case (line, channel) =>
    line.name -> channel.localAddress.asInstanceOf[InetSocketAddress].getPort
  }.toMap

  /** CPU time the proxy's threads have used so far, in nanoseconds (the JVM's own thread accounting). */
  def cpuNanos: Long = {
    val threads = ManagementFactory.getThreadMXBean
    Thread.getAllStackTraces.keySet.asScala.toSeq
      .filter(_.getName.startsWith(threadPrefix))
      .map(t => threads.getThreadCpuTime(t.getId))
      .filter(_ > 0)
      .sum
  }

  override def close(): Unit = {
    servers.foreach(_._2.close().syncUninterruptibly())
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
    ()
  }
}

object ShapingProxy {
  private val instances = new AtomicInteger

  // Beyond this much data queued for a slow line, the other side stops reading (back pressure).
  private val MaxQueuedBytes = 256L * 1024

  /** Starts one proxy port per class on `host` (free ports); `threads` event loops serve them all. */
  def start(host: String, classes: Seq[LineClass], threads: Int = 2): ShapingProxy = {
    val prefix = s"line-speed-proxy-${instances.incrementAndGet()}-"
    val group = new MultiThreadIoEventLoopGroup(
      threads,
      new DefaultThreadFactory(prefix.dropRight(1), true),
      NioIoHandler.newFactory()
    )
    try {
      val servers = classes.map(line => line -> serve(group, host, line))
      new ShapingProxy(group, servers, prefix)
    } catch {
      case e: Throwable =>
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS)
        throw e
    }
  }

  private def serve(group: EventLoopGroup, host: String, line: LineClass): Channel =
    new ServerBootstrap()
      .group(group)
      .channel(classOf[NioServerSocketChannel])
      .option[Integer](ChannelOption.SO_BACKLOG, 1024)
      .childOption[java.lang.Boolean](ChannelOption.TCP_NODELAY, true)
      .childHandler(new ChannelInitializer[SocketChannel] {
        override def initChannel(ch: SocketChannel): Unit =
          ch.pipeline().addLast(shaper(line)).addLast(new HttpServerCodec()).addLast(new Frontend(line))
      })
      .bind(host, 0)
      .syncUninterruptibly()
      .channel()

  /** Paces what a channel writes to the line's speed; reads are not limited (the other side's writes are). */
  private def shaper(line: LineClass): ChannelHandler = new LinePacer(line.bytesPerSecond, MaxQueuedBytes)

  /** One client connection: its requests go to their origin on one upstream connection (a new one when
    * the origin changes), or, after `CONNECT`, its bytes go through a tunnel.
    */
  private final class Frontend(line: LineClass) extends ChannelInboundHandlerAdapter {
    private var upstream: Option[Channel] = None
    private var origin = ""
    private var tunnel = false
    private val waiting = new java.util.ArrayDeque[AnyRef]

    override def channelRead(ctx: ChannelHandlerContext, msg: AnyRef): Unit = msg match {
      case request: HttpRequest if request.method == HttpMethod.CONNECT =>
        ReferenceCountUtil.release(request)
        open(ctx, request.uri)
      case request: HttpRequest if !tunnel =>
        Try(URI.create(request.uri)).toOption.filter(u => u.getHost != null && u.getScheme == "http") match {
          case None =>
            ReferenceCountUtil.release(request)
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, s"an absolute http:// URI is expected (was ${request.uri})")
          case Some(uri) =>
            val port = if (uri.getPort > 0) uri.getPort else 80
            request.setUri(
              Option(uri.getRawPath).filter(_.nonEmpty).getOrElse("/") + Option(uri.getRawQuery).fold("")("?" + _)
            )
            if (upstream.isEmpty || origin != s"${uri.getHost}:$port") {
              upstream.foreach(_.close())
              origin = s"${uri.getHost}:$port"
              connect(ctx, uri.getHost, port, http = true)
            }
            forward(msg)
        }
      // The empty content that ends a CONNECT request: nothing to send through the tunnel.
      case content: HttpContent if tunnel => content.release(); ()
      case _                              => forward(msg)
    }

    private def forward(msg: AnyRef): Unit = upstream match {
      case Some(channel) if channel.isActive && waiting.isEmpty => channel.writeAndFlush(msg); ()
      case Some(channel) if channel.isOpen                      => waiting.add(msg); ()
      case _                                                    => ReferenceCountUtil.release(msg); ()
    }

    private def open(ctx: ChannelHandlerContext, authority: String): Unit = {
      val colon = authority.lastIndexOf(':')
      val port = Try(authority.substring(colon + 1).toInt).toOption.filter(_ => colon > 0)
      port match {
        case None       => refuse(ctx, HttpResponseStatus.BAD_REQUEST, s"CONNECT needs host:port (was $authority)")
        case Some(port) =>
          tunnel = true
          ctx.channel.config.setAutoRead(false)
          connect(ctx, authority.substring(0, colon).stripPrefix("[").stripSuffix("]"), port, http = false)
            .addListener((connected: ChannelFuture) =>
              if (connected.isSuccess) {
                val established =
                  new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1,
                    new HttpResponseStatus(200, "Connection established")
                  )
                ctx.writeAndFlush(established).addListener((_: ChannelFuture) => {
                  ctx.pipeline.remove(classOf[HttpServerCodec])
                  ctx.channel.config.setAutoRead(true)
                })
              }
            )
          ()
      }
    }

    private def connect(ctx: ChannelHandlerContext, host: String, port: Int, http: Boolean): ChannelFuture = {
      val client = ctx.channel
      val future = new Bootstrap()
        .group(client.eventLoop)
        .channel(classOf[NioSocketChannel])
        .option[java.lang.Boolean](ChannelOption.TCP_NODELAY, true)
        .handler(new ChannelInitializer[SocketChannel] {
          override def initChannel(ch: SocketChannel): Unit = {
            ch.pipeline().addLast(shaper(line))
            if (http) ch.pipeline().addLast(new HttpClientCodec())
            ch.pipeline().addLast(new Backend(client, () => upstream.contains(ch)))
          }
        })
        .connect(host, port)
      val channel = future.channel
      upstream = Some(channel)
      future.addListener((connected: ChannelFuture) =>
        if (connected.isSuccess) {
          while (!waiting.isEmpty) channel.write(waiting.poll())
          channel.flush()
        } else if (upstream.contains(channel)) {
          waiting.forEach(ReferenceCountUtil.release(_))
          waiting.clear()
          val reason = Option(connected.cause).fold("")(_.getMessage)
          if (tunnel) client.close()
          else refuse(ctx, HttpResponseStatus.BAD_GATEWAY, s"line-speed proxy: no connection to $host:$port ($reason)")
        }
      )
      future
    }

    override def channelWritabilityChanged(ctx: ChannelHandlerContext): Unit = {
      upstream.foreach(_.config.setAutoRead(ctx.channel.isWritable))
      ctx.fireChannelWritabilityChanged()
      ()
    }

    override def channelInactive(ctx: ChannelHandlerContext): Unit = {
      upstream.foreach(_.close())
      waiting.forEach(ReferenceCountUtil.release(_))
      waiting.clear()
    }

    override def exceptionCaught(ctx: ChannelHandlerContext, cause: Throwable): Unit = { ctx.close(); () }
  }

  /** The upstream side of one client connection: what the target sends goes back to the client. */
  private final class Backend(client: Channel, current: () => Boolean) extends ChannelInboundHandlerAdapter {
    override def channelRead(ctx: ChannelHandlerContext, msg: AnyRef): Unit = {
      client.writeAndFlush(msg)
      if (!client.isWritable) ctx.channel.config.setAutoRead(false)
      ()
    }

    override def channelWritabilityChanged(ctx: ChannelHandlerContext): Unit = {
      client.config.setAutoRead(ctx.channel.isWritable)
      ()
    }

    // The target closed: the client sees its connection close once what is queued for it has gone (unless
    // the client has moved on to another origin, which closed this connection).
    override def channelInactive(ctx: ChannelHandlerContext): Unit =
      if (current()) {
        client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener((_: ChannelFuture) => client.close())
        ()
      }

    override def exceptionCaught(ctx: ChannelHandlerContext, cause: Throwable): Unit = { ctx.close(); () }
  }

  private def refuse(ctx: ChannelHandlerContext, status: HttpResponseStatus, reason: String): Unit = {
    val response =
      new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(reason, UTF_8))
    response.headers.set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
    response.headers.setInt(HttpHeaderNames.CONTENT_LENGTH, response.content.readableBytes)
    response.headers.set(HttpHeaderNames.CONNECTION, "close")
    ctx.writeAndFlush(response).addListener((_: ChannelFuture) => ctx.close())
    ()
  }
}
