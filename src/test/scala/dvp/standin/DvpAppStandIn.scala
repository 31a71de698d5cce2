package dvp.standin

import java.util.concurrent.CompletableFuture

import scala.concurrent.duration.FiniteDuration

import dvp.DvpRequests
import electoral.standin.{ Visit, Visits }
import electoral.standin.WebApp._
import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandInRequest, StandInResponse, StubClient }
import sandbox.JsonAnswers._

/** What the app remembers of one visitor between steps, server side; the visit's token is the page's form
  * token.
  */
private final class DvpVisit(formToken: String, startedMs: Long) extends Visit(formToken, startedMs) {
  @volatile var elector: Option[DvpElector] = None
  @volatile var eligible = false
  @volatile var downloadToken: Option[String] = None
}

/** The Download Voting Papers web app as the sandbox serves it: the landing page hands out a session
  * cookie and a form token that every AJAX call must send back (403 otherwise); steps out of order answer
  * 409. Approved remote grounds are checked with the stub-delayed remote-grounds register. The voting
  * papers are `papers`, one PDF made when the stand-in starts.
  */
final class DvpAppStandIn(
    roll: DvpRoll,
    stubs: StubClient,
    papers: Array[Byte],
    suggestionLimit: Int,
    sessionTimeout: FiniteDuration
) {
  private val visits = new Visits[DvpVisit]("DVPSESSION", DvpRequests.TokenHeader, "/app/dvp", sessionTimeout)
  private val DownloadPath = "/app/dvp/papers/"

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
    (request.method, request.path) match {
      case (HttpMethod.GET, "/app/dvp")              => done(landingPage())
      case (HttpMethod.GET, "/app/dvp/ajax/address") =>
        done(visits.ajax(request).fold(identity, _ => suggestions(request, roll.suggest(_, suggestionLimit))))
      case (HttpMethod.POST, path) if path.startsWith("/app/dvp/ajax/") =>
        visits.ajax(request) match {
          case Left(refused) => done(refused)
          case Right(v)      => ajax(path.stripPrefix("/app/dvp/ajax/"), form(request), v).exceptionally(stubFailed)
        }
      // The browser follows the download link itself: the session cookie goes with it, the form token does not.
      case (HttpMethod.GET, path) if path.startsWith(DownloadPath) =>
        done(visits.byCookie(request).fold(identity, download(path.stripPrefix(DownloadPath), _)))
      case (_, path) => done(error(404, s"no page at $path"))
    }

  private def ajax(call: String, form: Map[String, String], v: DvpVisit): CompletableFuture[StandInResponse] =
    call match {
      case "details" =>
        done(required(form, "firstName", "surname", "dateOfBirth", "addressId").fold(
          identity,
          _ => {
            v.elector = roll.elector(form("firstName"), form("surname"), form("dateOfBirth"), form("addressId"))
            v.eligible = false
            v.downloadToken = None
            v.elector.fold(json(200, Map("found" -> false))) { e =>
              json(200, Map("found" -> true, "electorReference" -> e.reference, "overseasAddress" -> e.overseas))
            }
          }
        ))
      case "reason/outside" =>
        done(sameElector(form, v).getOrElse {
          // Only an elector with an overseas address on the roll may give "outside New Zealand".
          v.eligible = v.elector.exists(_.overseas)
          json(200, Map("eligible" -> v.eligible))
        })
      case "reason/remote" =>
        sameElector(form, v).fold {
          stubs
            .callJson("dvp-remote-grounds-check", HttpMethod.GET, s"/remote-grounds/${enc(form("electorReference"))}")
            .thenApply[StandInResponse] { answer =>
              v.eligible = answer.path("approved").asBoolean(false)
              json(200, Map("eligible" -> v.eligible))
            }
        }(done)
      case "confirm" =>
        done(sameElector(form, v).orElse(inOrder(v.eligible, "choose a reason you may download for first")).getOrElse {
          val download = token()
          v.downloadToken = Some(download)
          json(200, Map("confirmed" -> true, "downloadUrl" -> s"$DownloadPath$download.pdf"))
        })
      case other => done(error(404, s"no AJAX call $other"))
    }

  /** 409 before the enrolment details found an elector, 400 for another elector's reference. */
  private def sameElector(form: Map[String, String], v: DvpVisit): Option[StandInResponse] =
    inOrder(v.elector.nonEmpty, "enrolment details first").orElse(
      Option.when(v.elector.map(_.reference) != form.get("electorReference"))(
        error(400, "electorReference: not the elector of this visit")
      )
    )

  private def download(file: String, v: DvpVisit): StandInResponse =
    inOrder(v.downloadToken.exists(t => file == s"$t.pdf"), "confirm your details first").getOrElse {
      StandInResponse(
        200,
        Vector(papers),
        "application/pdf",
        Seq("Content-Disposition" -> "attachment; filename=\"voting-papers.pdf\"")
      )
    }

  private def landingPage(): StandInResponse = {
    val (v, cookie) = visits.open(new DvpVisit(_, _))
    val page =
      s"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Download voting papers</title></head>
         |<body><h1>Download your voting papers</h1><form id="dvp">
         |<input type="hidden" name="formToken" value="${v.token}"></form></body></html>""".stripMargin
    html(page, cookie)
  }
}
