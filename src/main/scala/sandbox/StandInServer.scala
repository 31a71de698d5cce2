package sandbox

import java.io.IOException
import java.net.{ InetSocketAddress, StandardSocketOptions }
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Paths
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong

import scala.util.control.NonFatal

import io.netty.bootstrap.ServerBootstrap
import io.netty.buffer.{ ByteBufUtil, Unpooled }
import io.netty.channel._
import io.netty.channel.embedded.EmbeddedChannel
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.NioServerSocketChannel
import io.netty.handler.codec.http._
import io.netty.util.NetUtil

/** The one HTTP/1.1 server of the sandbox: every stand-in is a handler bound on its own port, all
  * served by the sandbox's shared event loops. A port per system keeps each system's base URL and
  * paths its own, as in a real deployment.
  *
  * @param acceptor the loop that only accepts connections, for every port: a burst of new connections
  *                 (hundreds of users starting at once) is taken off the kernel's queue at once, never
  *                 behind requests being served; a queue left to fill drops connection attempts, which
  *                 the client retries 1, 3 and 7 s later (seen: vote.nz Home p99 7.4 s at every peak)
  * @param group    the loops that serve the accepted connections
  */
private[sandbox] final class StandInServer(acceptor: EventLoopGroup, group: EventLoopGroup, host: String)
    extends AutoCloseable {
  private val channels = List.newBuilder[Channel]
  private val acceptedCount = new AtomicLong

  /** Connections accepted on every port so far. */
  def accepted: Long = acceptedCount.get

  /** Binds `handler` on `port` (0 = a free one), injecting `faults`, serving at most `cap`'s requests a
    * second, and returns the bound port; connections it cannot accept for want of descriptors go to `exhaustion`.
    */
  def serve(
      handler: StandInHandler,
      port: Int,
      faults: FaultPlan,
      exhaustion: Exhaustion,
      times: ServingTimes,
      cap: Option[ServingCap] = None
  ): Int = {
    val channel = new ServerBootstrap()
      .group(acceptor, group)
      .channelFactory(new ChannelFactory[ServerChannel] {
        override def newChannel(): ServerChannel = new StandInServer.GuardedServerChannel(exhaustion, acceptedCount)
      })
      // The longest queue the kernel allows (net.core.somaxconn; 4,096 on Linux 5.4 and later): the seeds
      // start hundreds of users at once, each opening several connections (1,024 here dropped some).
      .option[Integer](ChannelOption.SO_BACKLOG, NetUtil.SOMAXCONN)
      .childOption[java.lang.Boolean](ChannelOption.TCP_NODELAY, true)
      .childHandler(new ChannelInitializer[SocketChannel] {
        override def initChannel(ch: SocketChannel): Unit = serving(ch, handler, faults, times, cap)
      })
      .bind(host, port)
      .syncUninterruptibly()
      .channel()
    synchronized(channels += channel)
    channel.localAddress.asInstanceOf[InetSocketAddress].getPort
  }

  override def close(): Unit = synchronized(channels.result()).foreach(_.close().syncUninterruptibly())

  private def serving(
      ch: Channel,
      handler: StandInHandler,
      faults: FaultPlan,
      times: ServingTimes,
      cap: Option[ServingCap] = None
  ): Unit = {
    ch.pipeline()
      .addLast(new HttpServerCodec())
      .addLast(new HttpServerKeepAliveHandler())
      .addLast(new HttpObjectAggregator(StandInServer.MaxRequestBytes))
      .addLast(new Dispatcher(handler, faults, times, cap))
    ()
  }

  /** Serves one request through the whole pipeline, in memory, before any port is bound: a class first
    * needed once the acceptor has taken every descriptor could not be read from target/classes, and the JVM
    * then fails every later use of it too (seen: no connection served at all, NoClassDefFoundError).
    */
  private def rehearse(): Unit = {
    val ch = new EmbeddedChannel()
    serving(
      ch,
      _ => java.util.concurrent.CompletableFuture.completedFuture(StandInServer.plain(200, "rehearsal")),
      FaultPlan(Map.empty, scala.concurrent.duration.Duration(1, TimeUnit.SECONDS)),
      new ServingTimes("rehearsal")
    )
    ch.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\nHost: rehearsal\r\n\r\n", UTF_8))
    val answered = Option(ch.readOutbound[io.netty.buffer.ByteBuf]()).exists { out =>
      try out.toString(UTF_8).startsWith("HTTP/1.1 200")
      finally { out.release(); () }
    }
    ch.finishAndReleaseAll()
    if (!answered) throw new IllegalStateException("the stand-in server's pipeline did not answer its rehearsal")
  }
  rehearse()

  /** Hands each request to the stand-in and writes its answer whenever it is ready.
    * (Clients such as Gatling send the next request on a connection only after the answer.)
    */
  private final class Dispatcher(
      handler: StandInHandler,
      faults: FaultPlan,
      times: ServingTimes,
      cap: Option[ServingCap]
  ) extends SimpleChannelInboundHandler[FullHttpRequest] {
    override def channelRead0(ctx: ChannelHandlerContext, request: FullHttpRequest): Unit = {
      Option(ctx.channel.attr(StandInServer.AcceptedAt).getAndSet(null))
        .foreach(accepted => times.recordAcceptWait(System.nanoTime() - accepted))
      cap.map(_.waitNanos(System.nanoTime())).filter(_ > 0) match {
        case None       => serve(ctx, request)
        case Some(wait) => later(ctx, request, wait, TimeUnit.NANOSECONDS)(serve(ctx, request))
      }
    }

    /** Runs `deferred` on the connection's event loop after `delay`, with the request kept until then (Netty
      * releases it when channelRead0 returns).
      */
    private def later(ctx: ChannelHandlerContext, request: FullHttpRequest, delay: Long, unit: TimeUnit)(
        deferred: => Unit
    ): Unit = {
      request.retain()
      ctx.executor.schedule(
        (
            () =>
              try deferred
              finally { request.release(); () }
        ): Runnable,
        delay,
        unit
      )
      ()
    }

    private def serve(ctx: ChannelHandlerContext, request: FullHttpRequest): Unit =
      faults.draw() match {
        case None                    => answer(ctx, request)
        case Some(Fault.ServerError) => write(ctx, StandInServer.plain(503, "sandbox fault: injected 503"))
        case Some(Fault.Reset)       => reset(ctx)
        case Some(Fault.Malformed)   =>
          write(ctx, StandInResponse(200, Vector("""{"sandbox fault": "malformed""".getBytes(UTF_8))))
        case Some(Fault.Empty)    => write(ctx, StandInResponse(200, Vector.empty))
        case Some(Fault.NoAnswer) => ()
        case Some(Fault.Slow)     =>
          later(ctx, request, faults.slowDelay.toMillis, TimeUnit.MILLISECONDS)(answer(ctx, request))
      }

    /** A TCP reset, as a crashed or overloaded server's load balancer sends. */
    private def reset(ctx: ChannelHandlerContext): Unit = {
      ctx.channel.config.setOption[Integer](ChannelOption.SO_LINGER, 0)
      ctx.close()
      ()
    }

    private def answer(ctx: ChannelHandlerContext, request: FullHttpRequest): Unit =
      if (!request.decoderResult.isSuccess)
        write(ctx, StandInServer.plain(400, s"malformed HTTP request: ${request.decoderResult.cause}"))
      else {
        val started = System.nanoTime()
        // Copied: the request buffer is released when this method returns.
        val in =
          StandInRequest(request.method, request.uri, request.headers.copy(), ByteBufUtil.getBytes(request.content))
        // Named now, so that the answer's callback does not hold the request (its headers and body) for as long
        // as the stand-in's stub calls take: a request held past a young GC is copied by it.
        val name =
          try handler.requestName(in)
          catch { case NonFatal(_) => s"${in.method} (unnamed)" }
        val timing = new RequestTiming
        val answer =
          try RequestTiming.within(timing)(handler.handle(in))
          catch {
            case NonFatal(e) =>
              java.util.concurrent.CompletableFuture.completedFuture(StandInServer.plain(500, e.toString))
          }
        answer.whenComplete { (response, failure) =>
          // Answered whatever the timing does: a failure here would leave the request unanswered for good.
          try times.record(name, System.nanoTime() - started, timing.stubNanos)
          finally write(ctx, if (failure == null) response else StandInServer.plain(500, failure.toString))
        }
      }

    private def write(ctx: ChannelHandlerContext, response: StandInResponse): Unit = {
      // Copied once into the socket's own kind of buffer: wrapped, a body of many parts (RAiD's list of 50
      // raids, 141 KB) was merged into a new heap buffer on every write, then copied again.
      val content = ctx.alloc.ioBuffer(response.body.iterator.map(_.length).sum)
      response.body.foreach(part => content.writeBytes(part))
      val http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status), content)
      http.headers
        .set(HttpHeaderNames.CONTENT_TYPE, response.contentType)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, http.content.readableBytes)
      response.headers.foreach { case (name, value) => http.headers.add(name, value) }
      ctx.writeAndFlush(http)
    }

    // A client resetting its connection mid-run is routine under load: just drop the connection.
    override def exceptionCaught(ctx: ChannelHandlerContext, cause: Throwable): Unit = ctx.close()
  }
}

