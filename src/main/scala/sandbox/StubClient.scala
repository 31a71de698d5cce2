package sandbox

import java.net.InetSocketAddress
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{ CompletableFuture, TimeUnit }

import scala.concurrent.duration.FiniteDuration

import com.fasterxml.jackson.core.JsonProcessingException
import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import io.netty.bootstrap.Bootstrap
import io.netty.channel._
import io.netty.channel.pool.{ AbstractChannelPoolHandler, SimpleChannelPool }
import io.netty.channel.socket.nio.NioSocketChannel
import io.netty.handler.codec.http._
import io.netty.handler.timeout.{ IdleStateEvent, IdleStateHandler }
import io.netty.util.AttributeKey

/** A stub answered outside 2xx, or could not be reached; `status` is the HTTP status to return. */
final class StubCallFailed(val status: Int, message: String) extends RuntimeException(message)

/** Non-blocking HTTP/1.1 client from the stand-ins to the WireMock stubs.
  *
  * Runs on the stand-in's own event loops and keeps idle keep-alive connections in a pool, so
  * ~250 calls in flight cost no thread each and no new connection per call.
  */
final class StubClient private[sandbox] (
    group: EventLoopGroup,
    address: InetSocketAddress,
    timeout: FiniteDuration,
    exhaustion: Exhaustion
) extends AutoCloseable {

  def this(group: EventLoopGroup, address: InetSocketAddress, timeout: FiniteDuration) =
    this(group, address, timeout, new Exhaustion("stub client", "stub calls failed"))

  // Loaded now, not at the first connection or failed call: under load that may be when no descriptor is
  // left to read them, and the JVM then fails every later use too (seen: no stub call worked again).
  Seq(StubClient.getClass, classOf[ResponseHandler], classOf[StubClient.PendingCall], classOf[StubCallFailed])
    .foreach(c => Class.forName(c.getName))

  private val hostHeader = s"${address.getHostString}:${address.getPort}"

  private val pool = new SimpleChannelPool(
    new Bootstrap().group(group).channel(classOf[NioSocketChannel]).remoteAddress(address),
    new AbstractChannelPoolHandler {
      override def channelCreated(ch: Channel): Unit =
        ch.pipeline()
          .addLast(new IdleStateHandler(0, 0, StubClient.IdleCloseMillis, TimeUnit.MILLISECONDS))
          .addLast(new HttpClientCodec())
          .addLast(new HttpObjectAggregator(StubClient.MaxResponseBytes))
          .addLast(new ResponseHandler)
    }
  )

  /** The response body of a 2xx answer; otherwise the future fails with [[StubCallFailed]]. */
  def call(stub: String, method: HttpMethod, pathAndQuery: String): CompletableFuture[String] = {
    val result = new CompletableFuture[String]
    // The request this call is made for: its completion runs on that request's behalf, so that a call made
    // from it counts for the same request.
    val timing = RequestTiming.active
    pool.acquire().addListener { (acquired: io.netty.util.concurrent.Future[Channel]) =>
      if (!acquired.isSuccess) {
        if (Exhaustion.isExhaustion(acquired.cause)) exhaustion.failed(acquired.cause)
        RequestTiming.within(timing)(
          result.completeExceptionally(new StubCallFailed(
            502,
            s"$stub: cannot connect to $hostHeader: ${acquired.cause}"
          ))
        )
      } else {
        exhaustion.succeeded()
        send(acquired.getNow, stub, method, pathAndQuery, result, timing)
      }
    }
    result
  }

  /** Per stub, the time from sending each call to its answer (see [[ServingTimes]]): the stubs' own figures. */
  val times = new ServingTimes("stubs")

  /** The JSON body of a 2xx answer; a body that is no JSON document fails the call like a bad answer (502). */
  def callJson(stub: String, method: HttpMethod, pathAndQuery: String): CompletableFuture[JsonNode] =
    call(stub, method, pathAndQuery).thenApply(StubClient.json(stub, _))

  private def send(
      ch: Channel,
      stub: String,
      method: HttpMethod,
      pathAndQuery: String,
      result: CompletableFuture[String],
      timing: RequestTiming
  ): Unit = {
    val sent = System.nanoTime()
    val timer = ch.eventLoop.schedule(
      (
          () =>
            // Runs on the channel's loop, as its answer would: whichever comes first takes the pending call.
            Option(ch.attr(StubClient.Pending).getAndSet(null)).foreach { pending =>
              pending.end(times)(pending.result.completeExceptionally(
                new StubCallFailed(504, s"$stub: no answer within $timeout")
              ))
              ch.close()
            }
      ): Runnable,
      timeout.toMillis,
      TimeUnit.MILLISECONDS
    )
    ch.attr(StubClient.Pending).set(StubClient.PendingCall(stub, result, timer, sent, timing))
    val request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, pathAndQuery)
    request.headers().set(HttpHeaderNames.HOST, hostHeader).setInt(HttpHeaderNames.CONTENT_LENGTH, 0)
    ch.writeAndFlush(request).addListener { (written: ChannelFuture) =>
      if (!written.isSuccess) {
        val failed = new StubCallFailed(502, s"$stub: request not sent: ${written.cause}")
        StubClient.ended(stub, sent, timing, times)(result.completeExceptionally(failed))
        timer.cancel(false)
        ch.close()
      }
    }
  }

  private final class ResponseHandler extends SimpleChannelInboundHandler[FullHttpResponse] {
    override def channelRead0(ctx: ChannelHandlerContext, response: FullHttpResponse): Unit = {
      val ch = ctx.channel
      val pending = ch.attr(StubClient.Pending).getAndSet(null)
      if (pending != null) {
        pending.timer.cancel(false)
        val status = response.status.code
        val body = response.content.toString(UTF_8)
        if (!HttpUtil.isKeepAlive(response)) ch.close()
        // A closed channel fails the pool's health check and is dropped rather than reused.
        pool.release(ch)
        pending.end(times) {
          if (status / 100 == 2) pending.result.complete(body)
          else
            pending.result.completeExceptionally(
              new StubCallFailed(502, s"${pending.stub}: answered $status ${body.take(200).replaceAll("\\s+", " ")}")
            )
        }
      }
    }

    override def channelInactive(ctx: ChannelHandlerContext): Unit = {
      failPending(ctx.channel, "connection closed before the answer")
      super.channelInactive(ctx)
    }

    override def exceptionCaught(ctx: ChannelHandlerContext, cause: Throwable): Unit = {
      failPending(ctx.channel, cause.toString)
      ctx.close()
    }

    override def userEventTriggered(ctx: ChannelHandlerContext, event: Any): Unit = event match {
      // Idle pooled connection: close it before the server side does, so none goes stale in the pool.
      case _: IdleStateEvent if ctx.channel.attr(StubClient.Pending).get == null => ctx.close()
      case _                                                                     => super.userEventTriggered(ctx, event)
    }

    private def failPending(ch: Channel, why: String): Unit = {
      val pending = ch.attr(StubClient.Pending).getAndSet(null)
      if (pending != null) {
        pending.timer.cancel(false)
        pending.end(times)(pending.result.completeExceptionally(new StubCallFailed(502, s"${pending.stub}: $why")))
      }
    }
  }

  override def close(): Unit = pool.close()
}

