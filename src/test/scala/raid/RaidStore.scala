package raid

import java.util.concurrent.{ ConcurrentHashMap, ConcurrentLinkedDeque }

/** A raid as stored: its serialised JSON (served as-is) plus what updates and lists need. */
private[raid] final case class StoredRaid(handle: String, servicePointId: Long, version: Int, json: Array[Byte])

private[raid] sealed trait UpdateOutcome
private[raid] object UpdateOutcome {
  final case class Updated(raid: StoredRaid) extends UpdateOutcome
  case object NotFound extends UpdateOutcome
  final case class VersionConflict(storedVersion: Int) extends UpdateOutcome
}

/** In-memory raids by handle (`prefix/suffix`), safe under concurrent mints and updates. */
private[raid] final class RaidStore {
  private val byHandle = new ConcurrentHashMap[String, StoredRaid]
  // Handles per service point, most recently minted first.
  private val byServicePoint = new ConcurrentHashMap[Long, ConcurrentLinkedDeque[String]]

  def size: Int = byHandle.size

  def get(handle: String): Option[StoredRaid] = Option(byHandle.get(handle))

  /** False if the handle is already taken (the raid is then not stored). */
  def insert(raid: StoredRaid): Boolean = {
    val added = byHandle.putIfAbsent(raid.handle, raid) == null
    if (added)
      byServicePoint.computeIfAbsent(raid.servicePointId, _ => new ConcurrentLinkedDeque[String]).addFirst(raid.handle)
    added
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
