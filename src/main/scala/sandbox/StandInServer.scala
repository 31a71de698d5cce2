package sandbox

import java.io.IOException
import java.net.{ InetSocketAddress, StandardSocketOptions }
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Paths
import java.util.concurrent.TimeUnit

import scala.util.control.NonFatal

import io.netty.bootstrap.ServerBootstrap
import io.netty.buffer.{ ByteBufUtil, Unpooled }
import io.netty.channel._
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.NioServerSocketChannel
import io.netty.handler.codec.http._

/** The one HTTP/1.1 server of the sandbox: every stand-in is a handler bound on its own port, all
  * served by the sandbox's shared event loops. A port per system keeps each system's base URL and
  * paths its own, as in a real deployment.
  */
private[sandbox] final class StandInServer(group: EventLoopGroup, host: String) extends AutoCloseable {
  private val channels = List.newBuilder[Channel]

  /** Binds `handler` on `port` (0 = a free one), injecting `faults`, and returns the bound port; connections
    * it cannot accept for want of descriptors go to `exhaustion`.
    */
  def serve(handler: StandInHandler, port: Int, faults: FaultPlan, exhaustion: Exhaustion): Int = {
    val channel = new ServerBootstrap()
      .group(group)
      .channelFactory(new ChannelFactory[ServerChannel] {
        override def newChannel(): ServerChannel = new StandInServer.GuardedServerChannel(exhaustion)
      })
      // A reference load opens thousands of keep-alive connections, tens of new users a second.
      .option[Integer](ChannelOption.SO_BACKLOG, 1024)
      .childOption[java.lang.Boolean](ChannelOption.TCP_NODELAY, true)
      .childHandler(new ChannelInitializer[SocketChannel] {
        override def initChannel(ch: SocketChannel): Unit =
          ch.pipeline()
            .addLast(new HttpServerCodec())
            .addLast(new HttpServerKeepAliveHandler())
            .addLast(new HttpObjectAggregator(StandInServer.MaxRequestBytes))
            .addLast(new Dispatcher(handler, faults))
      })
      .bind(host, port)
      .syncUninterruptibly()
      .channel()
    synchronized(channels += channel)
    channel.localAddress.asInstanceOf[InetSocketAddress].getPort
  }

  override def close(): Unit = synchronized(channels.result()).foreach(_.close().syncUninterruptibly())

  /** Hands each request to the stand-in and writes its answer whenever it is ready.
    * (Clients such as Gatling send the next request on a connection only after the answer.)
    */
  private final class Dispatcher(handler: StandInHandler, faults: FaultPlan)
      extends SimpleChannelInboundHandler[FullHttpRequest] {
    override def channelRead0(ctx: ChannelHandlerContext, request: FullHttpRequest): Unit =
      faults.draw() match {
        case None                    => answer(ctx, request)
        case Some(Fault.ServerError) => write(ctx, StandInServer.plain(503, "sandbox fault: injected 503"))
        case Some(Fault.Reset)       => reset(ctx)
        case Some(Fault.Malformed)   =>
          write(ctx, StandInResponse(200, Vector("""{"sandbox fault": "malformed""".getBytes(UTF_8))))
        case Some(Fault.Empty)    => write(ctx, StandInResponse(200, Vector.empty))
        case Some(Fault.NoAnswer) => ()
        case Some(Fault.Slow)     =>
          request.retain()
          ctx.executor.schedule(
            (
                () =>
                  try answer(ctx, request)
                  finally { request.release(); () }
            ): Runnable,
            faults.slowDelay.toMillis,
            TimeUnit.MILLISECONDS
          )
          ()
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
        // Copied: the request buffer is released when this method returns.
        val in =
          StandInRequest(request.method, request.uri, request.headers.copy(), ByteBufUtil.getBytes(request.content))
        val answer =
          try handler.handle(in)
          catch {
            case NonFatal(e) =>
              java.util.concurrent.CompletableFuture.completedFuture(StandInServer.plain(500, e.toString))
          }
        answer.whenComplete { (response, failure) =>
          write(ctx, if (failure == null) response else StandInServer.plain(500, failure.toString))
        }
      }

    private def write(ctx: ChannelHandlerContext, response: StandInResponse): Unit = {
      val http = new DefaultFullHttpResponse(
        HttpVersion.HTTP_1_1,
        HttpResponseStatus.valueOf(response.status),
        Unpooled.wrappedBuffer(response.body: _*)
      )
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
  private final class GuardedServerChannel(exhaustion: Exhaustion) extends NioServerSocketChannel {
    private var spare = openSpare()

    override protected def doReadMessages(buf: java.util.List[AnyRef]): Int =
      try {
        val accepted = super.doReadMessages(buf)
        if (accepted > 0) exhaustion.succeeded()
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

  private def openSpare(): Option[FileChannel] =
    try Some(FileChannel.open(Paths.get("/dev/null")))
    catch { case _: IOException | _: UnsupportedOperationException => None }

  def shutdown(group: EventLoopGroup): Unit = group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
}
