package raid.standin

import java.net.URLEncoder
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{ CompletableFuture, CompletionException }

import scala.util.{ Failure, Success, Try }
import scala.util.control.NonFatal

import com.fasterxml.jackson.core.JsonProcessingException
import com.fasterxml.jackson.databind.node.ObjectNode
import io.netty.handler.codec.http.{ HttpHeaderNames, HttpMethod, HttpResponseStatus }
import raid.RaidRequestNames
import sandbox.{ StandInRequest, StandInResponse, StubCallFailed, StubClient }

/** Who calls: sandbox tokens `sandbox.<servicePointId>.<anything>` name their service point, like
  * the service-point claim of a real RAiD token; any other non-empty bearer token is accepted
  * without one and may read and list, but not mint or update (403).
  */
private[raid] final case class Caller(servicePointId: Option[Long])

/** The RAiD API behaviour: routes, validation, the sequential calls to the external stubs, the store.
  *
  * Successful answers:
  *  - `GET /raid/?servicePointId={sp}`: 200, a JSON array of that service point's raids, most
  *    recently minted first, at most `listLimit` (without the parameter: the token's service point).
  *  - `POST /raid/`: validates, then calls APIDS mint-handle, APIDS set-URL, ORCID per contributor,
  *    ROR per organisation, one after another; 201 with the raid and its `identifier` at version 1
  *    (Location: /raid/{prefix}/{suffix}).
  *  - `GET /raid/{prefix}/{suffix}`: 200 the raid.
  *  - `PUT /raid/{prefix}/{suffix}` with the full record, whose `identifier.version` must be the
  *    stored version (the record as last read); then ORCID per contributor and ROR per organisation,
  *    one after another; 200 with the raid at the stored version + 1.
  *
  * Errors follow the real RAiD v2 API (au-research/raido: the FailureResponse and
  * ValidationFailureResponse of `api-svc/idl-raid-v2/src/shared.yaml`, written by its
  * RaidExceptionHandler): a problem body `{"type", "title", "status", "detail", "instance"}`.
  *  - Errors of the raid code are `application/json`, `type` https://raid.org.au/errors#<exception>,
  *    `instance` https://raid.org.au, with the real service's titles and details:
  *    - 400 "There were validation failures." with `failures`: `[{"fieldId", "errorType", "message"}]`,
  *      every failure found (a field missing or wrong, `identifier.id` not the raid in the path);
  *    - 400 "Invalid JSON": a body that is not JSON or not the shape of a raid;
  *    - 400 "Invalid version", "Update failed with stale version: N": an update whose
  *      `identifier.version` N is not the stored version (someone updated in between), or
  *      "...: null" without `identifier.version`; nothing changes;
  *    - every 400 is a ValidationFailureResponse, `failures` included, as the API spec declares for
  *      mint and update (`raid.yaml`; shared.yaml requires `failures`): "Invalid JSON" names the field of
  *      the wrong type (`body` for the body as a whole), "Invalid version" names `identifier.version`
  *      (`invalidValue`, or `notSet` without one). The real handler omits `failures` on those two; the
  *      spec is what clients are written against;
  *    - 403 "You do not have permission to access this RAiD.": an update by a service point
  *      other than the raid's owner; 403 "Forbidden": a mint or update with a token that names no
  *      service point;
  *    - 404 "The resource was not found.", "No RAiD was found with handle {prefix}/{suffix}.".
  *  - Errors the real service's framework answers (Spring's problem details) are
  *    `application/problem+json`, `type` about:blank, `title` the status's reason phrase, `instance`
  *    the request path: 401 without a usable `Authorization: Bearer <token>` (with
  *    `WWW-Authenticate: Bearer`), 400 for a bad `servicePointId` parameter, 404 for an unknown
  *    path, 405 for an unsupported method (with `Allow`), and 5xx: a stub answering outside 2xx or
  *    unreachable 502, not answering within the stub timeout 504, a fault of the stand-in 500; the
  *    `detail` of a stub failure starts with the stub's name.
  *
  * Where the real service answers an error with no body at all (Spring Security's 401, a GET of an
  * unknown raid, a 5xx), the stand-in still sends a problem body: journeys should check those
  * answers' status, not their body.
  */
