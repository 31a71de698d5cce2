package keyall.standin

import java.sql.{ Connection, PreparedStatement }
import java.util.concurrent.{ CompletableFuture, ExecutorService, Executors }

import scala.util.Using
import scala.util.control.NonFatal

import com.zaxxer.hikari.{ HikariConfig, HikariDataSource }
import io.netty.util.concurrent.DefaultThreadFactory
import config.InputError

/** How the back office locks the next free form of a queue.
  *
  *  - `skip-locked`: one transaction, `SELECT ... FOR UPDATE SKIP LOCKED` then mark it: two staff members
  *    can never get the same form;
  *  - `racy`: read the next free form, then mark it in a separate statement without a lock: the classic
  *    bug, where two staff members who read at the same moment both get it.
  */
sealed abstract class LockMode(val name: String)

object LockMode {
  case object SkipLocked extends LockMode("skip-locked")
  case object Racy extends LockMode("racy")
  val all: Seq[LockMode] = Seq(SkipLocked, Racy)
}

/** One queue's seed: `forms` forms, in `scannerBatches` scanner batches (0: the queue has none). */
final case class QueueSeed(queue: String, forms: Int, scannerBatches: Int)

/** The back office's work queues in PostgreSQL (schema `key_all`, which this owns: seeding drops it).
  * Every form ever given to a staff member is also written to `key_all.lock_log`, as the real system
  * keeps a history of who keyed what; that is where the database itself shows a form given twice.
  *
  * Every statement runs on `executor`, never on the caller's thread (the stand-in's Netty event loop),
  * with a connection from the pool; the executor has as many threads as the pool has connections, so
  * a waiting lock request holds a queue slot, not a thread.
  */
final class KeyAllDatabase(dataSource: HikariDataSource, lockMode: LockMode, poolSize: Int) extends AutoCloseable {

  private val executor: ExecutorService =
    Executors.newFixedThreadPool(poolSize, new DefaultThreadFactory("key-all-db", true))

  /** Recreates the schema and seeds every queue with generate_series; returns how long it took in ms. */
  def seed(queues: Seq[QueueSeed]): Long = {
    val started = System.nanoTime()
    withConnection { c =>
      Using.resource(c.createStatement()) { s =>
        s.execute("DROP SCHEMA IF EXISTS key_all CASCADE")
        s.execute("CREATE SCHEMA key_all")
        s.execute(
          "CREATE TABLE key_all.forms (id bigint PRIMARY KEY, queue text NOT NULL, batch int NOT NULL, " +
            "status text NOT NULL DEFAULT 'free', locked_by text, locked_at timestamptz)"
        )
        s.execute(
          "CREATE TABLE key_all.lock_log (form_id bigint NOT NULL, staff text NOT NULL, locked_at timestamptz NOT NULL)"
        )
      }
      // Ids run on from queue to queue, so a form id names one form of one queue. Batch 0 = no batches.
      queues.foldLeft(0L) { (firstId, q) =>
        Using.resource(c.prepareStatement(
          "INSERT INTO key_all.forms (id, queue, batch) SELECT ? + n, ?, " +
            "CASE WHEN ? > 0 THEN 1 + ((n - 1) * ?) / ? ELSE 0 END FROM generate_series(1, ?) AS n"
        )) { insert =>
          insert.setLong(1, firstId)
          insert.setString(2, q.queue)
          Seq(3, 4).foreach(insert.setInt(_, q.scannerBatches))
          insert.setInt(5, q.forms)
          insert.setInt(6, q.forms)
          insert.executeUpdate()
        }
        firstId + q.forms
      }
      Using.resource(c.createStatement()) { s =>
        // The next free form is the first by (batch, id) among the free forms of a queue (and batch).
        s.execute("CREATE INDEX forms_free ON key_all.forms (queue, batch, id) WHERE status = 'free'")
        s.execute("ANALYZE key_all.forms")
      }
    }
    (System.nanoTime() - started) / 1000000
  }

  /** Gives `staff` the next free form of `queue` (of scanner batch `batch` when given): its id, or None
    * when none is free.
    */
  def lockNext(queue: String, batch: Option[Int], staff: String): CompletableFuture[Option[Long]] =
    onExecutor(withConnection(lockNextNow(_, queue, batch, staff)))

