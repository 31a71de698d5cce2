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
private[linespeed] final class LinePacer(
    bytesPerSecond: Long,
    maxQueuedBytes: Long,
    clock: () => Long = () => System.nanoTime()
) extends ChannelOutboundHandlerAdapter {
  private val pieceBytes = math.max(512L, bytesPerSecond / 20).toInt
  private var lineFreeAtNanos = 0L
  private var queuedBytes = 0L
  // The writability bit this handler owns on the channel's outbound buffer (Netty allows 1 to 31).
  private val WritabilityIndex = 1

  // Pieces leave from this queue, in the order written, only ever from its head: a timer per piece let a
  // small piece (a request's body) overtake the piece before it (its head) whenever the event loop ran
  // late between reading the clock and scheduling, and the target saw a malformed request.
  private val pieces = new java.util.ArrayDeque[LinePacer.Piece]
  private var timerSet = false

  override def write(ctx: ChannelHandlerContext, msg: AnyRef, promise: ChannelPromise): Unit = {
    val now = clock()
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
          pieces.add(LinePacer.Piece(slice, if (last) promise else ctx.voidPromise(), piece, lineFreeAtNanos))
          offset += piece
        }
        if (size > pieceBytes) buf.release()
      // Anything else (an empty buffer that closes a connection after its data, say) keeps its place.
      case _ => pieces.add(LinePacer.Piece(msg, promise, 0, 0L))
    }
    send(ctx)
  }

  /** Writes the pieces now due, in order, and sets a timer for the next one. */
  private def send(ctx: ChannelHandlerContext): Unit = {
    val now = clock()
    var wrote = false
    while (!pieces.isEmpty && pieces.peek.dueNanos <= now) {
      val piece = pieces.poll()
      sent(ctx, piece.size)
      ctx.write(piece.msg, piece.promise)
      wrote = true
    }
    if (wrote) ctx.flush()
    if (!pieces.isEmpty && !timerSet) {
      timerSet = true
      ctx.executor.schedule(
        (() => {
          timerSet = false
          send(ctx)
        }): Runnable,
        pieces.peek.dueNanos - now,
        TimeUnit.NANOSECONDS
      )
    }
    ()
  }

  // What is written stays queued here until due: flushing it early would defeat the pacing.
  override def flush(ctx: ChannelHandlerContext): Unit = ()

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

private object LinePacer {

  /** A piece waiting for the line, due when its last byte has crossed it. */
  private final case class Piece(msg: AnyRef, promise: ChannelPromise, size: Int, dueNanos: Long)
}