private[raid] final class RaidApiStandIn(store: RaidStore, stubs: StubClient, listLimit: Int) {
  import RaidApiStandIn._

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] = {
    val path = request.path
    try {
      caller(request.header(HttpHeaderNames.AUTHORIZATION.toString)) match {
        case Left(problem) => done(frameworkError(401, problem, path))
        case Right(caller) =>
          (request.method, path) match {
            case (HttpMethod.GET, "/raid" | "/raid/")  => done(list(caller, request))
            case (HttpMethod.POST, "/raid" | "/raid/") => mint(caller, request.body, path)
            case (method, "/raid" | "/raid/")          => done(methodNotAllowed(method, path, "GET, POST"))
            case (method, RaidPath(prefix, suffix))    =>
              val handle = s"$prefix/$suffix"
              method match {
                case HttpMethod.GET => done(read(handle))
                case HttpMethod.PUT => update(caller, handle, request.body, path)
                case _              => done(methodNotAllowed(method, path, "GET, PUT"))
              }
            case (method, _) => done(frameworkError(404, s"No endpoint $method $path.", path))
          }
      }
    } catch {
      case NonFatal(e) => done(frameworkError(500, e.toString, path))
    }
  }

  private def list(caller: Caller, request: StandInRequest): StandInResponse = {
    val requested = request.queryParameter("servicePointId")
    requested
      .map(s => s.toLongOption.toRight(s"Failed to convert 'servicePointId' with value: '$s'"))
      .orElse(caller.servicePointId.map(Right(_))) match {
      case None            => frameworkError(400, "Required parameter 'servicePointId' is not present.", request.path)
      case Some(Left(bad)) => frameworkError(400, bad, request.path)
      case Some(Right(servicePointId)) =>
        val raids = store.list(servicePointId, listLimit).map(_.json)
        val parts = Vector.newBuilder[Array[Byte]]
        parts += OpenBracket
        raids.zipWithIndex.foreach { case (json, i) =>
          if (i > 0) parts += Comma
          parts += json
        }
        parts += CloseBracket
        StandInResponse(200, parts.result())
    }
  }

  private def read(handle: String): StandInResponse =
    store.get(handle) match {
      case Some(raid) => StandInResponse(200, Vector(raid.json))
      case None       => notFound(handle)
    }

  private def mint(caller: Caller, body: Array[Byte], path: String): CompletableFuture[StandInResponse] =
    (for {
      servicePointId <- caller.servicePointId.toRight(forbidden(NoServicePoint))
      raid <- parse(body)
      references <- valid(raid, Vector.empty)
    } yield (servicePointId, references)) match {
      case Left(response)                      => done(response)
      case Right((servicePointId, references)) =>
        val minted = stubs
          .call("apids-mint-handle", HttpMethod.POST, s"/apids/mint?type=DESC&value=${encode("RAiD")}")
          .thenApply(mintedHandle(_))
          .thenCompose { handle =>
            val setUrl = () =>
              stubs.call(
                "apids-set-url",
                HttpMethod.POST,
                s"/apids/addValue?type=URL&handle=${encode(handle)}&value=${encode(RaidMetadata.raidUrl(handle))}"
              )
            inSequence(setUrl +: validations(references)).thenApply(_ => handle)
          }
        minted
          .thenApply[StandInResponse] { handle =>
            val json = bytes(RaidMetadata.withIdentifier(parsedAgain(body), handle, servicePointId, version = 1))
            if (store.insert(StoredRaid(handle, servicePointId, 1, json)))
              StandInResponse(201, Vector(json), headers = Seq(HttpHeaderNames.LOCATION.toString -> s"/raid/$handle"))
            else frameworkError(500, s"apids-mint-handle: handle $handle is already taken", path)
          }
          .exceptionally(failure(_, path))
    }

  private def update(
      caller: Caller,
      handle: String,
      body: Array[Byte],
      path: String
  ): CompletableFuture[StandInResponse] =
    (for {
      servicePointId <- caller.servicePointId.toRight(forbidden(NoServicePoint))
      stored <- store.get(handle).toRight(notFound(handle))
      _ <- Either.cond(stored.servicePointId == servicePointId, (), crossAccount(servicePointId))
      raid <- parse(body)
      identifier = Option(raid.get("identifier")).filter(_.isObject)
      // The real service checks the identifier against the path first, among the validation failures.
      wrongId = identifier.flatMap(i => Option(i.get("id"))).filterNot(_.isNull).map(_.asText).collect {
        case id if id != RaidMetadata.raidUrl(handle) => ValidationFailure.invalid("id.identifier", HandleDoesNotMatch)
      }
      references <- valid(raid, wrongId.toVector)
      basedOn <- identifier.flatMap(i => Option(i.get("version"))).filterNot(_.isNull) match {
        case None                                               => Left(invalidVersion(None))
        case Some(v) if v.isIntegralNumber && v.canConvertToInt => Right(v.intValue)
        case Some(v)                                            =>
          Left(invalidJson("identifier.version", s"identifier.version must be a whole number, got $v"))
      }
      // Checked here to spare the stub calls, and again atomically when storing.
      _ <- Either.cond(basedOn == stored.version, (), invalidVersion(Some(basedOn)))
    } yield (references, basedOn)) match {
      case Left(response)               => done(response)
      case Right((references, basedOn)) =>
        inSequence(validations(references))
          .thenApply[StandInResponse] { _ =>
            val raid = parsedAgain(body)
            store.update(handle, basedOn) { (current, version) =>
              bytes(RaidMetadata.withIdentifier(raid, handle, current.servicePointId, version))
            } match {
              case UpdateOutcome.Updated(updated)   => StandInResponse(200, Vector(updated.json))
              case UpdateOutcome.VersionConflict(_) => invalidVersion(Some(basedOn))
              case UpdateOutcome.NotFound           => notFound(handle)
            }
          }
          .exceptionally(failure(_, path))
    }

  /** The references to confirm, or the 400 for `raid` with `earlier` failures found before validation. */
  private def valid(raid: ObjectNode, earlier: Vector[ValidationFailure]): Either[StandInResponse, RaidReferences] =
    RaidMetadata.validate(raid) match {
      case Left(Rejection.Malformed(field, detail)) => Left(invalidJson(field, detail))
      case Left(Rejection.Invalid(failures))        => Left(validationFailed(earlier ++ failures))
      case Right(_) if earlier.nonEmpty             => Left(validationFailed(earlier))
      case Right(references)                        => Right(references)
    }

  /** One ORCID validation per contributor, then one ROR validation per organisation. */
  private def validations(references: RaidReferences): Vector[() => CompletableFuture[String]] =
    references.orcids.map(orcid => () => stubs.call("orcid-validate", HttpMethod.GET, s"/orcid/v3.0/$orcid/record")) ++
      references.rorIds.map(ror => () => stubs.call("ror-validate", HttpMethod.GET, s"/ror/v2/organizations/$ror"))

  /** Each call starts when the previous one has answered, as the real API makes them. */
  private def inSequence(calls: Vector[() => CompletableFuture[String]]): CompletableFuture[Unit] =
    calls.foldLeft(CompletableFuture.completedFuture(())) { (previous, next) =>
      previous.thenCompose(_ => next().thenApply(_ => ()))
    }

  private def mintedHandle(apidsAnswer: String): String =
    MintedHandle.findFirstMatchIn(apidsAnswer).map(_.group(1)) match {
      case Some(handle @ RaidMetadata.HandlePrefixAndSuffix(_, _)) => handle
      case _                                                       =>
        throw new StubCallFailed(502, s"apids-mint-handle: no prefix/suffix handle in answer ${apidsAnswer.take(200)}")
    }

  private def parse(body: Array[Byte]): Either[StandInResponse, ObjectNode] =
    Try(RaidMetadata.mapper.readTree(body)) match {
      case Success(o: ObjectNode) => Right(o)
      case Success(_)             => Left(invalidJson(RaidMetadata.WholeBody, "the body must be a JSON object"))
      case Failure(e: JsonProcessingException) => Left(invalidJson(RaidMetadata.WholeBody, e.getOriginalMessage))
      case Failure(e)                          => Left(invalidJson(RaidMetadata.WholeBody, e.toString))
    }

  /** A body [[parse]] accepted, parsed again once its stub calls have answered. Held across those calls (up to
    * 2 s), the tree (5.7 KB for the journey's 1.7 KB mint body) was half of what each of the sandbox's young GCs
    * found alive for the first time at RAiD x6, some 1,600 mints and updates in flight: a median 20.6 MB, 9.7 MB
    * without it.
    */
  private def parsedAgain(body: Array[Byte]): ObjectNode = RaidMetadata.mapper.readTree(body).asInstanceOf[ObjectNode]

  private def failure(e: Throwable, path: String): StandInResponse = e match {
    case c: CompletionException if c.getCause != null => failure(c.getCause, path)
    case s: StubCallFailed                            => frameworkError(s.status, s.getMessage, path)
    case other                                        => frameworkError(500, other.toString, path)
  }
}

