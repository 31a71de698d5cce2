package sandbox

import java.net.InetSocketAddress
import java.util.concurrent.TimeUnit

import scala.util.control.NonFatal

import io.netty.bootstrap.ServerBootstrap
import io.netty.buffer.{ByteBufUtil, Unpooled}
import io.netty.channel._
import io.netty.channel.nio.NioIoHandler
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.NioServerSocketChannel
import io.netty.handler.codec.http._
import io.netty.util.concurrent.DefaultThreadFactory

/** The RAiD API stand-in: a Netty HTTP/1.1 server over [[RaidApi]].
  *
  * A few event-loop threads serve every connection; a request waiting on the stubs holds no
  * thread, only a pending future.
  */
private[sandbox] final class RaidStandIn private (
    group: EventLoopGroup,
    serverChannel: Channel,
    stubClient: StubClient,
    val store: RaidStore
) extends AutoCloseable {

  def port: Int = serverChannel.localAddress.asInstanceOf[InetSocketAddress].getPort

  override def close(): Unit = {
    serverChannel.close().syncUninterruptibly()
    stubClient.close()
    // Closes every open connection and stops the event-loop threads.
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
  }
}

private[sandbox] object RaidStandIn {
  private val MaxRequestBytes = 1 << 20

  def start(host: String, settings: RaidSettings, stubsAddress: InetSocketAddress): RaidStandIn = {
    val group = new MultiThreadIoEventLoopGroup(
      settings.ioThreads,
      new DefaultThreadFactory("sandbox-raid", true),
      NioIoHandler.newFactory()
    )
    try {
      val store = new RaidStore
      seed(store, settings)
      val stubClient = new StubClient(group, stubsAddress, settings.stubTimeout)
      val api = new RaidApi(store, stubClient, settings.listLimit)
      val serverChannel = new ServerBootstrap()
        .group(group)
        .channel(classOf[NioServerSocketChannel])
        // The reference load opens ~3,000 keep-alive connections, 50 new users a second.
        .option[Integer](ChannelOption.SO_BACKLOG, 1024)
        .childOption[java.lang.Boolean](ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer[SocketChannel] {
          override def initChannel(ch: SocketChannel): Unit =
            ch.pipeline()
              .addLast(new HttpServerCodec())
              .addLast(new HttpServerKeepAliveHandler())
              .addLast(new HttpObjectAggregator(MaxRequestBytes))
              .addLast(new RequestHandler(api))
        })
        .bind(host, settings.port)
        .syncUninterruptibly()
        .channel()
      new RaidStandIn(group, serverChannel, stubClient, store)
    } catch {
      case NonFatal(e) =>
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly()
        throw e
    }
  }

  /** Pre-existing raids, spread round-robin over the seed service points, oldest first. */
  private def seed(store: RaidStore, settings: RaidSettings): Unit =
    (0 until settings.seedRaids).foreach { n =>
      // 8 hex digits: never equal to a minted handle, which has 12.
      val handle = f"102.100.100/$n%08x"
      val servicePointId = settings.seedFirstServicePointId + n % settings.seedServicePointCount
      val json = RaidMetadata.mapper.writeValueAsBytes(RaidMetadata.seedRaid(handle, servicePointId, n))
      store.insert(StoredRaid(handle, servicePointId, 1, json))
    }

  /** Hands each request to the API and writes its answer whenever it is ready.
    * (Clients such as Gatling send the next request on a connection only after the answer.)
    */
  private final class RequestHandler(api: RaidApi) extends SimpleChannelInboundHandler[FullHttpRequest] {
    override def channelRead0(ctx: ChannelHandlerContext, request: FullHttpRequest): Unit =
      if (!request.decoderResult.isSuccess)
        write(ctx, RaidApi.error(400, s"malformed HTTP request: ${request.decoderResult.cause}"))
      else {
        val apiRequest = ApiRequest(
          request.method,
          request.uri,
          Option(request.headers.get(HttpHeaderNames.AUTHORIZATION)),
          // Copied: the request buffer is released when this method returns.
          ByteBufUtil.getBytes(request.content)
        )
        api.handle(apiRequest).whenComplete { (response, failure) =>
          write(ctx, if (failure == null) response else RaidApi.error(500, failure.toString))
        }
      }

    private def write(ctx: ChannelHandlerContext, response: ApiResponse): Unit = {
      val http = new DefaultFullHttpResponse(
        HttpVersion.HTTP_1_1,
        HttpResponseStatus.valueOf(response.status),
        Unpooled.wrappedBuffer(response.body: _*)
      )
      http.headers
        .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, http.content.readableBytes)
      response.location.foreach(http.headers.set(HttpHeaderNames.LOCATION, _))
      if (response.status == 401) http.headers.set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer")
      ctx.writeAndFlush(http)
    }

    // A client resetting its connection mid-run is routine under load: just drop the connection.
    override def exceptionCaught(ctx: ChannelHandlerContext, cause: Throwable): Unit = ctx.close()
  }
}
