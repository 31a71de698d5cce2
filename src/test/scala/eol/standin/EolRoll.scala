package eol.standin

import journey.Feeders

import electoral.standin.{ AddressRegister, KnownAddress, PersonKey }

/** The electoral roll and the address register the stand-in answers from: the people of the electors
  * feeder are on the roll (elector ids in file order); every address of both feeders is in the register.
  */
final class EolRoll(electors: IndexedSeq[Feeders.Record], enrolees: IndexedSeq[Feeders.Record]) {
  private val electorIds: Map[String, String] = electors.iterator.zipWithIndex.map { case (r, i) =>
    PersonKey(r("firstName").toString, r("surname").toString, r("dateOfBirth").toString) ->
      f"E${1000000 + i}%08d"
  }.toMap

  private val register = new AddressRegister((electors ++ enrolees).iterator.map(_("address").toString))

  def electorId(firstName: String, surname: String, dateOfBirth: String): Option[String] =
    electorIds.get(PersonKey(firstName, surname, dateOfBirth))

  def address(id: String): Option[KnownAddress] = register.address(id)

  def suggest(prefix: String, limit: Int): Seq[KnownAddress] = register.suggest(prefix, limit)
}
