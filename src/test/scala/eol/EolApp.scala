package eol

import java.nio.charset.StandardCharsets.UTF_8
import java.security.SecureRandom
import java.util.concurrent.{ CompletableFuture, ConcurrentHashMap }
import java.util.concurrent.atomic.AtomicLong
import java.util.regex.Pattern

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import io.netty.handler.codec.http.{ HttpHeaderNames, HttpMethod, QueryStringDecoder }
import io.netty.handler.codec.http.cookie.{ ServerCookieDecoder, ServerCookieEncoder }
import sandbox.{ StandInRequest, StandInResponse, StubClient }
import sandbox.JsonAnswers._

/** What the app remembers of one visitor between AJAX calls, as the real app keeps it server side. */
private final class EolSession(val csrfToken: String, val startedMs: Long) {
  @volatile var searched = false
  @volatile var electorId: Option[String] = None
  @volatile var assertionId: Option[String] = None
  @volatile var esToken: Option[String] = None
  @volatile var submissionToken: Option[String] = None
}

/** The Enrol Online web app as the sandbox serves it: the landing page hands out a session cookie and a
  * CSRF token that every AJAX call must send back (403 otherwise); steps out of order answer 409, as
  * the real app refuses a submission without its validations. Licence and passport checks go to the
  * stub-delayed transport-agency and passport services.
  */
final class EolApp(roll: EolRoll, stubs: StubClient, suggestionLimit: Int, sessionTimeout: FiniteDuration) {
  private val mapper = new ObjectMapper
  private val random = new SecureRandom
  private val sessions = new ConcurrentHashMap[String, EolSession]
  private val created = new AtomicLong
  private val enrolments = new AtomicLong
  private val Email = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$")

  val CookieName = "EOLSESSION"

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
    (request.method, request.path) match {
      case (HttpMethod.GET, "/app/enrol")                                 => done(landingPage())
      case (HttpMethod.GET, "/js-ac/anon/residential-address")            => done(suggestions(request))
      case (HttpMethod.GET, "/js-ac/anon/email-valid")                    => done(emailValid(request))
      case (HttpMethod.POST, path) if path.startsWith("/app/enrol/ajax/") =>
        session(request) match {
          case Left(refused) => done(refused)
          case Right(s)      => ajax(path.stripPrefix("/app/enrol/ajax/"), form(request), s).exceptionally(stubFailed)
        }
      case (_, path) => done(error(404, s"no page at $path"))
    }

  /** Sessions still held (started within the session timeout, or since the last sweep). */
  def openSessions: Int = sessions.size

  private def ajax(call: String, form: Map[String, String], s: EolSession): CompletableFuture[StandInResponse] =
    call match {
      case "search" =>
        required(form, "firstName", "surname", "dateOfBirth").fold(
          done,
          _ => {
            val found = roll.electorId(form("firstName"), form("surname"), form("dateOfBirth"))
            s.searched = true
            s.electorId = found
            val matches = found.map(id => Map("electorId" -> id, "name" -> s"${form("firstName")} ${form("surname")}"))
            done(json(200, Map("matches" -> matches.toSeq)))
          }
        )
      case "nzta_dvl_verify" =>
        inOrder(s.searched, "search first")
          .orElse(required(form, "licenceNumber", "licenceVersion", "surname", "dateOfBirth").left.toOption)
          .fold {
            stubs
              .call(
                "nzta-dvl-verify",
                HttpMethod.POST,
                s"/dvl/verify?licence=${enc(form("licenceNumber"))}&version=${enc(form("licenceVersion"))}"
              )
              .thenApply[StandInResponse](_ => json(200, Map("verified" -> true)))
          }(done)
      case "pp_assertion_initiate" =>
        inOrder(s.searched, "search first").orElse(required(form, "passportNumber").left.toOption).fold {
          stubs
            .call(
              "dia-passport-initiate",
              HttpMethod.POST,
              s"/passport/assertions?number=${enc(form("passportNumber"))}"
            )
            .thenApply[StandInResponse] { answer =>
              val id = mapper.readTree(answer).path("assertionId").asText("")
              s.assertionId = Some(id).filter(_.nonEmpty)
              if (s.assertionId.isEmpty) error(502, "the passport service answered no assertion id")
              else json(200, Map("assertionId" -> id))
            }
        }(done)
      case "pp_assertion_resolve" =>
        inOrder(
          s.assertionId.nonEmpty && s.assertionId == form.get("assertionId"),
          "initiate this passport assertion first"
        )
          .fold {
            stubs
              .call("dia-passport-resolve", HttpMethod.GET, s"/passport/assertions/${enc(form("assertionId"))}")
              .thenApply[StandInResponse](_ => json(200, Map("verified" -> true)))
          }(done)
      case "esvalidator" =>
        done(inOrder(
          s.searched,
          "search first"
        ).orElse(required(form, "firstName", "surname", "dateOfBirth", "email").left.toOption).getOrElse {
          s.esToken = Some(token())
          json(200, Map("valid" -> true, "esToken" -> s.esToken.get))
        })
      case "pre_submit_processing" =>
        done(
          inOrder(s.esToken.nonEmpty && s.esToken == form.get("esToken"), "validate the declaration first")
            .orElse(Option.when(form.get("addressId").flatMap(roll.address).isEmpty)(error(
              400,
              "addressId: not a known address"
            )))
            .getOrElse {
              s.submissionToken = Some(token())
              json(200, Map("submissionToken" -> s.submissionToken.get))
            }
        )
      case "enrolment_form" =>
        done(inOrder(
          s.submissionToken.nonEmpty && s.submissionToken == form.get("submissionToken"),
          "pre-submit first"
        ).getOrElse {
          s.submissionToken = None
          json(200, Map("enrolmentReference" -> f"EOL${enrolments.incrementAndGet()}%09d"))
        })
      case "enrolment_analytics" =>
        done(required(form, "step").fold(identity, _ => StandInResponse(204, Vector.empty, "text/plain")))
      case other => done(error(404, s"no AJAX call $other"))
    }

