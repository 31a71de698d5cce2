package sandbox

import java.net.URLEncoder
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{CompletableFuture, CompletionException}

import scala.jdk.CollectionConverters._
import scala.util.Try
import scala.util.control.NonFatal

import com.fasterxml.jackson.databind.node.ObjectNode
import io.netty.handler.codec.http.{HttpMethod, QueryStringDecoder}

private[sandbox] final case class ApiRequest(method: HttpMethod, uri: String, authorization: Option[String], body: Array[Byte])

/** `body` is served as the concatenation of its parts (a list is its stored raids, unjoined). */
private[sandbox] final case class ApiResponse(status: Int, body: Vector[Array[Byte]], location: Option[String] = None)

/** Who calls: sandbox tokens `sandbox.<servicePointId>.<anything>` name their service point, like
  * the service-point claim of a real RAiD token; any other non-empty bearer token is accepted
  * without one and may read and list, but not mint or update (403).
  */
private[sandbox] final case class Caller(servicePointId: Option[Long])

/** The RAiD API behaviour: routes, validation, the sequential calls to the external stubs, the store.
  *
  * Every call needs `Authorization: Bearer <token>` (else 401). Errors are JSON
  * `{"status", "error", "message"}`.
  *  - `GET /raid/?servicePointId={sp}`: 200, a JSON array of that service point's raids, most
  *    recently minted first, at most `listLimit` (without the parameter: the token's service point).
  *  - `POST /raid/`: validates (400 naming the field), then calls APIDS mint-handle, APIDS set-URL,
  *    ORCID per contributor, ROR per organisation, one after another; 201 with the raid and its
  *    `identifier` at version 1 (Location: /raid/{prefix}/{suffix}).
  *  - `GET /raid/{prefix}/{suffix}`: 200 the raid, 404 if unknown.
  *  - `PUT /raid/{prefix}/{suffix}` with the full record: 404 if unknown, 403 if another service
  *    point owns it, 400 if invalid; then ORCID per contributor and ROR per organisation, one after
  *    another; 200 with the raid at the stored version + 1. If the body's `identifier.version` is
  *    not the stored version (someone updated in between), 409 and nothing changes; without
  *    `identifier.version` the update applies to whatever version is stored.
  *  - Mint and update need a token naming a service point (403 otherwise).
  *  - A stub answering outside 2xx or unreachable: 502; not answering within `stubTimeout`: 504.
  */
