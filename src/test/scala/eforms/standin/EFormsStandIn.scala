package eforms.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.UUID
import java.util.concurrent.CompletableFuture

import scala.jdk.CollectionConverters._

import eforms.{ EFormsSurveys, Survey }
import io.netty.handler.codec.http.{ HttpMethod, QueryStringDecoder }
import sandbox.{ JsonAnswers, RecentRecords, StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse }

/** The eForms platform's stand-in: a login form that sets a session cookie, then, for logged-in respondents
  * only (401 otherwise), each survey's pages with the question fields the paging rule puts on them. A page's
  * answers must come in order (the page after the last one answered), every field of the page answered, or
  * the answer is 400; the return is accepted after its last page and answered with a reference. The
  * incremental extraction, `GET /extractions?since=<watermark>`, answers the returns submitted after the
  * watermark (a return's number, as in its reference) and the new watermark, for the next extraction.
  */
object EFormsStandIn extends StandIn {
  private val Cookie = "eforms_session"
  private val SurveyPage = "/surveys/([A-Za-z0-9-]+)/pages/([0-9]+)".r
  private val SurveySubmit = "/surveys/([A-Za-z0-9-]+)/submit".r

  /** A respondent's progress: the survey and the last page answered. */
  private final case class Progress(survey: String, answered: Int)

  /** The returns submitted, by number: a return is numbered and recorded at once (under the map's lock), so
    * an extraction never sees a later return before an earlier one and never skips one with its watermark.
    */
  private final class Returns {
    private val submitted = new java.util.TreeMap[Long, String]()
    private var last = 0L

    /** The oldest return is forgotten past [[RecentRecords.DefaultCapacity]]: an extraction that far behind
      * has lost them, as a real system's retention would drop them.
      */
    def add(survey: String): Long = submitted.synchronized {
      last += 1
      submitted.put(last, survey)
      if (submitted.size > RecentRecords.DefaultCapacity) submitted.pollFirstEntry()
      last
    }

    def since(watermark: Long): Seq[(Long, String)] = submitted.synchronized {
      submitted.tailMap(watermark, false).asScala.toSeq
    }
  }

  override def start(context: StandInContext): StandInHandler = {
    val surveys = EFormsSurveys.read(context.settings)
    val password = context.settings.string("password")
    val sessions = new RecentRecords[String, Progress]
    val returns = new Returns
    new StandInHandler {
      override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
        CompletableFuture.completedFuture((request.method, request.path) match {
          case (HttpMethod.GET, "/login")                                  => html(200, loginForm)
          case (HttpMethod.POST, "/login")                                 => logIn(request, password, sessions)
          case _ if !sessionOf(request).exists(sessions.contains(_))       => text(401, "log in first")
          case (HttpMethod.GET, "/extractions")                            => extraction(request, returns)
          case (method, SurveyPage(code, page)) if surveys(code).isDefined =>
            val survey = surveys(code).get
            val session = sessionOf(request).get
            val n = page.toInt
            if (n < 1 || n > surveys.pages(survey)) text(404, s"$code has no page $n")
            else if (method == HttpMethod.GET) {
              if (n == 1) sessions.put(session, Progress(code, 0))
              StandInResponse(200, Vector(surveys.page(survey, n)), "text/html; charset=utf-8")
            } else
              answer(request, surveys, survey, n, sessions, session).getOrElse {
                sessions.put(session, Progress(code, n))
                StandInResponse(200, Vector(surveys.page(survey, n + 1)), "text/html; charset=utf-8")
              }
          case (HttpMethod.POST, SurveySubmit(code)) if surveys(code).isDefined =>
            val survey = surveys(code).get
            val session = sessionOf(request).get
            answer(request, surveys, survey, surveys.pages(survey), sessions, session).getOrElse {
              sessions.put(session, Progress(code, surveys.pages(survey)))
              html(
                200,
                s"""<p>Thank you: $code received, reference <span id="reference">R${returns.add(code)}</span></p>"""
              )
            }
          case (_, path) => text(404, s"nothing at $path")
        })
    }
  }

  /** A problem with the answers to page `page` (out of order, a field missing or blank), or None. */
  private def answer(
      request: StandInRequest,
      surveys: EFormsSurveys,
      survey: Survey,
      page: Int,
      sessions: RecentRecords[String, Progress],
      session: String
  ): Option[StandInResponse] = {
    val form = new QueryStringDecoder(new String(request.body, UTF_8), false).parameters
    val missing = surveys.fieldsOn(survey, page).map(i => s"q$i").filter { name =>
      Option(form.get(name)).forall(values => values.isEmpty || values.get(0).isBlank)
    }
    val progress = sessions.get(session).orNull
    if (progress != Progress(survey.code, page - 1))
      Some(text(400, s"page $page of ${survey.code} answered out of order (progress: $progress)"))
    else Option.when(missing.nonEmpty)(text(400, s"unanswered on page $page: ${missing.mkString(", ")}"))
  }

  private def extraction(request: StandInRequest, returns: Returns): StandInResponse =
    request.queryParameter("since").flatMap(_.toLongOption).filter(_ >= 0) match {
      case None            => text(400, s"since: a watermark (0 or a return's number) is expected (was ${request.uri})")
      case Some(watermark) =>
        val records = returns.since(watermark)
        JsonAnswers.json(
          200,
          Map(
            "watermark" -> records.lastOption.fold(watermark)(_._1),
            "records" -> records.map { case (number, survey) => Map("reference" -> s"R$number", "survey" -> survey) }
          )
        )
    }

  private def logIn(
      request: StandInRequest,
      password: String,
      sessions: RecentRecords[String, Progress]
  ): StandInResponse = {
    val form = new QueryStringDecoder(new String(request.body, UTF_8), false).parameters
    def field(name: String) = Option(form.get(name)).flatMap(v => Option.when(!v.isEmpty)(v.get(0))).getOrElse("")
    if (field("username").isEmpty || field("password") != password) html(401, loginForm)
    else {
      val session = UUID.randomUUID().toString
      sessions.put(session, Progress("", 0))
      StandInResponse(
        303,
        Vector.empty,
        "text/plain",
        Seq("Location" -> "/surveys", "Set-Cookie" -> s"$Cookie=$session; Path=/; HttpOnly")
      )
    }
  }

  private def sessionOf(request: StandInRequest): Option[String] =
    request.header("Cookie").toSeq.flatMap(_.split(';')).map(_.trim).collectFirst {
      case c if c.startsWith(s"$Cookie=") => c.substring(Cookie.length + 1)
    }

  private val loginForm =
    """<!DOCTYPE html><html lang="en-NZ"><head><title>Log in | eForms</title></head><body>
<form id="login" method="post" action="/login"><input name="username"><input name="password" type="password">
<button>Log in</button></form></body></html>
"""

  private def html(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/html; charset=utf-8")
  private def text(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/plain; charset=utf-8")
}