  private def landingPage(): StandInResponse = {
    val id = token()
    val s = new EolSession(token(), System.currentTimeMillis())
    sessions.put(id, s)
    if (created.incrementAndGet() % 4096 == 0) sweep(s.startedMs)
    val page =
      s"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="csrf-token" content="${s.csrfToken}">
         |<title>Enrol to vote</title></head><body><h1>Enrol or update your details</h1></body></html>""".stripMargin
    StandInResponse(
      200,
      Vector(page.getBytes(UTF_8)),
      "text/html; charset=utf-8",
      Seq(HttpHeaderNames.SET_COOKIE.toString -> ServerCookieEncoder.STRICT.encode(CookieName, id))
    )
  }

  private def suggestions(request: StandInRequest): StandInResponse =
    request.queryParameter("q").filter(_.trim.length >= 3) match {
      case None    => error(400, "q: at least 3 characters")
      case Some(q) =>
        json(
          200,
          Map("suggestions" -> roll.suggest(q, suggestionLimit).map(a => Map("id" -> a.id, "label" -> a.label)))
        )
    }

  private def emailValid(request: StandInRequest): StandInResponse =
    request.queryParameter("email") match {
      case None        => error(400, "email: missing")
      case Some(email) => json(200, Map("valid" -> Email.matcher(email).matches))
    }

  private def session(request: StandInRequest): Either[StandInResponse, EolSession] = {
    val id = request.header(HttpHeaderNames.COOKIE.toString).toSeq
      .flatMap(h => ServerCookieDecoder.STRICT.decode(h).asScala)
      .find(_.name == CookieName)
      .map(_.value)
    id.flatMap(i => Option(sessions.get(i))) match {
      case None => Left(error(403, "no session: open /app/enrol first"))
      case Some(s) if !request.header("X-CSRF-Token").contains(s.csrfToken) =>
        Left(error(403, "CSRF token missing or wrong"))
      case Some(s) => Right(s)
    }
  }

  private def sweep(nowMs: Long): Unit =
    sessions.values.removeIf(s => nowMs - s.startedMs > sessionTimeout.toMillis)

  private def form(request: StandInRequest): Map[String, String] =
    new QueryStringDecoder(new String(request.body, UTF_8), UTF_8, false).parameters.asScala.collect {
      case (k, v) if !v.isEmpty => k -> v.get(0)
    }.toMap

  private def required(form: Map[String, String], names: String*): Either[StandInResponse, Unit] =
    names.find(n => form.get(n).forall(_.trim.isEmpty)).map(n => error(400, s"$n: missing")).toLeft(())

  private def inOrder(ready: Boolean, what: String): Option[StandInResponse] =
    Option.when(!ready)(error(409, s"step out of order: $what"))

  private def token(): String = {
    val bytes = new Array[Byte](16)
    random.nextBytes(bytes)
    bytes.map(b => f"$b%02x").mkString
  }

  private def enc(value: String): String = java.net.URLEncoder.encode(value, UTF_8)
}
