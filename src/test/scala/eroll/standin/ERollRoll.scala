package eroll.standin

import journey.Feeders

import java.util.Locale

import scala.jdk.CollectionConverters._

/** One person on the roll, as the API answers them. A mononym has a surname and no first name. */
final case class RollPerson(
    electorId: String,
    firstName: String,
    middleNames: String,
    surname: String,
    dateOfBirth: String,
    address: String,
    electorate: String
)

/** An address the API completes and looks up. */
final case class RollAddress(id: String, label: String, electorate: String) {

  /** As address completion offers it: what the user sees, and the id a lookup takes. */
  def suggestion: Map[String, Any] = Map("id" -> id, "label" -> label)
}

/** What the person search is given: a name is exact, or a prefix when it ends in `*`; blank middle names
  * match any; `mononym` finds only people known by one name (their surname).
  */
final case class PersonQuery(surname: String, firstName: String, middleNames: String, mononym: Boolean)

/** The roll and address register the stand-in answers from: the people of the roll feeder. */
final class ERollRoll(records: IndexedSeq[Feeders.Record]) {
  private def lower(s: String) = s.trim.toLowerCase(Locale.ROOT)

  val people: IndexedSeq[RollPerson] = records.map { r =>
    def field(name: String) = r(name).toString.trim
    RollPerson(
      field("electorId"),
      field("firstName"),
      field("middleNames"),
      field("surname"),
      field("dateOfBirth"),
      field("address"),
      field("electorate")
    )
  }

  private val byElectorId: Map[String, RollPerson] = people.map(p => p.electorId -> p).toMap

  val electorates: Seq[String] = people.map(_.electorate).distinct.sorted

  // By lower-cased surname, sorted: a surname prefix is one sub-map.
  private val bySurname =
    new java.util.TreeMap[String, IndexedSeq[RollPerson]](people.groupBy(p => lower(p.surname)).asJava)

  private val addresses = new java.util.TreeMap[String, RollAddress]()
  people.map(p => p.address -> p.electorate).distinct.sortBy(_._1).zipWithIndex.foreach {
    case ((label, electorate), i) =>
      addresses.put(lower(label), RollAddress(f"A$i%07d", label, electorate))
  }
  private val addressById: Map[String, RollAddress] = addresses.values.asScala.map(a => a.id -> a).toMap

  /** Everyone matching, by surname, first name and elector id. */
  def search(query: PersonQuery): Seq[RollPerson] = {
    val surnames = if (query.surname.endsWith("*")) prefixed(bySurname, lower(query.surname.dropRight(1)))
    else {
      Option(bySurname.get(lower(query.surname))).toSeq
    }
    surnames.iterator.flatMap(_.iterator).filter { p =>
      if (query.mononym) p.firstName.isEmpty
      else
        p.firstName.nonEmpty && matches(query.firstName, p.firstName) &&
        (query.middleNames.trim.isEmpty || lower(query.middleNames) == lower(p.middleNames))
    }.toSeq.sortBy(p => (p.surname, p.firstName, p.electorId))
  }

  def person(electorId: String): Option[RollPerson] = byElectorId.get(electorId)

  /** Up to `limit` addresses starting with `prefix` (any case), in order. */
  def complete(prefix: String, limit: Int): Seq[RollAddress] =
    prefixed(addresses, lower(prefix)).take(limit).toSeq

  def address(id: String): Option[RollAddress] = addressById.get(id)

  private def matches(wanted: String, name: String): Boolean =
    if (wanted.endsWith("*")) lower(name).startsWith(lower(wanted.dropRight(1))) else lower(wanted) == lower(name)

  private def prefixed[A](sorted: java.util.TreeMap[String, A], prefix: String): Iterator[A] =
    sorted.tailMap(prefix, true).asScala.iterator.takeWhile(_._1.startsWith(prefix)).map(_._2)
}
