package electoral.standin

import java.util.Locale

/** An address the address register knows: `label` is what the page shows, `id` what the form sends. */
final case class KnownAddress(id: String, label: String)

/** The address register an electoral web app completes addresses from: every distinct label given, in
  * first-seen order for the ids.
  */
final class AddressRegister(labels: Iterator[String]) {
  // Sorted by lower-cased label, so a prefix's suggestions are one slice found by binary search.
  private val register: Array[(String, KnownAddress)] =
    labels.distinct.zipWithIndex
      .map { case (label, i) => label.toLowerCase(Locale.ROOT) -> KnownAddress(f"A$i%07d", label) }
      .toArray
      .sortBy(_._1)
  private val byId: Map[String, KnownAddress] = register.iterator.map { case (_, a) => a.id -> a }.toMap

  def address(id: String): Option[KnownAddress] = byId.get(id)

  /** Up to `limit` addresses starting with `prefix` (any case), shortest first, so the whole address typed
    * comes first among the longer ones it prefixes.
    */
  def suggest(prefix: String, limit: Int): Seq[KnownAddress] = {
    val key = prefix.toLowerCase(Locale.ROOT)
    var low = 0
    var high = register.length
    while (low < high) {
      val mid = (low + high) >>> 1
      if (register(mid)._1.compareTo(key) < 0) low = mid + 1 else high = mid
    }
    register.iterator.drop(low).takeWhile(_._1.startsWith(key)).take(limit).map(_._2).toSeq.sortBy(_.label.length)
  }
}
