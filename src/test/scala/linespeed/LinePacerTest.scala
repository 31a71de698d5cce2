package linespeed

import java.io.DataInputStream
import java.net.{ InetSocketAddress, Socket }
import java.util.concurrent.TimeUnit

import io.netty.bootstrap.ServerBootstrap
import io.netty.buffer.Unpooled
import io.netty.channel.{
  ChannelHandlerContext,
  ChannelInboundHandlerAdapter,
  ChannelInitializer,
  MultiThreadIoEventLoopGroup
}
import io.netty.channel.nio.NioIoHandler
import io.netty.channel.socket.SocketChannel
import io.netty.channel.socket.nio.NioServerSocketChannel
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A connection's bytes leave in the order written, however small the writes and however late the event
  * loop runs: an HTTP encoder writes a request's head and its body as two writes, and a body that overtook
  * its head reached the stand-in as a malformed request (400s under load, on the fastest lines first, where
  * a small body's time on the line is shorter than the event loop's lateness). The pacer's clock here reads
  * every other write 20 µs late, as a busy machine's event loop does now and then.
  */
class LinePacerTest {
  private val Writes = 20000

  @Test def smallWritesLeaveInTheOrderWritten(): Unit = {
    val group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory())
    try {
      // 4 MB/s: a 4-byte write is 1 µs of line, far less than the clock's lateness.
      var reads = 0L
      val lateEveryOther = () => { reads += 1; System.nanoTime() - (if (reads % 2 == 0) 20000L else 0L) }
      val server = new ServerBootstrap()
        .group(group)
        .channel(classOf[NioServerSocketChannel])
        .childHandler(new ChannelInitializer[SocketChannel] {
          override def initChannel(ch: SocketChannel): Unit =
            ch.pipeline()
              .addLast(new LinePacer(4L * 1000 * 1000, 1L << 30, lateEveryOther))
              .addLast(new ChannelInboundHandlerAdapter {
                override def channelActive(ctx: ChannelHandlerContext): Unit = {
                  (0 until Writes).foreach(i => ctx.write(Unpooled.buffer(4).writeInt(i)))
                  ctx.flush()
                  ()
                }
              })
        })
        .bind("127.0.0.1", 0)
        .syncUninterruptibly()
        .channel()
      val socket = new Socket("127.0.0.1", server.localAddress.asInstanceOf[InetSocketAddress].getPort)
      try {
        socket.setSoTimeout(10000)
        val in = new DataInputStream(socket.getInputStream)
        val received = (0 until Writes).map(_ => in.readInt())
        val firstOutOfOrder = received.indices.find(i => received(i) != i)
        assertEquals(None, firstOutOfOrder.map(i => s"write $i arrived as ${received(i)}"))
      } finally socket.close()
    } finally { group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly(); () }
  }
}
