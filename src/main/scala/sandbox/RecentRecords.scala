package sandbox

import java.util.concurrent.{ ConcurrentHashMap, ConcurrentLinkedQueue }
import java.util.concurrent.atomic.AtomicInteger

/** A stand-in's records by key (sessions, tokens) that keeps only the `capacity` most recently added: past
  * it the oldest is forgotten, as a real system expires old sessions, so a run of hours holds a flat heap.
  * Safe under concurrent use; a key keeps the age of its first adding while it is held.
  */
final class RecentRecords[K, V](capacity: Int = RecentRecords.DefaultCapacity) {
  require(capacity > 0, s"capacity $capacity")
  private val records = new ConcurrentHashMap[K, V]
  // Keys in the order they were added, each once while held (a removed key keeps its place until its turn).
  private val order = new ConcurrentLinkedQueue[K]
  private val ordered = new AtomicInteger

  def put(key: K, value: V): Unit =
    if (records.put(key, value) == null) {
      order.add(key)
      if (ordered.incrementAndGet() > capacity)
        Option(order.poll()).foreach { oldest =>
          ordered.decrementAndGet()
          if (oldest != key) records.remove(oldest)
        }
    }

  def get(key: K): Option[V] = Option(records.get(key))

  def contains(key: K): Boolean = records.containsKey(key)

  /** Whether the key was held. */
  def remove(key: K): Boolean = records.remove(key) != null

  /** Records held: at most the capacity. */
  def size: Int = records.size
}

object RecentRecords {

  /** Far more than any seed's users at once (every seed's peak together is about 11,000), so a record in use
    * is never forgotten; a few MB of small records.
    */
  val DefaultCapacity = 100000
}
