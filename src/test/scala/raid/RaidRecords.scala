package raid

import java.time.LocalDate
import java.util.concurrent.ThreadLocalRandom

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.node.ObjectNode

/** The RAiD metadata the journey sends: new raids for `mint raid`, and the record just read plus
  * one more description and contributor for each `update raid - add contributor N`; and what its checks read
  * of the answers.
  */
object RaidRecords {
  private val Json = new ObjectMapper()
  private val RaidUriPrefix = "https://raid.org/"

  // Real organisations' ROR ids, so that a DEMO instance validating them against ROR accepts them.
  private val RorIds = Vector("038sjwq14", "02bfwt286", "01ej9dk98", "00rqy9422", "019wvm592", "03r8z3t63")

  /** Whether a body is a JSON array, told by its first byte past any white space rather than parsed: a list
    * answers 50 raids (141 KB once they have been updated) and a user lists three times, and parsing each list
    * into a tree for a `jsonPath` check was 92 % of the injector's allocation at RAiD x6 (JFR, 2026-11-26; 419 MB
    * of garbage a second, a young GC every 0.7-0.9 s of 20-64 ms on both cores of the machine it shares).
    */
  def opensAnArray(body: java.io.InputStream): Boolean =
    Iterator.continually(body.read()).find(b => b < 0 || !Character.isWhitespace(b)).contains('['.toInt)

  /** `https://raid.org/10.80368/b1adfb3a` → `10.80368/b1adfb3a`, the `{prefix}/{suffix}` of the read and update paths. */
  def handleOf(identifierId: String): String = {
    require(identifierId.startsWith(RaidUriPrefix), s"not a RAiD identifier: $identifierId")
    identifierId.stripPrefix(RaidUriPrefix)
  }

  /** Values for the create-raid.json template: one new raid per virtual user. A new feeder per
    * journey: Gatling's feed action takes ownership of an iterator for the length of one run.
    */
  def newRaids: Iterator[Map[String, Any]] = Iterator.continually {
    val random = ThreadLocalRandom.current()
    Map(
      "raidTitle" -> s"Load test raid ${java.lang.Long.toHexString(random.nextLong())}",
      "today" -> LocalDate.now().toString,
      "leaderOrcid" -> randomOrcid(),
      "leadOrganisationRor" -> RorIds(random.nextInt(RorIds.size))
    )
  }

  /** The record as read, with one more description and one more (non-leader) contributor: the
    * body of `update raid - add contributor N`. The server, not the client, increments the version.
    */
  def withAddedContributor(record: String, contributorNumber: Int): String = {
    val raid = Json.readTree(record).asInstanceOf[ObjectNode]
    val today = LocalDate.now().toString

    val description = raid.withArray("description").addObject()
    description.put("text", s"Description added with contributor $contributorNumber")
    val descriptionType = description.putObject("type")
    descriptionType.put("id", "https://vocabulary.raid.org/description.type.schema/319")
    descriptionType.put("schemaUri", "https://vocabulary.raid.org/description.type.schema/320")

    val contributor = raid.withArray("contributor").addObject()
    contributor.put("id", s"https://orcid.org/${randomOrcid()}")
    contributor.put("schemaUri", "https://orcid.org/")
    val position = contributor.putArray("position").addObject()
    position.put("schemaUri", "https://vocabulary.raid.org/contributor.position.schema/305")
    position.put("id", "https://vocabulary.raid.org/contributor.position.schema/308")
    position.put("startDate", today)
    val role = contributor.putArray("role").addObject()
    role.put("schemaUri", "https://credit.niso.org/")
    role.put("id", "https://credit.niso.org/contributor-roles/investigation/")
    contributor.put("leader", false)
    contributor.put("contact", false)

    Json.writeValueAsString(raid)
  }

  /** A well-formed ORCID iD (ISO 7064 11,2 check digit), as ORCID validation would require. */
  def randomOrcid(): String = {
    val base = "00000002" + f"${ThreadLocalRandom.current().nextInt(10000000)}%07d"
    val digits = base + orcidCheckDigit(base)
    digits.grouped(4).mkString("-")
  }

  def orcidCheckDigit(base: String): Char = {
    val total = base.foldLeft(0)((sum, c) => (sum + c.asDigit) * 2)
    val result = (12 - total % 11) % 11
    if (result == 10) 'X' else ('0' + result).toChar
  }
}
