package live

import java.util.concurrent.ConcurrentLinkedDeque
import java.util.concurrent.atomic.AtomicInteger

import io.netty.channel.{ Channel, ChannelFuture, ChannelFutureListener }

/** The connections open at once, at most `max`. One more takes the place of the oldest whose request has not
  * been taken (none came whole, or it lacked the token): sockets left idle, half-sent or without the token never
  * keep out a client that has it. When every open one is being answered, the newcomer is closed.
  */
final class ConnectionCap(max: Int) {
  private val open = new AtomicInteger
  // Oldest first; a connection leaves once its request is taken, or once closed.
  private val waiting = new ConcurrentLinkedDeque[Channel]

  def opened(channel: Channel): Unit = {
    channel.closeFuture.addListener(new ChannelFutureListener {
      def operationComplete(closed: ChannelFuture): Unit = { open.decrementAndGet(); waiting.remove(channel); () }
    })
    waiting.addLast(channel)
    if (open.incrementAndGet() > max) Option(waiting.pollFirst()).foreach(_.close())
  }

  def taken(channel: Channel): Unit = { waiting.remove(channel); () }
}
