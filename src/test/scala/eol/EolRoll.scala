package eol

import java.util.Locale

import suite.Feeders

/** An address the address register knows: `label` is what the page shows, `id` what the form sends. */
final case class KnownAddress(id: String, label: String)

/** The electoral roll and the address register the stand-in answers from: the people of the electors
  * feeder are on the roll (elector ids in file order); every address of both feeders is in the register.
  */
final class EolRoll(electors: IndexedSeq[Feeders.Record], enrolees: IndexedSeq[Feeders.Record]) {
  private def identity(firstName: String, surname: String, dateOfBirth: String): String =
    s"${firstName.trim.toLowerCase(Locale.ROOT)}|${surname.trim.toLowerCase(Locale.ROOT)}|${dateOfBirth.trim}"

  private val electorIds: Map[String, String] = electors.iterator.zipWithIndex.map { case (r, i) =>
    identity(r("firstName").toString, r("surname").toString, r("dateOfBirth").toString) -> f"E${1000000 + i}%08d"
  }.toMap

  // Sorted by lower-cased label, so a prefix's suggestions are one slice found by binary search.
  private val register: Array[(String, KnownAddress)] =
    (electors ++ enrolees).iterator
      .map(_("address").toString)
      .distinct
      .zipWithIndex
      .map { case (label, i) => label.toLowerCase(Locale.ROOT) -> KnownAddress(f"A$i%07d", label) }
      .toArray
      .sortBy(_._1)
  private val byId: Map[String, KnownAddress] = register.iterator.map { case (_, a) => a.id -> a }.toMap

  def electorId(firstName: String, surname: String, dateOfBirth: String): Option[String] =
    electorIds.get(identity(firstName, surname, dateOfBirth))

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