  /** Marks `formId` as needing a rescan, then gives `staff` the next free form of the same batch. */
  def rescanAndLockNext(formId: Long, queue: String, batch: Int, staff: String): CompletableFuture[Option[Long]] =
    onExecutor(withConnection { c =>
      Using.resource(c.prepareStatement("UPDATE key_all.forms SET status = 'rescan-required' WHERE id = ?")) { mark =>
        mark.setLong(1, formId)
        mark.executeUpdate()
      }
      lockNextNow(c, queue, Some(batch), staff)
    })

  /** Forms the lock log shows given to more than one staff member: what the database itself says. */
  def formsLockedByMoreThanOne(): Long = withConnection { c =>
    Using.resource(c.createStatement()) { s =>
      Using.resource(s.executeQuery(
        "SELECT count(*) FROM (SELECT form_id FROM key_all.lock_log GROUP BY form_id HAVING count(DISTINCT staff) > 1) d"
      )) { rows =>
        rows.next()
        rows.getLong(1)
      }
    }
  }

  private def lockNextNow(c: Connection, queue: String, batch: Option[Int], staff: String): Option[Long] =
    lockMode match {
      case LockMode.SkipLocked =>
        c.setAutoCommit(false)
        try {
          val id = next(c, queue, batch, " FOR UPDATE SKIP LOCKED")
          id.foreach(mark(c, _, staff))
          c.commit()
          id
        } catch {
          case NonFatal(e) =>
            c.rollback()
            throw e
        } finally c.setAutoCommit(true)
      case LockMode.Racy =>
        // Two statements, each its own transaction: another user can read the same form in between.
        val id = next(c, queue, batch, "")
        id.foreach(mark(c, _, staff))
        id
    }

  private def next(c: Connection, queue: String, batch: Option[Int], locking: String): Option[Long] = {
    val inBatch = if (batch.isDefined) " AND batch = ?" else ""
    Using.resource(c.prepareStatement(
      s"SELECT id FROM key_all.forms WHERE queue = ? AND status = 'free'$inBatch ORDER BY batch, id LIMIT 1$locking"
    )) { select =>
      select.setString(1, queue)
      batch.foreach(select.setInt(2, _))
      Using.resource(select.executeQuery())(rows => Option.when(rows.next())(rows.getLong(1)))
    }
  }

  private def mark(c: Connection, id: Long, staff: String): Unit = {
    def run(statement: PreparedStatement): Unit = {
      statement.setString(1, staff)
      statement.setLong(2, id)
      statement.executeUpdate()
    }
    Using.resource(c.prepareStatement(
      "UPDATE key_all.forms SET status = 'locked', locked_by = ?, locked_at = clock_timestamp() WHERE id = ?"
    ))(run)
    Using.resource(c.prepareStatement(
      "INSERT INTO key_all.lock_log (staff, form_id, locked_at) VALUES (?, ?, clock_timestamp())"
    ))(run)
  }

  private def withConnection[T](work: Connection => T): T = Using.resource(dataSource.getConnection)(work)

  private def onExecutor[T](work: => T): CompletableFuture[T] = CompletableFuture.supplyAsync(() => work, executor)

  override def close(): Unit = {
    executor.shutdownNow()
    dataSource.close()
  }
}

object KeyAllDatabase {

  /** A pool of `poolSize` connections to `jdbcUrl`; an unreachable database is an [[InputError]] naming
    * `key`, found before any load.
    */
  def connect(
      key: String,
      jdbcUrl: String,
      user: Option[String],
      password: Option[String],
      poolSize: Int
  ): HikariDataSource = {
    val config = new HikariConfig
    config.setJdbcUrl(jdbcUrl)
    user.foreach(config.setUsername)
    password.foreach(config.setPassword)
    config.setMaximumPoolSize(poolSize)
    config.setMinimumIdle(poolSize)
    config.setPoolName("key-all")
    // Fail at start, within seconds, rather than on the first lock request.
    config.setInitializationFailTimeout(ConnectTimeoutSeconds * 1000L)
    config.addDataSourceProperty("connectTimeout", ConnectTimeoutSeconds.toString)
    try new HikariDataSource(config)
    catch {
      case e: Exception =>
        val cause = Iterator.iterate[Throwable](e)(_.getCause).takeWhile(_ != null).take(10).toSeq.last
        throw new InputError(s"$key", s"$jdbcUrl is unreachable (${InputError.oneLine(cause)})")
    }
  }

  private val ConnectTimeoutSeconds = 5
}
