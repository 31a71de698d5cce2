package sandbox

import java.net.InetSocketAddress
import java.nio.charset.StandardCharsets.UTF_8
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

  /** Binds `handler` on `port` (0 = a free one), injecting `faults`, and returns the bound port. */
  def serve(handler: StandInHandler, port: Int, faults: FaultPlan): Int = {
    val channel = new ServerBootstrap()
      .group(group)
      .channel(classOf[NioServerSocketChannel])
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

  def shutdown(group: EventLoopGroup): Unit = group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
}