private[sandbox] object StandInServer {
  private val MaxRequestBytes = 1 << 20

  /** A framework-level answer (malformed request, a handler that threw): the stand-in never saw it. */
  def plain(status: Int, message: String): StandInResponse =
    StandInResponse(
      status,
      Vector(message.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
      "text/plain; charset=utf-8"
    )

  /** A listening socket that survives running out of descriptors. Netty would log a warning on every failed
    * accept and, with the JVM out of descriptors, the logging itself can fail and end the event-loop thread
    * for good. Here each connection it cannot take is refused (reset) with a spare descriptor kept for
    * that, counted, and reported once per episode; it accepts again as soon as descriptors are free.
    */
  private final class GuardedServerChannel(exhaustion: Exhaustion, acceptedCount: AtomicLong)
      extends NioServerSocketChannel {
    private var spare = openSpare()

    override protected def doReadMessages(buf: java.util.List[AnyRef]): Int =
      try {
        val before = buf.size
        val accepted = super.doReadMessages(buf)
        if (accepted > 0) {
          val now = System.nanoTime()
          (before until buf.size).foreach(i => buf.get(i).asInstanceOf[Channel].attr(AcceptedAt).set(now))
          exhaustion.succeeded()
          acceptedCount.addAndGet(accepted.toLong)
        }
        accepted
      } catch {
        case e: IOException if Exhaustion.isExhaustion(e) =>
          exhaustion.failed(e, counted = refuseOne())
          0
      }

    /** Frees the spare to accept the oldest waiting connection and reset it, then takes the spare back;
      * whether a connection was reset. Without a spare (another thread took the freed descriptor), accepting
      * pauses briefly instead of spinning on a connection it cannot take.
      */
    private def refuseOne(): Boolean = {
      spare.foreach(_.close())
      spare = None
      val refused =
        try
          Option(javaChannel().accept()).exists { socket =>
            socket.setOption[Integer](StandardSocketOptions.SO_LINGER, 0)
            socket.close()
            true
          }
        catch { case _: IOException => false }
      if (refused) spare = openSpare()
      if (spare.isEmpty) {
        config.setAutoRead(false)
        eventLoop.schedule(resume, PauseMillis, TimeUnit.MILLISECONDS)
        ()
      }
      refused
    }

    private val resume: Runnable = () => {
      if (spare.isEmpty) spare = openSpare()
      if (isOpen) { config.setAutoRead(true); () }
    }

    override protected def doClose(): Unit =
      try super.doClose()
      finally spare.foreach(_.close())
  }

  private val PauseMillis = 100L

  /** When the acceptor took a connection, until its first request is read. */
  private val AcceptedAt: io.netty.util.AttributeKey[java.lang.Long] =
    io.netty.util.AttributeKey.valueOf("sandbox.acceptedAt")

  private def openSpare(): Option[FileChannel] =
    try Some(FileChannel.open(Paths.get("/dev/null")))
    catch { case _: IOException | _: UnsupportedOperationException => None }

  def shutdown(group: EventLoopGroup): Unit = group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
}
