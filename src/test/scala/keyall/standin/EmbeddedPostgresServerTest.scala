package keyall.standin

import java.net.{ InetAddress, InetSocketAddress, ServerSocket, Socket, StandardSocketOptions }
import java.sql.DriverManager
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.atomic.AtomicInteger

import scala.concurrent.{ Await, ExecutionContext, Future }
import scala.concurrent.duration._
import scala.util.{ Try, Using }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The embedded PostgreSQL comes up whatever else on the machine takes ports: it listens on the port held
  * for it, a port still taken when it binds moves it to another at once, and two servers started at the
  * same moment in one temporary folder both come up, each on its own port with its own data folder.
  */
class EmbeddedPostgresServerTest {
  private val loopback = InetAddress.getLoopbackAddress
  private val startupWait = 5.minutes

  private def dataDirectory(server: EmbeddedPostgresServer): String =
    Using.resource(DriverManager.getConnection(server.jdbcUrl, "postgres", null)) { c =>
      Using.resource(c.createStatement().executeQuery("SHOW data_directory")) { r =>
        assertTrue(r.next())
        r.getString(1)
      }
    }

  @Test def aPortStillTakenWhenTheServerBindsMovesItToAnotherAtOnce(): Unit = {
    // A squatter that listens and never answers, sharing its port with the first reservation handed to the
    // server through SO_REUSEPORT (which PostgreSQL does not set): the port is taken for the server, as by
    // a JVM that took it before the reservation held it.
    val squatter = new ServerSocket()
    squatter.setOption(StandardSocketOptions.SO_REUSEPORT, java.lang.Boolean.TRUE)
    squatter.bind(new InetSocketAddress(loopback, 0))
    val taken = squatter.getLocalPort
    val first = new Socket()
    first.setOption(StandardSocketOptions.SO_REUSEPORT, java.lang.Boolean.TRUE)
    first.bind(new InetSocketAddress(loopback, taken))
    val launches = new AtomicInteger
    Using.resource(squatter) { _ =>
      val started = System.nanoTime()
      Using.resource(EmbeddedPostgresServer.start(
        startupWait,
        () => if (launches.getAndIncrement() == 0) first else EmbeddedPostgresServer.reservedPort()
      )) { server =>
        val tookMs = (System.nanoTime() - started) / 1000000
        assertEquals(2, launches.get, "launched again once, on another port")
        assertNotEquals(taken, server.port)
        assertFalse(dataDirectory(server).isEmpty)
        // The wait was not run out: the server that could not bind was found gone, not waited for.
        assertTrue(tookMs < startupWait.toMillis / 2, s"$tookMs ms")
      }
    }
    assertTrue(first.isClosed, "the reservation is let go")
  }

  /** The reservation holds the port through the server's bind: it must not keep PostgreSQL off it. */
  @Test def theServerListensOnItsPortWhileTheReservationStillHoldsIt(): Unit = {
    val reserved = EmbeddedPostgresServer.reservedPort()
    val port = reserved.getLocalPort
    val launches = new AtomicInteger
    val once =
      () => if (launches.getAndIncrement() == 0) reserved else fail[Socket]("launched again: its port was taken")
    Using.resource(EmbeddedPostgresServer.start(startupWait, once)) { server =>
      assertEquals(port, server.port)
      assertFalse(dataDirectory(server).isEmpty)
    }
  }

  @Test def twoServersStartedAtOnceInOneTemporaryFolderBothComeUp(): Unit = {
    val together = new CyclicBarrier(2)
    val starts = Seq.fill(2)(Future {
      together.await()
      EmbeddedPostgresServer.start(startupWait)
    }(ExecutionContext.global))
    val servers = starts.map(start => Try(Await.result(start, startupWait * 2)))
    try {
      val (one, other) = (servers(0).get, servers(1).get)
      assertNotEquals(one.port, other.port)
      assertNotEquals(dataDirectory(one), dataDirectory(other))
    } finally servers.foreach(_.foreach(_.close()))
  }
}
