package sandbox

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{JsonNode, ObjectMapper}
import com.fasterxml.jackson.databind.node.ObjectNode

/** What a valid raid body names that the external systems must confirm. */
private[sandbox] final case class RaidReferences(orcids: Vector[String], rorIds: Vector[String])

/** The RAiD metadata shape (journeys.md section 1): minimal validation and the identifier block. */
private[sandbox] object RaidMetadata {
  val mapper = new ObjectMapper

  val HandlePrefixAndSuffix = """([^/\s]+)/([^/\s]+)""".r
  private val OrcidUrl = """https://orcid\.org/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])""".r
  private val RorUrl = """https://ror\.org/(0[a-z0-9]{6}\d{2})""".r

  private val ArdcRor = "https://ror.org/038sjwq14"

  /** The ORCIDs and ROR ids to validate, or the first problem found (one line, naming the field). */
  def validate(body: JsonNode): Either[String, RaidReferences] = {
    def require(ok: Boolean, problem: => String): Either[String, Unit] = Either.cond(ok, (), problem)
    def hasText(node: JsonNode, field: String): Boolean =
      node != null && Option(node.get(field)).exists(n => n.isTextual && n.asText.trim.nonEmpty)
    def firstWithoutText(entries: Vector[JsonNode], field: String): Either[String, Unit] =
      entries.indices.find(i => !hasText(entries(i), "text")).map(i => s"$field[$i].text is missing").toLeft(())
    def objects(field: String): Either[String, Vector[JsonNode]] = Option(body.get(field)) match {
      case None                                                          => Right(Vector.empty)
      case Some(a) if a.isArray && a.elements.asScala.forall(_.isObject) => Right(a.elements.asScala.toVector)
      case Some(_)                                                       => Left(s"$field must be an array of objects")
    }

    for {
      _ <- require(body.isObject, "body must be a JSON object")
      titles <- objects("title")
      _ <- require(titles.nonEmpty, "title must have at least one entry")
      _ <- firstWithoutText(titles, "title")
      _ <- require(hasText(body.get("date"), "startDate"), "date.startDate is missing")
      _ <- require(hasText(body.at("/access/type"), "id"), "access.type.id is missing")
      descriptions <- objects("description")
      _ <- firstWithoutText(descriptions, "description")
      contributors <- objects("contributor")
      _ <- require(contributors.nonEmpty, "contributor must have at least one entry")
      orcids <- ids(contributors, "contributor", OrcidUrl, "an ORCID URL https://orcid.org/0000-0000-0000-0000")
      organisations <- objects("organisation")
      rorIds <- ids(organisations, "organisation", RorUrl, "a ROR URL https://ror.org/0xxxxxx00")
    } yield RaidReferences(orcids, rorIds)
  }

  private def ids(
      entries: Vector[JsonNode],
      field: String,
      pattern: scala.util.matching.Regex,
      expected: String
  ): Either[String, Vector[String]] =
    entries.zipWithIndex.foldLeft[Either[String, Vector[String]]](Right(Vector.empty)) {
      case (acc, (entry, i)) =>
        acc.flatMap { found =>
          Option(entry.get("id")).map(_.asText) match {
            case Some(pattern(id)) => Right(found :+ id)
            case other             => Left(s"$field[$i].id must be $expected, got ${other.getOrElse("nothing")}")
          }
        }
    }

  /** The raid's public id: https://raid.org/{prefix}/{suffix}. */
  def raidUrl(handle: String): String = s"https://raid.org/$handle"

  /** `raid` with its identifier block set (replacing any sent by the client). */
  def withIdentifier(raid: ObjectNode, handle: String, servicePointId: Long, version: Int): ObjectNode = {
    val identifier = raid.putObject("identifier")
    identifier.put("id", raidUrl(handle)).put("schemaUri", "https://raid.org/")
    identifier.putObject("registrationAgency").put("id", ArdcRor).put("schemaUri", "https://ror.org/")
    identifier.putObject("owner").put("id", ArdcRor).put("schemaUri", "https://ror.org/").put("servicePoint", servicePointId)
    identifier.put("license", "Creative Commons CC-0")
    identifier.put("version", version)
    raid
  }

  /** A plausible pre-existing raid: one title, description, contributor and organisation. */
  def seedRaid(handle: String, servicePointId: Long, n: Int): ObjectNode = {
    val raid = mapper.createObjectNode()
    val startDate = f"20${20 + n % 5}%02d-0${1 + n % 9}-15"
    val title = raid.putArray("title").addObject()
    title.put("text", s"Seeded research activity $n")
    title.putObject("type").put("id", "https://vocabulary.raid.org/title.type.schema/5").put("schemaUri", "https://vocabulary.raid.org/title.type.schema/376")
    title.put("startDate", startDate)
    raid.putObject("date").put("startDate", startDate)
    raid.putObject("access").putObject("type").put("id", "https://vocabularies.coar-repositories.org/access_rights/c_abf2/").put("schemaUri", "https://vocabularies.coar-repositories.org/access_rights/")
    val description = raid.putArray("description").addObject()
    description.put("text", s"Pre-existing raid $n, present before the load test.")
    description.putObject("type").put("id", "https://vocabulary.raid.org/description.type.schema/318").put("schemaUri", "https://vocabulary.raid.org/description.type.schema/320")
    val contributor = raid.putArray("contributor").addObject()
    contributor.put("id", f"https://orcid.org/0000-0002-${n / 10000 % 10000}%04d-${n % 10000}%04d").put("schemaUri", "https://orcid.org/")
    contributor.putArray("position").addObject().put("schemaUri", "https://vocabulary.raid.org/contributor.position.schema/305").put("id", "https://vocabulary.raid.org/contributor.position.schema/307").put("startDate", startDate)
    contributor.putArray("role").addObject().put("schemaUri", "https://credit.niso.org/").put("id", "https://credit.niso.org/contributor-roles/conceptualization/")
    contributor.put("leader", true).put("contact", true)
    val organisation = raid.putArray("organisation").addObject()
    organisation.put("id", ArdcRor).put("schemaUri", "https://ror.org/")
    organisation.putArray("role").addObject().put("schemaUri", "https://vocabulary.raid.org/organisation.role.schema/359").put("id", "https://vocabulary.raid.org/organisation.role.schema/182").put("startDate", startDate)
    withIdentifier(raid, handle, servicePointId, 1)
  }
}
