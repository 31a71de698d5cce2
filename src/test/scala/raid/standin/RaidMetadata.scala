package raid.standin

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.fasterxml.jackson.databind.node.ObjectNode

/** What a valid raid body names that the external systems must confirm. */
private[raid] final case class RaidReferences(orcids: Vector[String], rorIds: Vector[String])

/** One entry of a 400's `failures`, as the real service's `ValidationFailure` (shared.yaml):
  * the field (`contributor[0].id`), the kind of problem (`notSet`, `invalidValue`) and a message.
  */
private[raid] final case class ValidationFailure(fieldId: String, errorType: String, message: String)

private[raid] object ValidationFailure {
  // The real service's errorType and message texts (ValidationMessage.java).
  val NotSet = "notSet"
  val InvalidValue = "invalidValue"
  val NotSetMessage = "field must be set"
  val InvalidValueMessage = "has invalid/unsupported value"

  def notSet(fieldId: String): ValidationFailure = ValidationFailure(fieldId, NotSet, NotSetMessage)
  def invalid(fieldId: String, message: String = InvalidValueMessage): ValidationFailure =
    ValidationFailure(fieldId, InvalidValue, message)
}

/** Why a raid body was refused: the real service tells these two apart. */
private[raid] sealed trait Rejection
private[raid] object Rejection {

  /** Not the shape of a raid at all (not JSON, a field of the wrong type): the real service's
    * JSON binding fails before validation, and it answers "Invalid JSON"; `field` is the one of the wrong
    * type, or [[RaidMetadata.WholeBody]].
    */
  final case class Malformed(field: String, detail: String) extends Rejection

  /** The shape is right but fields are missing or wrong: every failure found, in field order. */
  final case class Invalid(failures: Vector[ValidationFailure]) extends Rejection
}

