package learningportal.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.UUID
import java.util.concurrent.CompletableFuture

import io.netty.handler.codec.http.{ HttpMethod, QueryStringDecoder }
import sandbox.{ JsonAnswers, RecentRecords, StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse }

/** The learning portal's stand-in: a login form that sets a session cookie, then [[LearningPortalSiteStandIn]]'s
  * pages and assets and the practice service, all for logged-in learners only (401 otherwise). The
  * practice service takes each question's answer from the oracle, an external service stubbed by WireMock
  * (stubs/learning-portal), so an answer waits on the stub's delay.
  */
object LearningPortalStandIn extends StandIn {
  private val Cookie = "portal_session"
  private val Questions = 10
  private val PracticeAnswer = "/practice/([0-9a-f-]{36})/questions/([0-9]+)/answer".r

  override def start(context: StandInContext): StandInHandler = {
    // The site's images are drawn when it is first used: here, before any load, not under the first request.
    LearningPortalSiteStandIn.pages.size
    val password = context.settings.string("password")
    val sessions = new RecentRecords[String, Unit]
    val practices = new RecentRecords[String, Unit]
    new StandInHandler {
      override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
        (request.method, request.path) match {
          case (HttpMethod.GET, "/login")                         => done(html(200, loginForm))
          case (HttpMethod.POST, "/login")                        => done(logIn(request, password, sessions))
          case _ if !sessionOf(request).exists(sessions.contains) =>
            done(text(401, "log in first"))
          case (HttpMethod.POST, "/practice") =>
            val id = UUID.randomUUID().toString
            practices.put(id, ())
            done(JsonAnswers.json(201, Map("practiceId" -> id, "questions" -> Questions)))
          case (HttpMethod.POST, PracticeAnswer(id, question)) if practices.contains(id) =>
            if (question.toInt < 1 || question.toInt > Questions) done(text(404, s"no question $question"))
            else answer(context, question.toInt)
          case (HttpMethod.GET, path) => done(page(path))
          case _                      => done(text(405, "GET pages, POST the login form and practice"))
        }
    }
  }

  private def answer(context: StandInContext, question: Int): CompletableFuture[StandInResponse] =
    context.stubs
      .callJson("learning-portal-oracle", HttpMethod.GET, s"/oracle/questions/$question/answer")
      .thenApply[StandInResponse](oracle =>
        JsonAnswers.json(200, Map("question" -> question, "answer" -> oracle.path("answer").asText))
      )
      .exceptionally(JsonAnswers.stubFailed)

  private def logIn(
      request: StandInRequest,
      password: String,
      sessions: RecentRecords[String, Unit]
  ): StandInResponse = {
    val form = new QueryStringDecoder(new String(request.body, UTF_8), false).parameters
    def field(name: String) = Option(form.get(name)).flatMap(v => Option.when(!v.isEmpty)(v.get(0))).getOrElse("")
    if (field("username").isEmpty || field("password") != password) html(401, loginForm)
    else {
      val session = UUID.randomUUID().toString
      sessions.put(session, ())
      StandInResponse(
        303,
        Vector.empty,
        "text/plain",
        Seq(
          "Location" -> LearningPortalSiteStandIn.pages.head.path,
          "Set-Cookie" -> s"$Cookie=$session; Path=/; HttpOnly"
        )
      )
    }
  }

  private def sessionOf(request: StandInRequest): Option[String] =
    request.header("Cookie").toSeq.flatMap(_.split(';')).map(_.trim).collectFirst {
      case c if c.startsWith(s"$Cookie=") => c.substring(Cookie.length + 1)
    }

  private def page(path: String): StandInResponse =
    LearningPortalSiteStandIn.pageAt(path).map(body => StandInResponse(200, Vector(body), "text/html; charset=utf-8"))
      .orElse(LearningPortalSiteStandIn.assetAt(path).map(a =>
        StandInResponse(200, Vector(a.body), a.contentType, Seq("Cache-Control" -> "private, max-age=3600"))
      ))
      .getOrElse(text(404, s"no page or asset at $path"))

  private val loginForm =
    """<!DOCTYPE html><html lang="en-NZ"><head><title>Log in | Learning portal</title></head><body>
<form id="login" method="post" action="/login"><input name="username"><input name="password" type="password">
<button>Log in</button></form></body></html>
"""

  private def done(response: StandInResponse) = CompletableFuture.completedFuture(response)
  private def html(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/html; charset=utf-8")
  private def text(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/plain; charset=utf-8")
}