private[raid] object RaidApiStandIn {
  private val RaidPath = """/raid/([^/]+)/([^/]+)/?""".r
  private val BearerToken = """(?i)Bearer\s+(\S+)\s*""".r
  private val SandboxToken = """sandbox\.(\d{1,18})\.(.*)""".r
  private val MintedHandle = """handle="([^"]+)"""".r

  private val NoServicePoint =
    "token names no service point; sandbox tokens look like sandbox.<servicePointId>.<anything>"

  /** The real service's texts (RaidApiException and its subclasses, ValidationMessage). */
  private val ErrorTypePrefix = "https://raid.org.au/errors#"
  private val ErrorInstance = "https://raid.org.au"
  private val HandleDoesNotMatch = "RAiD handle does not match handle in URL"
  private val VersionField = "identifier.version"

  /** Content types: the raid code's errors, and the framework's problem details. */
  val RaidErrorContentType = "application/json"
  val ProblemContentType = "application/problem+json"

  private val OpenBracket = "[".getBytes(UTF_8)
  private val Comma = ",".getBytes(UTF_8)
  private val CloseBracket = "]".getBytes(UTF_8)

  /** The journey's name for a request (docs/systems/raid.md), for the sandbox's own timings. */
  def requestName(request: StandInRequest): String = (request.method, request.path) match {
    case (HttpMethod.GET, "/raid" | "/raid/")  => RaidRequestNames.ListRaids
    case (HttpMethod.POST, "/raid" | "/raid/") => RaidRequestNames.MintRaid
    case (HttpMethod.GET, RaidPath(_, _))      => RaidRequestNames.ReadRaid
    // The journey adds one contributor a time: the body's count names the update.
    case (HttpMethod.PUT, RaidPath(_, _)) =>
      Try(RaidMetadata.mapper.readTree(request.body).path("contributor").size).toOption.filter(_ > 0)
        .fold("update raid")(RaidRequestNames.update)
    case (method, _) => s"$method other"
  }

  /** Never echoes the token. */
  def caller(authorization: Option[String]): Either[String, Caller] = authorization match {
    case None                     => Left("Authorization: Bearer <token> header is required")
    case Some(BearerToken(token)) =>
      token match {
        case SandboxToken(servicePointId, _) => Right(Caller(Some(servicePointId.toLong)))
        case t if t.startsWith("sandbox.")   =>
          Left("malformed sandbox token; expected sandbox.<servicePointId>.<anything>")
        case _ => Right(Caller(None))
      }
    case Some(_) => Left("Authorization header must be 'Bearer <token>'")
  }

  /** An error of the raid code, as the real RaidExceptionHandler writes it: a FailureResponse, or a
    * ValidationFailureResponse when `failures` is given, typed by the real exception's name.
    */
  def raidError(
      exception: String,
      status: Int,
      title: String,
      detail: String,
      failures: Option[Vector[ValidationFailure]] = None
  ): StandInResponse = {
    val json = problem(ErrorTypePrefix + exception, title, status, detail, ErrorInstance)
    failures.foreach { fs =>
      val array = json.putArray("failures")
      fs.foreach(f =>
        array.addObject().put("fieldId", f.fieldId).put("errorType", f.errorType).put("message", f.message)
      )
    }
    StandInResponse(status, Vector(bytes(json)), contentType = RaidErrorContentType)
  }

  /** An error the real service's framework answers before or around the raid code: Spring's problem
    * details, typed about:blank and titled with the status's reason phrase.
    */
  def frameworkError(
      status: Int,
      detail: String,
      path: String,
      headers: Seq[(String, String)] = Nil
  ): StandInResponse = {
    val json = problem("about:blank", reason(status), status, detail, path)
    val challenge = if (status == 401) Seq(HttpHeaderNames.WWW_AUTHENTICATE.toString -> "Bearer") else Nil
    StandInResponse(status, Vector(bytes(json)), contentType = ProblemContentType, headers = challenge ++ headers)
  }

  def validationFailed(failures: Vector[ValidationFailure]): StandInResponse =
    raidError(
      "ValidationException",
      400,
      "There were validation failures.",
      s"Request had ${failures.size} validation failure(s). See failures for more details...",
      Some(failures)
    )

  /** A body that is not a raid's JSON; `field` the one of the wrong type, or [[RaidMetadata.WholeBody]]. */
  def invalidJson(field: String, detail: String): StandInResponse =
    raidError(
      "InvalidJsonException",
      400,
      "Invalid JSON",
      s"JSON parse error: $detail",
      Some(Vector(ValidationFailure.invalid(field, detail)))
    )

  /** A stale `identifier.version`, or none (`null`, as the real service words it). */
  def invalidVersion(sent: Option[Int]): StandInResponse = {
    val detail = s"Update failed with stale version: ${sent.fold("null")(_.toString)}"
    val failure =
      sent.fold(ValidationFailure.notSet(VersionField))(_ => ValidationFailure.invalid(VersionField, detail))
    raidError("InvalidVersionException", 400, "Invalid version", detail, Some(Vector(failure)))
  }

  def notFound(handle: String): StandInResponse =
    raidError(
      "ResourceNotFoundException",
      404,
      "The resource was not found.",
      s"No RAiD was found with handle $handle."
    )

  def crossAccount(servicePointId: Long): StandInResponse =
    raidError(
      "CrossAccountAccessException",
      403,
      "You do not have permission to access this RAiD.",
      s"You don't have permission to access RAiDs with a service point of $servicePointId"
    )

  def forbidden(detail: String): StandInResponse = raidError("InvalidAccessException", 403, "Forbidden", detail)

  private def methodNotAllowed(method: HttpMethod, path: String, allowed: String): StandInResponse =
    frameworkError(405, s"Method '$method' is not supported.", path, Seq(HttpHeaderNames.ALLOW.toString -> allowed))

  private def problem(`type`: String, title: String, status: Int, detail: String, instance: String): ObjectNode =
    RaidMetadata.mapper
      .createObjectNode()
      .put("type", `type`)
      .put("title", title)
      .put("status", status)
      .put("detail", detail)
      .put("instance", instance)

  private def reason(status: Int): String =
    HttpResponseStatus.valueOf(status).reasonPhrase

  private def bytes(json: ObjectNode): Array[Byte] = RaidMetadata.mapper.writeValueAsBytes(json)

  private def encode(s: String): String = URLEncoder.encode(s, UTF_8)

  private def done(response: StandInResponse): CompletableFuture[StandInResponse] =
    CompletableFuture.completedFuture(response)
}