object StubClient {
  val IdleCloseMillis: Long = 60000L
  private val MaxResponseBytes = 1 << 20
  private val mapper = new ObjectMapper

  private def json(stub: String, body: String): JsonNode = {
    val parsed =
      try Option(mapper.readTree(body)).filterNot(_.isMissingNode)
      catch { case _: JsonProcessingException => None }
    parsed.getOrElse(
      throw new StubCallFailed(502, s"$stub: answered no JSON: '${body.take(200).replaceAll("\\s+", " ")}'")
    )
  }

  private final case class PendingCall(
      stub: String,
      result: CompletableFuture[String],
      timer: io.netty.util.concurrent.ScheduledFuture[_],
      sentNanos: Long,
      timing: RequestTiming
  ) {
    def end[T](times: ServingTimes)(complete: => T): T = ended(stub, sentNanos, timing, times)(complete)
  }

  /** Counts a call's time for its request and its stub, then completes it on its request's behalf. */
  private def ended[T](stub: String, sentNanos: Long, timing: RequestTiming, times: ServingTimes)(complete: => T): T = {
    val took = System.nanoTime() - sentNanos
    if (timing != null) timing.addStub(took)
    times.record(stub, took, took)
    RequestTiming.within(timing)(complete)
  }
  private val Pending: AttributeKey[PendingCall] = AttributeKey.valueOf("sandbox.stub.pending")
}
