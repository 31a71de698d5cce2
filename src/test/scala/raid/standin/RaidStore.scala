package raid.standin

import java.util.concurrent.{ ConcurrentHashMap, ConcurrentLinkedDeque, ConcurrentLinkedQueue }
import java.util.concurrent.atomic.AtomicInteger

/** A raid as stored: its serialised JSON (served as-is) plus what updates and lists need. */
private[raid] final case class StoredRaid(handle: String, servicePointId: Long, version: Int, json: Array[Byte])

private[raid] sealed trait UpdateOutcome
private[raid] object UpdateOutcome {
  final case class Updated(raid: StoredRaid) extends UpdateOutcome
  case object NotFound extends UpdateOutcome
  final case class VersionConflict(storedVersion: Int) extends UpdateOutcome
}

/** In-memory raids by handle (`prefix/suffix`), safe under concurrent mints and updates.
  *
  * @param keepMinted the raids minted during the run it keeps: past that the oldest minted is forgotten, as
  *                   a test instance's data is pruned, so a run of hours holds a flat heap; the seeded raids
  *                   are always kept
  */
private[raid] final class RaidStore(keepMinted: Int = Int.MaxValue) {
  private val byHandle = new ConcurrentHashMap[String, StoredRaid]
  // Handles per service point, most recently minted first.
  private val byServicePoint = new ConcurrentHashMap[Long, ConcurrentLinkedDeque[String]]
  // Minted handles, oldest first, and how many are held.
  private val minted = new ConcurrentLinkedQueue[String]
  private val mintedHeld = new AtomicInteger

  def size: Int = byHandle.size

  /** Entries of the per-service-point lists: held to [[size]] by pruning too. */
  def listed: Int = byServicePoint.values.stream.mapToInt(_.size).sum

  def get(handle: String): Option[StoredRaid] = Option(byHandle.get(handle))

  /** False if the handle is already taken (the raid is then not stored). A seeded raid (`seeded`) is never
    * pruned; a minted one may push the oldest minted out.
    */
  def insert(raid: StoredRaid, seeded: Boolean = false): Boolean = {
    val added = byHandle.putIfAbsent(raid.handle, raid) == null
    if (added) {
      byServicePoint.computeIfAbsent(raid.servicePointId, _ => new ConcurrentLinkedDeque[String]).addFirst(raid.handle)
      if (!seeded) {
        minted.add(raid.handle)
        if (mintedHeld.incrementAndGet() > keepMinted) pruneOldest()
      }
    }
    added
  }

  private def pruneOldest(): Unit =
    Option(minted.poll()).foreach { handle =>
      mintedHeld.decrementAndGet()
      Option(byHandle.remove(handle)).foreach { raid =>
        // The oldest is at the end of its service point's list.
        Option(byServicePoint.get(raid.servicePointId)).foreach(_.removeLastOccurrence(handle))
      }
    }

  /** Atomically replaces the raid with `render(stored, stored.version + 1)`, if the update is based
    * on the stored version: a raid changes only by updates that saw its latest version.
    *
    * @param basedOnVersion the version the update was made from; any other stored version is a conflict
    * @param render         the JSON to store for the new version
    */
  def update(handle: String, basedOnVersion: Int)(render: (StoredRaid, Int) => Array[Byte]): UpdateOutcome = {
    var outcome: UpdateOutcome = UpdateOutcome.NotFound
    byHandle.computeIfPresent(
      handle,
      (_, stored) =>
        if (basedOnVersion != stored.version) {
          outcome = UpdateOutcome.VersionConflict(stored.version)
          stored
        } else {
          val version = stored.version + 1
          val updated = stored.copy(version = version, json = render(stored, version))
          outcome = UpdateOutcome.Updated(updated)
          updated
        }
    )
    outcome
  }

  /** Up to `limit` raids of the service point, most recently minted first. */
  def list(servicePointId: Long, limit: Int): Vector[StoredRaid] = {
    val handles = byServicePoint.get(servicePointId)
    if (handles == null) Vector.empty
    else {
      val it = handles.iterator()
      val out = Vector.newBuilder[StoredRaid]
      var n = 0
      while (n < limit && it.hasNext) {
        val raid = byHandle.get(it.next())
        if (raid != null) { out += raid; n += 1 }
      }
      out.result()
    }
  }
}
