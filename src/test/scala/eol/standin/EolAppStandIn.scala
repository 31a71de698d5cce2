package eol.standin

import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicLong
import java.util.regex.Pattern

import scala.concurrent.duration.FiniteDuration

import electoral.standin.{ Visit, Visits }
import electoral.standin.WebApp._
import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandInRequest, StandInResponse, StubClient }
import sandbox.JsonAnswers._

/** What the app remembers of one visitor between AJAX calls, as the real app keeps it server side; the
  * visit's token is the page's CSRF token.
  */
private final class EolSession(csrfToken: String, startedMs: Long) extends Visit(csrfToken, startedMs) {
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
final class EolAppStandIn(roll: EolRoll, stubs: StubClient, suggestionLimit: Int, sessionTimeout: FiniteDuration) {
  private val sessions = new Visits[EolSession]("EOLSESSION", "X-CSRF-Token", "/app/enrol", sessionTimeout)
  private val enrolments = new AtomicLong
  private val Email = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$")

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
    (request.method, request.path) match {
      case (HttpMethod.GET, "/app/enrol")                      => done(landingPage())
      case (HttpMethod.GET, "/js-ac/anon/residential-address") =>
        done(suggestions(request, roll.suggest(_, suggestionLimit)))
      case (HttpMethod.GET, "/js-ac/anon/email-valid")                    => done(emailValid(request))
      case (HttpMethod.POST, path) if path.startsWith("/app/enrol/ajax/") =>
        sessions.ajax(request) match {
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
            .callJson(
              "dia-passport-initiate",
              HttpMethod.POST,
              s"/passport/assertions?number=${enc(form("passportNumber"))}"
            )
            .thenApply[StandInResponse] { answer =>
              val id = answer.path("assertionId").asText("")
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
            .orElse(wrongElector(form, s))
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

  /** 400 unless the pre-submit names the record it updates as the real app needs it: a change of details
    * sends the elector id this session's search found; an enrolment (the search found no one) sends none.
    */
  private def wrongElector(form: Map[String, String], s: EolSession): Option[StandInResponse] =
    (s.electorId, form.get("electorId")) match {
      case (Some(found), Some(sent)) if sent == found => None
      case (Some(_), None)                            => Some(error(400, "electorId: missing"))
      case (Some(_), Some(sent)) => Some(error(400, s"electorId: $sent is not the elector this session found"))
      case (None, Some(sent))    => Some(error(400, s"electorId: $sent was not found by this session's search"))
      case (None, None)          => None
    }

  private def landingPage(): StandInResponse = {
    val (s, cookie) = sessions.open(new EolSession(_, _))
    val page =
      s"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="csrf-token" content="${s.token}">
         |<title>Enrol to vote</title></head><body><h1>Enrol or update your details</h1></body></html>""".stripMargin
    html(page, cookie)
  }

  private def emailValid(request: StandInRequest): StandInResponse =
    request.queryParameter("email") match {
      case None        => error(400, "email: missing")
      case Some(email) => json(200, Map("valid" -> Email.matcher(email).matches))
    }
}
