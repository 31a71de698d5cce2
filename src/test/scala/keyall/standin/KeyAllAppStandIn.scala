package keyall.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.CompletableFuture

import scala.jdk.CollectionConverters._

import electoral.standin.WebApp
import io.netty.handler.codec.http.{ HttpHeaderNames, HttpMethod }
import io.netty.handler.codec.http.cookie.{ ServerCookieDecoder, ServerCookieEncoder }
import sandbox.{ RecentRecords, StandInRequest, StandInResponse }

/** What the back office remembers of one signed-in staff member: the SVD scanner batch they chose and
  * the form they hold in it.
  */
final case class StaffSession(username: String, batch: Option[Int] = None, heldForm: Option[Long] = None)

/** The back-office web app (docs/systems/key-all.md): a login form that sets a session cookie, then HTML
  * pages; the Key All button and the SVD steps lock forms in [[KeyAllDatabase]]. Every page but the login
  * answers 401 without a signed-in session.
  */
final class KeyAllAppStandIn(accounts: Map[String, String], database: KeyAllDatabase, scannerBatches: Int) {
  import KeyAllAppStandIn._

  private val sessions = new RecentRecords[String, StaffSession]

  def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
    (request.method, request.path) match {
      case (HttpMethod.POST, "/login") => done(login(request))
      case (method, path)              =>
        session(request) match {
          case None => done(page(401, "Not signed in", """<p>Sign in at <a href="/login">/login</a>.</p>"""))
          case Some((id, staff)) =>
            (method, path) match {
              case (HttpMethod.GET, "/home")               => done(home(staff))
              case (HttpMethod.GET, "/det")                => done(queuePage("DET", "/det/key-all"))
              case (HttpMethod.POST, "/det/key-all")       => keyAll(staff, "DET")
              case (HttpMethod.GET, "/eroe5")              => done(queuePage("EROE5", "/eroe5/key-all"))
              case (HttpMethod.POST, "/eroe5/key-all")     => keyAll(staff, "EROE5")
              case (HttpMethod.GET, "/svd")                => done(svdMenu)
              case (HttpMethod.GET, "/svd/check")          => done(svdCheckQueue)
              case (HttpMethod.POST, SelectBatch(batch))   => selectBatch(id, staff, batch.toInt)
              case (HttpMethod.POST, RescanRequired(form)) => rescanRequired(id, staff, form.toLong)
              case _                                       => done(page(404, "Not found", s"<p>${escape(path)}</p>"))
            }
        }
    }

  private def login(request: StandInRequest): StandInResponse = {
    val form = WebApp.form(request)
    (form.get("username"), form.get("password")) match {
      case (Some(user), Some(password)) if accounts.get(user).contains(password) =>
        val id = WebApp.token()
        sessions.put(id, StaffSession(user))
        page(200, "Signed in", s"""<p id="signed-in-as">${escape(user)}</p><a href="/home">Home</a>""")
          .copy(headers = Seq(HttpHeaderNames.SET_COOKIE.toString -> ServerCookieEncoder.STRICT.encode(CookieName, id)))
      case _ => page(401, "Sign in failed", "<p>Unknown username or wrong password.</p>")
    }
  }

  private def session(request: StandInRequest): Option[(String, StaffSession)] =
    request.header(HttpHeaderNames.COOKIE.toString).toSeq
      .flatMap(h => ServerCookieDecoder.STRICT.decode(h).asScala)
      .find(_.name == CookieName)
      .flatMap(c => sessions.get(c.value).map(c.value -> _))

  private def home(staff: StaffSession): StandInResponse =
    page(
      200,
      "Internal application",
      s"""<p id="staff">${escape(staff.username)}</p>
         |<ul id="menu"><li><a href="/det">DET forms</a></li><li><a id="svd-menu" href="/svd">SVD</a></li>
         |<li><a href="/eroe5">EROE5</a></li></ul>""".stripMargin
    )

  private def queuePage(queue: String, action: String): StandInResponse =
    page(200, s"$queue queue", s"""<form id="key-all" method="post" action="$action"><button>Key All</button></form>""")

  private val svdMenu: StandInResponse =
    page(200, "SVD", """<ul id="svd-submenu"><li><a href="/svd/check">SVD check queue</a></li></ul>""")

  private val svdCheckQueue: StandInResponse =
    page(
      200,
      "SVD check queue",
      (1 to scannerBatches)
        .map(b => s"""<li><a class="batch" data-batch="$b" href="/svd/check/batches/$b">Scanner batch $b</a></li>""")
        .mkString("<ul>", "", "</ul>")
    )

  private def keyAll(staff: StaffSession, queue: String): CompletableFuture[StandInResponse] =
    database.lockNext(queue, None, staff.username).thenApply(locked(queue, _))

  private def selectBatch(id: String, staff: StaffSession, batch: Int): CompletableFuture[StandInResponse] =
    if (batch < 1 || batch > scannerBatches) done(page(404, "Not found", s"<p>No scanner batch $batch.</p>"))
    else
      database.lockNext("SVD", Some(batch), staff.username).thenApply { form =>
        sessions.put(id, staff.copy(batch = Some(batch), heldForm = form))
        locked("SVD", form)
      }

  private def rescanRequired(id: String, staff: StaffSession, form: Long): CompletableFuture[StandInResponse] =
    (staff.batch, staff.heldForm) match {
      case (Some(batch), Some(held)) if held == form =>
        database.rescanAndLockNext(form, "SVD", batch, staff.username).thenApply { next =>
          sessions.put(id, staff.copy(heldForm = next))
          locked("SVD", next)
        }
      case _ => done(page(409, "Not your form", s"<p>You do not hold form $form: select a scanner batch first.</p>"))
    }

  /** The form a staff member now holds, in the page as the real one shows it to key; an SVD form with
    * its "R - Rescan required" button.
    */
  private def locked(queue: String, form: Option[Long]): StandInResponse = form match {
    case Some(id) =>
      val rescan =
        if (queue == "SVD")
          s"""<form id="rescan" method="post" action="/svd/check/forms/$id/rescan-required"><button>R - Rescan required</button></form>"""
        else ""
      page(200, s"$queue form $id", s"""<input type="hidden" id="form-id" name="formId" value="$id">$rescan""")
    case None => page(200, s"$queue queue", """<p id="queue-empty">No free forms.</p>""")
  }
}

object KeyAllAppStandIn {
  val CookieName = "KEYALL_SESSION"
  private val SelectBatch = """/svd/check/batches/(\d{1,9})""".r
  private val RescanRequired = """/svd/check/forms/(\d{1,18})/rescan-required""".r

  private def done(response: StandInResponse) = CompletableFuture.completedFuture(response)

  def page(status: Int, title: String, body: String): StandInResponse =
    StandInResponse(
      status,
      Vector(s"<!DOCTYPE html><html><head><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>$body</body></html>".getBytes(
        UTF_8
      )),
      "text/html; charset=utf-8"
    )

  private def escape(text: String): String =
    text.flatMap {
      case '<' => "&lt;"
      case '>' => "&gt;"
      case '&' => "&amp;"
      case '"' => "&quot;"
      case c   => c.toString
    }
}
