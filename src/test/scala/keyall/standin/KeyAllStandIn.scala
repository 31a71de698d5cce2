package keyall.standin

import journey.Feeders

import scala.util.control.NonFatal

import keyall.{ KeyAllStaff, Queues }
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }
import profiles.Plan
import config.{ InputError, Redaction }

/** The back office's stand-in: [[KeyAllAppStandIn]] over its queues in PostgreSQL, per `sandbox.key-all` in
  * key-all.conf. With no `jdbcUrl` it starts an embedded PostgreSQL of its own ([[EmbeddedPostgresServer]])
  * and stops it when the sandbox stops; with one, it uses that database, as the
  * user and password in the environment variables `userEnv` and `passwordEnv` when they are set.
  */
object KeyAllStandIn extends StandIn {
  override def start(context: StandInContext): KeyAllStandInHandler = {
    val s = context.settings
    // Every setting is read before PostgreSQL starts: a bad one costs no start-up.
    val lockModeName = s.oneOf("lockMode", LockMode.all.map(_.name))
    val lockMode = LockMode.all.find(_.name == lockModeName).get
    val poolSize = s.int("poolSize", min = 1, max = 200)
    val seeds = Queues.all.map { queue =>
      QueueSeed(queue, s.int(s"seed.$queue.forms", min = 1), s.int(s"seed.$queue.scannerBatches", min = 0, max = 1000))
    }
    val accounts = Feeders.csvRecords(s.string("staff"), KeyAllStaff.Columns)
      .map(a => a("username").toString -> a("password").toString).toMap
    val external = s.optionalString("jdbcUrl")
    val startupWait = s.positiveDuration("embeddedStartupWait")
    // Unset: the driver's own defaults (the OS user, ~/.pgpass), as psql does.
    def fromEnv(path: String): Option[String] = sys.env.get(s.string(path)).filter(_.nonEmpty)

    val embedded =
      if (external.isEmpty) Some(
        try EmbeddedPostgresServer.start(startupWait)
        catch {
          case _: EmbeddedPostgresServer.NotStarted =>
            throw new InputError(
              s"${s.key("embeddedStartupWait")}",
              "the embedded PostgreSQL did not accept connections within " +
                s"${startupWait.toMillis} ms (a busy machine may need more)"
            )
        }
      )
      else None
    try {
      val (url, user, password) = embedded match {
        case Some(pg) => (pg.jdbcUrl, Some("postgres"), None)
        case None     => (external.get, fromEnv("userEnv"), fromEnv("passwordEnv"))
      }
      val database =
        new KeyAllDatabase(KeyAllDatabase.connect(s.key("jdbcUrl"), url, user, password, poolSize), lockMode, poolSize)
      val seedMs = database.seed(seeds)
      val where = embedded.fold(Redaction.redact(url))(pg => s"embedded PostgreSQL on port ${pg.port}")
      val queues = seeds.map { q =>
        val batches = if (q.scannerBatches > 0) s" in ${q.scannerBatches} scanner batches" else ""
        s"${q.queue} ${Plan.count(q.forms.toLong)}$batches"
      }
      println(
        s"sandbox: key-all seeded ${queues.mkString(", ")} in ${Plan.count(seedMs)} ms ($where, lockMode $lockModeName, $poolSize connections)"
      )
      val app = new KeyAllAppStandIn(accounts, database, seeds.find(_.queue == Queues.Svd).fold(0)(_.scannerBatches))
      new KeyAllStandInHandler(app, database, embedded)
    } catch {
      case NonFatal(e) =>
        embedded.foreach(_.close())
        throw e
    }
  }
}

/** The running stand-in: its database pool, and the embedded PostgreSQL it started, stop with it. */
final class KeyAllStandInHandler(
    app: KeyAllAppStandIn,
    val database: KeyAllDatabase,
    embedded: Option[EmbeddedPostgresServer]
) extends StandInHandler {
  override def handle(request: StandInRequest) = app.handle(request)

  override def close(): Unit =
    try database.close()
    finally embedded.foreach(_.close())
}
