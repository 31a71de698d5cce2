package journey

import config.InputError

import java.util.concurrent.atomic.AtomicLong

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import profiles.{ Plan, Shard }

/** A feeder of records no two users may share (staff accounts): this injector's slice of the file
  * (`shard.slice`, so shards never share a record), each record given to one user only. Checked before
  * any load: a record repeated in the file, or fewer records in this slice than the users the profile needs
  * them for (its planned users; a capacity search's ceiling), is an [[InputError]]. Should a run need more,
  * the user who finds none stops the whole run at once, saying how many it needed.
  *
  * @param file         the feeder, as named in the settings
  * @param key          the column that identifies a record (e.g. `username`)
  * @param usersToFeed  the users of this injector that need a record each, where known before the run
  *                     ([[profiles.LoadProfile.usersToFeed]])
  */
final class UniqueRecords(
    file: String,
    all: IndexedSeq[Feeders.Record],
    key: String,
    shard: Shard,
    usersToFeed: Option[Long]
) {
  private val slice = shard.slice(all)
  private val taken = new AtomicLong

  all.iterator.map(_(key).toString).zipWithIndex.foldLeft(Map.empty[String, Int]) { case (seen, (id, i)) =>
    // Line 1 is the header, so record i is on line i + 2.
    seen.get(id).foreach(first =>
      throw new InputError(s"$file", s"line ${i + 2} repeats $key '$id' (first on line $first)")
    )
    seen.updated(id, i + 2)
  }
  usersToFeed.filter(_ > slice.size).foreach { needed =>
    throw new InputError(s"$file", s"this run needs ${Plan.count(needed)} records, one per user, but ${has}")
  }

  /** Feeds the next unused record into the session, or stops the run when there is none left. */
  val feed: ChainBuilder =
    exec { session =>
      val n = taken.incrementAndGet()
      if (n <= slice.size) session.setAll(slice((n - 1).toInt)) else session.set(UniqueRecords.Exhausted, n)
    }.doIf(_.contains(UniqueRecords.Exhausted))(
      crashLoadGenerator(session =>
        session(UniqueRecords.Exhausted).validate[Long].map(n =>
          s"$file: this run needs at least ${Plan.count(math.max(n, usersToFeed.getOrElse(0L)))} records, one per user, but $has"
        )
      )
    )

  private def has: String =
    if (shard.isWhole) s"the file has ${Plan.count(all.size.toLong)}"
    else s"shard $shard has ${Plan.count(slice.size.toLong)} of the file's ${Plan.count(all.size.toLong)}"
}

object UniqueRecords {
  private val Exhausted = "uniqueRecordsExhausted"
}