/** The RAiD metadata shape (docs/systems/raid.md): minimal validation and the identifier block. */
private[raid] object RaidMetadata {
  import ValidationFailure.{ invalid, notSet }

  val mapper = new ObjectMapper

  val HandlePrefixAndSuffix = """([^/\s]+)/([^/\s]+)""".r
  private val OrcidPrefix = "https://orcid.org/"
  private val OrcidUrlLength = OrcidPrefix.length + "0000-0000-0000-0000".length
  private val OrcidUrl = """https://orcid\.org/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])""".r
  private val RorUrl = """https://ror\.org/(0[a-z0-9]{6}\d{2})""".r

  private val ArdcRor = "https://ror.org/038sjwq14"

  /** The ORCIDs and ROR ids to validate, or why the body is refused.
    *
    * Field ids, error types and messages are the real service's (its validators), including its
    * spellings `title[i].title`, `date.start` and `metadata.access`.
    */
  def validate(body: JsonNode): Either[Rejection, RaidReferences] =
    shape(body).left.map { case (field, detail) => Rejection.Malformed(field, detail): Rejection }.flatMap { _ =>
      def hasText(node: JsonNode, field: String): Boolean =
        node != null && Option(node.get(field)).exists(n => n.isTextual && n.asText.trim.nonEmpty)
      def entries(field: String): Vector[JsonNode] =
        Option(body.get(field)).filter(_.isArray).map(_.elements.asScala.toVector).getOrElse(Vector.empty)
      def withoutText(field: String, failureField: Int => String): Vector[ValidationFailure] =
        entries(field).zipWithIndex.collect { case (entry, i) if !hasText(entry, "text") => notSet(failureField(i)) }

      val titles = entries("title")
      val contributors = entries("contributor")
      val organisations = entries("organisation")
      val orcids = contributors.zipWithIndex.map { case (c, i) => orcid(c, i) }
      val rorIds = organisations.zipWithIndex.map { case (o, i) => ror(o, i) }

      val failures =
        (if (titles.isEmpty) Vector(notSet("title")) else withoutText("title", i => s"title[$i].title")) ++
          (if (!body.has("date")) Vector(notSet("date"))
           else if (!hasText(body.get("date"), "startDate")) Vector(notSet("date.start"))
           else Vector.empty) ++
          (if (!body.has("access")) Vector(notSet("metadata.access"))
           else if (!body.get("access").has("type")) Vector(notSet("access.type"))
           else if (!hasText(body.at("/access/type"), "id")) Vector(notSet("access.type.id"))
           else Vector.empty) ++
          withoutText("description", i => s"description[$i].text") ++
          (if (contributors.isEmpty) Vector(notSet("contributor")) else orcids.flatMap(_.left.toOption)) ++
          rorIds.flatMap(_.left.toOption)

      Either.cond(
        failures.isEmpty,
        RaidReferences(orcids.flatMap(_.toOption), rorIds.flatMap(_.toOption)),
        Rejection.Invalid(failures)
      )
    }

  /** The `fieldId` of a failure of the body as a whole (not JSON, not an object): no field of a raid. */
  val WholeBody = "body"

  /** The JSON types a raid's fields must have, as the real service's JSON binding requires; else the
    * field of the wrong type and why.
    */
  private def shape(body: JsonNode): Either[(String, String), Unit] = {
    def arrayOfObjects(field: String): Either[(String, String), Unit] = Option(body.get(field)) match {
      case Some(a) if !(a.isArray && a.elements.asScala.forall(_.isObject)) && !a.isNull =>
        Left(field -> s"$field must be an array of objects")
      case _ => Right(())
    }
    def obj(field: String): Either[(String, String), Unit] = Option(body.get(field)) match {
      case Some(o) if !o.isObject && !o.isNull => Left(field -> s"$field must be an object")
      case _                                   => Right(())
    }
    for {
      _ <- Either.cond(body.isObject, (), WholeBody -> "the body must be a JSON object")
      _ <- Seq("title", "description", "contributor", "organisation")
        .foldLeft[Either[(String, String), Unit]](Right(()))((acc, f) => acc.flatMap(_ => arrayOfObjects(f)))
      _ <- Seq("identifier", "date", "access")
        .foldLeft[Either[(String, String), Unit]](Right(()))((acc, f) => acc.flatMap(_ => obj(f)))
    } yield ()
  }

  /** The contributor's ORCID (`0000-0000-0000-0000`), or the real service's failure for it. */
  private def orcid(contributor: JsonNode, i: Int): Either[ValidationFailure, String] = {
    val field = s"contributor[$i].id"
    Option(contributor.get("id")).filter(_.isTextual).map(_.asText.trim).filter(_.nonEmpty) match {
      case None                                      => Left(notSet(field))
      case Some(OrcidUrl(id))                        => Right(id)
      case Some(url) if !url.startsWith(OrcidPrefix) => Left(invalid(field, s"should start with $OrcidPrefix"))
      case Some(url) if url.length > OrcidUrlLength  => Left(invalid(field, "too long"))
      case Some(url) if url.length < OrcidUrlLength  => Left(invalid(field, "too short"))
      case Some(_)                                   => Left(invalid(field))
    }
  }

  /** The organisation's ROR id (`0xxxxxx00`), or the real service's failure for it. */
  private def ror(organisation: JsonNode, i: Int): Either[ValidationFailure, String] = {
    val field = s"organisation[$i].id"
    Option(organisation.get("id")).filter(_.isTextual).map(_.asText.trim).filter(_.nonEmpty) match {
      case None             => Left(notSet(field))
      case Some(RorUrl(id)) => Right(id)
      case Some(_)          =>
        Left(invalid(field, s"${ValidationFailure.InvalidValueMessage} - should match ^${RorUrl.regex}$$"))
    }
  }

  /** The raid's public id: https://raid.org/{prefix}/{suffix}. */
  def raidUrl(handle: String): String = s"https://raid.org/$handle"

  /** `raid` with its identifier block set (replacing any sent by the client). */
  def withIdentifier(raid: ObjectNode, handle: String, servicePointId: Long, version: Int): ObjectNode = {
    val identifier = raid.putObject("identifier")
    identifier.put("id", raidUrl(handle)).put("schemaUri", "https://raid.org/")
    identifier.putObject("registrationAgency").put("id", ArdcRor).put("schemaUri", "https://ror.org/")
    identifier.putObject("owner").put(
      "id",
      ArdcRor
    ).put("schemaUri", "https://ror.org/").put("servicePoint", servicePointId)
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
    title.putObject("type").put(
      "id",
      "https://vocabulary.raid.org/title.type.schema/5"
    ).put("schemaUri", "https://vocabulary.raid.org/title.type.schema/376")
    title.put("startDate", startDate)
    raid.putObject("date").put("startDate", startDate)
    raid.putObject("access").putObject("type").put(
      "id",
      "https://vocabularies.coar-repositories.org/access_rights/c_abf2/"
    ).put("schemaUri", "https://vocabularies.coar-repositories.org/access_rights/")
    val description = raid.putArray("description").addObject()
    description.put("text", s"Pre-existing raid $n, present before the load test.")
    description.putObject("type").put(
      "id",
      "https://vocabulary.raid.org/description.type.schema/318"
    ).put("schemaUri", "https://vocabulary.raid.org/description.type.schema/320")
    val contributor = raid.putArray("contributor").addObject()
    contributor.put(
      "id",
      f"https://orcid.org/0000-0002-${n / 10000 % 10000}%04d-${n % 10000}%04d"
    ).put("schemaUri", "https://orcid.org/")
    contributor.putArray("position").addObject().put(
      "schemaUri",
      "https://vocabulary.raid.org/contributor.position.schema/305"
    ).put("id", "https://vocabulary.raid.org/contributor.position.schema/307").put("startDate", startDate)
    contributor.putArray("role").addObject().put(
      "schemaUri",
      "https://credit.niso.org/"
    ).put("id", "https://credit.niso.org/contributor-roles/conceptualization/")
    contributor.put("leader", true).put("contact", true)
    val organisation = raid.putArray("organisation").addObject()
    organisation.put("id", ArdcRor).put("schemaUri", "https://ror.org/")
    organisation.putArray("role").addObject().put(
      "schemaUri",
      "https://vocabulary.raid.org/organisation.role.schema/359"
    ).put("id", "https://vocabulary.raid.org/organisation.role.schema/182").put("startDate", startDate)
    withIdentifier(raid, handle, servicePointId, 1)
  }
}
