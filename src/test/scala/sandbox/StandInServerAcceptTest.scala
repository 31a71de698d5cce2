package sandbox

import java.net.{ InetSocketAddress, Socket }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Paths }
import java.util.concurrent.{ CompletableFuture, CountDownLatch, TimeUnit }

import scala.concurrent.duration._
import scala.util.Using

import io.netty.channel.EventLoopGroup
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test

/** A burst of new connections is taken in at once, whatever the serving loops are doing: hundreds of users
  * starting together must not find the accept queue full (the kernel then drops their connection attempts,
  * and the client retries 1, 3 and 7 s later).
  */
class StandInServerAcceptTest {
  private val burst = 1500

  @Test def connectionsAreAcceptedWhileEveryServingLoopIsBusy(): Unit =
    withServer { (server, port, acceptor, workers) =>
      val busy = block(workers)
      try {
        val sockets = connect(port, burst)
        try {
          awaitUntil(server.accepted >= burst, s"accepted ${server.accepted} of $burst while the serving loop was busy")
          assertEquals(burst.toLong, server.accepted)
        } finally sockets.foreach(_.close())
      } finally busy.countDown()
      assertEquals("ok", get(port), "served once the loop is free again")
    }

  @Test def theKernelQueuesABurstLongerThanOneThousandConnections(): Unit = {
    val somaxconn = Using(scala.io.Source.fromFile("/proc/sys/net/core/somaxconn"))(_.mkString.trim.toInt).getOrElse(0)
    assumeTrue(Files.exists(Paths.get("/proc/sys/net/core/somaxconn")) && somaxconn >= burst, s"somaxconn $somaxconn")
    withServer { (server, port, acceptor, workers) =>
      // Nothing is accepted now: every connection of the burst has to wait in the kernel's queue.
      val stalled = block(acceptor)
      try {
        val sockets = connect(port, burst)
        try assertEquals(0L, server.accepted, "the burst waited in the queue, not in the server")
        finally sockets.foreach(_.close())
      } finally stalled.countDown()
      assertEquals("ok", get(port))
    }
  }

  private def withServer(test: (StandInServer, Int, EventLoopGroup, EventLoopGroup) => Unit): Unit = {
    val acceptor = Sandbox.eventLoops(1, "test-accept")
    val workers = Sandbox.eventLoops(1, "test-serve")
    val server = new StandInServer(acceptor, workers, "127.0.0.1")
    try {
      val handler = new StandInHandler {
        override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
          CompletableFuture.completedFuture(StandInResponse(200, Vector("ok".getBytes(UTF_8)), "text/plain"))
      }
      val port = server.serve(
        handler,
        0,
        FaultPlan(Map.empty, 5.seconds),
        new Exhaustion("test", "refused"),
        new ServingTimes("test")
      )
      test(server, port, acceptor, workers)
    } finally {
      server.close()
      StandInServer.shutdown(acceptor)
      StandInServer.shutdown(workers)
    }
  }

  /** Keeps every loop of `group` busy until the latch is counted down. */
  private def block(group: EventLoopGroup): CountDownLatch = {
    val release = new CountDownLatch(1)
    val started = new CountDownLatch(1)
    group.forEach { loop =>
      loop.execute { () =>
        started.countDown()
        release.await(60, TimeUnit.SECONDS)
        ()
      }
    }
    assertTrue(started.await(10, TimeUnit.SECONDS))
    release
  }

  /** `n` connections, each of which must complete its handshake (a full queue would leave it waiting). */
  private def connect(port: Int, n: Int): Seq[Socket] = {
    val sockets = Vector.newBuilder[Socket]
    try {
      (1 to n).foreach { i =>
        val socket = new Socket()
        sockets += socket
        try socket.connect(new InetSocketAddress("127.0.0.1", port), 5000)
        catch { case e: java.io.IOException => fail(s"connection $i of $n not taken: $e") }
      }
      sockets.result()
    } catch {
      case e: Throwable =>
        sockets.result().foreach(_.close())
        throw e
    }
  }

  private def get(port: Int): String = Using.resource(new Socket("127.0.0.1", port)) { socket =>
    socket.setSoTimeout(10000)
    socket.getOutputStream.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(UTF_8))
    new String(socket.getInputStream.readAllBytes(), UTF_8).split("\r\n\r\n", 2)(1)
  }

  /** Polls until `done`; the bound only ends a test that failed. */
  private def awaitUntil(done: => Boolean, what: => String): Unit = {
    val deadline = System.nanoTime() + 30.seconds.toNanos
    while (!done && System.nanoTime() < deadline) Thread.sleep(10)
    assertTrue(done, what)
  }
}