private[sandbox] final class RaidApi(store: RaidStore, stubs: StubClient, listLimit: Int) {
  import RaidApi._

  def handle(request: ApiRequest): CompletableFuture[ApiResponse] =
    try {
      caller(request.authorization) match {
        case Left(problem) => done(error(401, problem))
        case Right(caller) =>
          val decoded = new QueryStringDecoder(request.uri)
          (request.method, decoded.path) match {
            case (HttpMethod.GET, "/raid" | "/raid/")  => done(list(caller, decoded))
            case (HttpMethod.POST, "/raid" | "/raid/") => mint(caller, request.body)
            case (_, "/raid" | "/raid/")               => done(error(405, s"${request.method} not allowed on /raid/"))
            case (method, RaidPath(prefix, suffix)) =>
              val handle = s"$prefix/$suffix"
              method match {
                case HttpMethod.GET => done(read(handle))
                case HttpMethod.PUT => update(caller, handle, request.body)
                case _              => done(error(405, s"$method not allowed on /raid/$handle"))
              }
            case (_, path) => done(error(404, s"no resource at $path"))
          }
      }
    } catch {
      case NonFatal(e) => done(error(500, e.toString))
    }

  private def list(caller: Caller, query: QueryStringDecoder): ApiResponse = {
    val requested = Option(query.parameters.get("servicePointId")).flatMap(_.asScala.headOption)
    requested.map(s => s.toLongOption.toRight(s"servicePointId must be a number, got '$s'")).orElse(caller.servicePointId.map(Right(_))) match {
      case None            => error(400, "servicePointId query parameter is required")
      case Some(Left(bad)) => error(400, bad)
      case Some(Right(servicePointId)) =>
        val raids = store.list(servicePointId, listLimit).map(_.json)
        val parts = Vector.newBuilder[Array[Byte]]
        parts += OpenBracket
        raids.zipWithIndex.foreach { case (json, i) =>
          if (i > 0) parts += Comma
          parts += json
        }
        parts += CloseBracket
        ApiResponse(200, parts.result())
    }
  }

  private def read(handle: String): ApiResponse =
    store.get(handle) match {
      case Some(raid) => ApiResponse(200, Vector(raid.json))
      case None       => error(404, s"no raid ${RaidMetadata.raidUrl(handle)}")
    }

  private def mint(caller: Caller, body: Array[Byte]): CompletableFuture[ApiResponse] =
    (for {
      servicePointId <- caller.servicePointId.toRight(error(403, NoServicePoint))
      raid <- parse(body)
      references <- RaidMetadata.validate(raid).left.map(error(400, _))
    } yield (servicePointId, raid, references)) match {
      case Left(response) => done(response)
      case Right((servicePointId, raid, references)) =>
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
          .thenApply[ApiResponse] { handle =>
            val json = bytes(RaidMetadata.withIdentifier(raid, handle, servicePointId, version = 1))
            if (store.insert(StoredRaid(handle, servicePointId, 1, json)))
              ApiResponse(201, Vector(json), location = Some(s"/raid/$handle"))
            else error(500, s"apids-mint-handle: handle $handle is already taken")
          }
          .exceptionally(failure(_))
    }

  private def update(caller: Caller, handle: String, body: Array[Byte]): CompletableFuture[ApiResponse] =
    (for {
      servicePointId <- caller.servicePointId.toRight(error(403, NoServicePoint))
      stored <- store.get(handle).toRight(error(404, s"no raid ${RaidMetadata.raidUrl(handle)}"))
      _ <- Either.cond(
        stored.servicePointId == servicePointId,
        (),
        error(403, s"raid ${RaidMetadata.raidUrl(handle)} belongs to service point ${stored.servicePointId}, not $servicePointId")
      )
      raid <- parse(body)
      references <- RaidMetadata.validate(raid).left.map(error(400, _))
      identifier = Option(raid.get("identifier")).filter(_.isObject)
      _ <- identifier.flatMap(i => Option(i.get("id"))).map(_.asText) match {
        case Some(id) if id != RaidMetadata.raidUrl(handle) =>
          Left(error(400, s"identifier.id $id does not match ${RaidMetadata.raidUrl(handle)}"))
        case _ => Right(())
      }
      expectedVersion <- identifier.flatMap(i => Option(i.get("version"))) match {
        case None                    => Right(None)
        case Some(v) if v.canConvertToInt => Right(Some(v.intValue))
        case Some(v)                 => Left(error(400, s"identifier.version must be a whole number, got $v"))
      }
      // Checked here to spare the stub calls, and again atomically when storing.
      _ <- expectedVersion.filter(_ != stored.version).map(v => Left(versionConflict(handle, v, stored.version))).getOrElse(Right(()))
    } yield (raid, references, expectedVersion)) match {
      case Left(response) => done(response)
      case Right((raid, references, expectedVersion)) =>
        inSequence(validations(references))
          .thenApply[ApiResponse] { _ =>
            store.update(handle, expectedVersion) { (current, version) =>
              bytes(RaidMetadata.withIdentifier(raid, handle, current.servicePointId, version))
            } match {
              case UpdateOutcome.Updated(updated)         => ApiResponse(200, Vector(updated.json))
              case UpdateOutcome.VersionConflict(current) => versionConflict(handle, expectedVersion.getOrElse(-1), current)
              case UpdateOutcome.NotFound                 => error(404, s"no raid ${RaidMetadata.raidUrl(handle)}")
            }
          }
          .exceptionally(failure(_))
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
      case _ => throw new StubCallFailed(502, s"apids-mint-handle: no prefix/suffix handle in answer ${apidsAnswer.take(200)}")
    }

  private def parse(body: Array[Byte]): Either[ApiResponse, ObjectNode] =
    Try(RaidMetadata.mapper.readTree(body)).toOption match {
      case Some(o: ObjectNode) => Right(o)
      case _                   => Left(error(400, "body must be a JSON object"))
    }

  private def failure(e: Throwable): ApiResponse = e match {
    case c: CompletionException if c.getCause != null => failure(c.getCause)
    case s: StubCallFailed                            => error(s.status, s.getMessage)
    case other                                        => error(500, other.toString)
  }
}

private[sandbox] object RaidApi {
  private val RaidPath = """/raid/([^/]+)/([^/]+)/?""".r
  private val BearerToken = """(?i)Bearer\s+(\S+)\s*""".r
  private val SandboxToken = """sandbox\.(\d{1,18})\.(.*)""".r
  private val MintedHandle = """handle="([^"]+)"""".r

  private val NoServicePoint =
    "token names no service point; sandbox tokens look like sandbox.<servicePointId>.<anything>"

  private val OpenBracket = "[".getBytes(UTF_8)
  private val Comma = ",".getBytes(UTF_8)
  private val CloseBracket = "]".getBytes(UTF_8)

  /** Never echoes the token. */
  def caller(authorization: Option[String]): Either[String, Caller] = authorization match {
    case None => Left("Authorization: Bearer <token> header is required")
    case Some(BearerToken(token)) =>
      token match {
        case SandboxToken(servicePointId, _) => Right(Caller(Some(servicePointId.toLong)))
        case t if t.startsWith("sandbox.")   => Left("malformed sandbox token; expected sandbox.<servicePointId>.<anything>")
        case _                               => Right(Caller(None))
      }
    case Some(_) => Left("Authorization header must be 'Bearer <token>'")
  }

  def error(status: Int, message: String): ApiResponse = {
    val json = RaidMetadata.mapper.createObjectNode().put("status", status).put("error", reason(status)).put("message", message)
    ApiResponse(status, Vector(bytes(json)))
  }

  private def versionConflict(handle: String, sent: Int, stored: Int): ApiResponse =
    error(409, s"raid ${RaidMetadata.raidUrl(handle)} is at version $stored, the update was based on version $sent")

  private def reason(status: Int): String =
    io.netty.handler.codec.http.HttpResponseStatus.valueOf(status).reasonPhrase

  private def bytes(json: ObjectNode): Array[Byte] = RaidMetadata.mapper.writeValueAsBytes(json)

  private def encode(s: String): String = URLEncoder.encode(s, UTF_8)

  private def done(response: ApiResponse): CompletableFuture[ApiResponse] = CompletableFuture.completedFuture(response)
}
