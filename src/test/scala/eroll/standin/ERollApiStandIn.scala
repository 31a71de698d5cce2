package eroll.standin

import java.security.SecureRandom
import java.util.concurrent.{ CompletableFuture, ConcurrentHashMap }
import java.util.concurrent.atomic.AtomicLong

import scala.concurrent.duration.FiniteDuration
import scala.util.Try

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandInRequest, StandInResponse, StubClient }
import sandbox.JsonAnswers._

/** A logged-in staff member, known by their bearer token. */
private final case class StaffSession(username: String, startedMs: Long)

/** The eRoll API as the sandbox serves it. `POST /api/login` with a staff account's password answers a
  * bearer token; every other call needs it (401 without it, with a wrong one, or after its logout). An
  * enrol update asks the correspondence service, behind the stub-delayed `eroll-mda2-correspondence`, for
  * the MDA2 letter the update sends the elector.
  *
  * @param passwords  each staff account's password, by username
  * @param resultLimit a search answers at most this many people (and says how many matched)
  */
final class ERollApiStandIn(
    roll: ERollRoll,
    passwords: Map[String, String],
    stubs: StubClient,
    resultLimit: Int,
    suggestionLimit: Int,
    sessionTimeout: FiniteDuration
) {
  private val mapper = new ObjectMapper
  private val random = new SecureRandom
  private val sessions = new ConcurrentHashMap[String, StaffSession]
  private val logins = new AtomicLong

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
    (request.method, request.path) match {
      case (HttpMethod.POST, "/api/login")            => done(login(request))
      case (method, path) if path.startsWith("/api/") =>
        bearer(request) match {
          case None        => done(error(401, "a valid bearer token is required: log in first"))
          case Some(token) => call(method, path.stripPrefix("/api/"), request, token)
        }
      case (_, path) => done(error(404, s"no route $path"))
    }

  /** Sessions still held (logged in, not logged out, not yet forgotten). */
  def openSessions: Int = sessions.size

  private def call(method: HttpMethod, route: String, request: StandInRequest, token: String) =
    (method, route) match {
      case (HttpMethod.GET, "electorates") =>
        done(json(200, Map("electorates" -> roll.electorates.map(name => Map("code" -> code(name), "name" -> name)))))
      case (HttpMethod.GET, "persons")               => done(persons(request))
      case (HttpMethod.GET, "residential_addresses") => done(suggestions(request))
      case (HttpMethod.GET, "lookup_address")        =>
        done(request.queryParameter("id").flatMap(roll.address) match {
          case None    => error(404, "id: no such address")
          case Some(a) => json(200, Map("id" -> a.id, "address" -> a.label, "electorate" -> a.electorate))
        })
      case (HttpMethod.POST, "enrol")  => enrol(request)
      case (HttpMethod.POST, "logout") =>
        sessions.remove(token)
        done(StandInResponse(204, Vector.empty, "text/plain"))
      case _ => done(error(404, s"no route ${method.name} /api/$route"))
    }

  private def login(request: StandInRequest): StandInResponse = {
    val body = Try(mapper.readTree(request.body)).toOption
    val username = body.map(_.path("username").asText("")).getOrElse("")
    val password = body.map(_.path("password").asText("")).getOrElse("")
    if (username.isEmpty || !passwords.get(username).contains(password))
      error(401, "unknown username or wrong password")
    else {
      val now = System.currentTimeMillis()
      if (logins.incrementAndGet() % 4096 == 0) sessions.values.removeIf(now - _.startedMs > sessionTimeout.toMillis)
      val token = newToken()
      sessions.put(token, StaffSession(username, now))
      json(200, Map("token" -> token, "tokenType" -> "Bearer", "expiresIn" -> sessionTimeout.toSeconds))
    }
  }

  private def bearer(request: StandInRequest): Option[String] =
    request.header("Authorization").filter(_.startsWith("Bearer ")).map(_.stripPrefix("Bearer ").trim)
      .filter(token =>
        Option(sessions.get(token)).exists(s => System.currentTimeMillis() - s.startedMs <= sessionTimeout.toMillis)
      )

  private def persons(request: StandInRequest): StandInResponse = {
    def parameter(name: String) = request.queryParameter(name).map(_.trim).getOrElse("")
    val query = PersonQuery(
      parameter("surname"),
      parameter("firstName"),
      parameter("middleNames"),
      parameter("mononym").equalsIgnoreCase("true")
    )
    if (query.surname.stripSuffix("*").isEmpty) error(400, "surname: missing")
    else if (!query.mononym && query.firstName.stripSuffix("*").isEmpty)
      error(400, "firstName: missing (or mononym=true)")
    else {
      val found = roll.search(query)
      val results = found.take(resultLimit).map { p =>
        Map(
          "electorId" -> p.electorId,
          "firstName" -> p.firstName,
          "middleNames" -> p.middleNames,
          "surname" -> p.surname,
          "dateOfBirth" -> p.dateOfBirth,
          "electorate" -> p.electorate
        )
      }
      json(200, Map("total" -> found.size, "results" -> results))
    }
  }

  private def suggestions(request: StandInRequest): StandInResponse =
    request.queryParameter("q").filter(_.trim.length >= 3).fold(error(400, "q: at least 3 characters")) { q =>
      json(200, Map("suggestions" -> roll.complete(q, suggestionLimit).map(_.suggestion)))
    }

  private def enrol(request: StandInRequest): CompletableFuture[StandInResponse] = {
    val body: Option[JsonNode] = Try(mapper.readTree(request.body)).toOption
    val electorId = body.map(_.path("electorId").asText("")).getOrElse("")
    roll.person(electorId) match {
      case None          => done(error(404, s"electorId: no elector '$electorId'"))
      case Some(elector) =>
        stubs
          .callJson(
            "eroll-mda2-correspondence",
            HttpMethod.POST,
            s"/correspondence/mda2?electorId=${elector.electorId}"
          )
          .thenApply[StandInResponse] { answer =>
            val letter = answer.path("correspondenceId").asText("")
            if (letter.isEmpty) error(502, "the correspondence service answered no correspondence id")
            else
              json(
                200,
                Map(
                  "electorId" -> elector.electorId,
                  "status" -> "updated",
                  "correspondence" -> Map("type" -> "MDA2", "id" -> letter)
                )
              )
          }
          .exceptionally(stubFailed)
    }
  }

  private def code(electorate: String): String = electorate.toUpperCase.replaceAll("[^A-Z]+", "-")

  private def newToken(): String = {
    val bytes = new Array[Byte](24)
    random.nextBytes(bytes)
    java.util.Base64.getUrlEncoder.withoutPadding.encodeToString(bytes)
  }
}
