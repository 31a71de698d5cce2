package linespeed

import java.util.concurrent.TimeUnit

import io.netty.buffer.ByteBuf
import io.netty.channel.{ ChannelHandlerContext, ChannelOutboundHandlerAdapter, ChannelPromise }

/** Paces what one connection writes to a line's speed: each piece of data leaves when its last byte would
  * have crossed a line of `bytesPerSecond`, pieces in the order written, so N bytes take N / speed seconds
  * however they were split. Pieces are at most a twentieth of a second of the line, so a slow page
  * arrives bit by bit, as over the line, not all at once at the end.
  *
  * (Netty's ChannelTrafficShapingHandler shapes reads by pausing the reads after the one it passes on, so
  * a form's body of one read goes through unshaped, and estimates its waits over check intervals; pacing
  * each side's writes by this clock makes a transfer's time exact, which the line-speed test asserts.)
  */
private[linespeed] final class LinePacer(bytesPerSecond: Long, maxQueuedBytes: Long)
    extends ChannelOutboundHandlerAdapter {
  private val pieceBytes = math.max(512L, bytesPerSecond / 20).toInt
  private var lineFreeAtNanos = 0L
  private var queuedBytes = 0L
  // The writability bit this handler owns on the channel's outbound buffer (Netty allows 1 to 31).
  private val WritabilityIndex = 1

  override def write(ctx: ChannelHandlerContext, msg: AnyRef, promise: ChannelPromise): Unit = {
    val now = System.nanoTime()
    msg match {
      case buf: ByteBuf if buf.readableBytes > 0 =>
        val size = buf.readableBytes
        queued(ctx, size)
        var offset = 0
        while (offset < size) {
          val piece = math.min(pieceBytes, size - offset)
          val last = offset + piece == size
          val slice = if (offset == 0 && last) buf else buf.retainedSlice(buf.readerIndex + offset, piece)
          lineFreeAtNanos = math.max(now, lineFreeAtNanos) + piece * 1000000000L / bytesPerSecond
          send(ctx, slice, if (last) promise else ctx.voidPromise(), piece, now)
          offset += piece
        }
        if (size > pieceBytes) buf.release()
        ()
      // Anything else (an empty buffer that closes a connection after its data, say) keeps its place.
      case _ => send(ctx, msg, promise, 0, now)
    }
  }

  // Writes scheduled and not yet made: on a busy machine they may run late, and nothing may overtake them.
  private var scheduled = 0

  private def send(ctx: ChannelHandlerContext, msg: AnyRef, promise: ChannelPromise, size: Int, now: Long): Unit =
    if (lineFreeAtNanos <= now && scheduled == 0) {
      sent(ctx, size)
      ctx.writeAndFlush(msg, promise)
      ()
    } else {
      scheduled += 1
      ctx.executor.schedule(
        (() => {
          scheduled -= 1
          sent(ctx, size)
          ctx.writeAndFlush(msg, promise)
          ()
        }): Runnable,
        math.max(0L, lineFreeAtNanos - now),
        TimeUnit.NANOSECONDS
      )
      ()
    }

  private def queued(ctx: ChannelHandlerContext, size: Int): Unit = {
    queuedBytes += size
    if (queuedBytes > maxQueuedBytes) setWritable(ctx, writable = false)
  }

  private def sent(ctx: ChannelHandlerContext, size: Int): Unit = {
    queuedBytes -= size
    if (queuedBytes <= maxQueuedBytes / 2) setWritable(ctx, writable = true)
  }

  private def setWritable(ctx: ChannelHandlerContext, writable: Boolean): Unit =
    Option(ctx.channel.unsafe.outboundBuffer).foreach(_.setUserDefinedWritability(WritabilityIndex, writable))
}
