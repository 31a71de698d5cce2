package dvp.standin

import journey.Feeders

import electoral.standin.{ AddressRegister, KnownAddress, PersonKey }

/** One elector as the roll holds them. */
final case class DvpElector(reference: String, name: String, addressLabel: String, overseas: Boolean)

/** The electoral roll and address register the stand-in answers from: the people of both feeders, elector
  * references in file order (electors in New Zealand first); the register knows every New Zealand address.
  */
final class DvpRoll(inNz: IndexedSeq[Feeders.Record], overseas: IndexedSeq[Feeders.Record]) {
  private val all = inNz ++ overseas

  private val electors: Map[String, DvpElector] = all.iterator.zipWithIndex.map { case (r, i) =>
    PersonKey(r("firstName").toString, r("surname").toString, r("dateOfBirth").toString) -> DvpElector(
      f"V$i%07d",
      s"${r("firstName")} ${r("surname")}",
      r("address").toString,
      r("overseasAddress").toString.trim.nonEmpty
    )
  }.toMap

  private val register = new AddressRegister(all.iterator.map(_("address").toString))

  /** The elector of that name and date of birth whose New Zealand address is `addressId`. */
  def elector(firstName: String, surname: String, dateOfBirth: String, addressId: String): Option[DvpElector] =
    electors.get(PersonKey(firstName, surname, dateOfBirth)).filter(e =>
      address(addressId).exists(_.label == e.addressLabel)
    )

  def address(id: String): Option[KnownAddress] = register.address(id)

  def suggest(prefix: String, limit: Int): Seq[KnownAddress] = register.suggest(prefix, limit)
}
