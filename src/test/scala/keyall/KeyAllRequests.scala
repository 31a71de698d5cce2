package keyall

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The back-office queues (docs/systems/key-all.md). */
object Queues {
  val Det = "DET"
  val Svd = "SVD"
  val Eroe5 = "EROE5"
  val all: Seq[String] = Seq(Det, Svd, Eroe5)
}

/** The back office's pages of docs/systems/key-all.md. Names are a contract: teams compare runs with their
  * historical reports line by line. Requests are built when the journey is (Gatling's DSL needs its
  * configuration loaded), so the names can be used without them. Every page is HTML; a lock's answer
  * carries the form it gave in `#form-id`, saved as `formId`.
  */
object KeyAllRequests {
  val LoginPage = "LOGIN PAGE"
  val HomePage = "INTERNAL APPLICATION HOME PAGE"
  val DetFormsQueuePage = "DET FORMS QUEUE PAGE"
  val KeyAllButton = "KEY ALL BUTTON"
  val OpenSvdSubmenu = "OPEN SVD SUBMENU"
  val SvdCheckQueuePage = "SVD CHECK QUEUE PAGE"
  val SelectScannerBatch = "SELECT SCANNER BATCH"
  val RescanRequired = "R - RESCAN REQUIRED"
  val Eroe5QueuePage = "EROE5 QUEUE PAGE"

  val names: Set[String] = Set(
    LoginPage,
    HomePage,
    DetFormsQueuePage,
    KeyAllButton,
    OpenSvdSubmenu,
    SvdCheckQueuePage,
    SelectScannerBatch,
    RescanRequired,
    Eroe5QueuePage
  )

  /** The login form's post: the answer sets the session cookie, which Gatling keeps for the user. */
  def loginPage: HttpRequestBuilder =
    http(LoginPage)
      .post("/login")
      .formParam("username", "#{username}")
      .formParam("password", "#{password}")
      .check(status.is(200), css("#signed-in-as").is("#{username}"))

  def homePage: HttpRequestBuilder =
    http(HomePage).get("/home").check(status.is(200), css("#staff").is("#{username}"))

  def queuePage(name: String, path: String): HttpRequestBuilder =
    http(name).get(path).check(status.is(200), css("form#key-all", "action").exists)

  /** The Key All button of a queue page: the answer is the form now locked for this user. */
  def keyAllButton(queuePath: String): HttpRequestBuilder =
    http(KeyAllButton).post(s"$queuePath/key-all").check(status.is(200), lockedForm)

  def openSvdSubmenu: HttpRequestBuilder =
    http(OpenSvdSubmenu).get("/svd").check(status.is(200), css("#svd-submenu a", "href").is("/svd/check"))

  /** The SVD check queue lists its scanner batches; the user picks one of them. */
  def svdCheckQueuePage: HttpRequestBuilder =
    http(SvdCheckQueuePage).get("/svd/check").check(
      status.is(200),
      css("a.batch", "data-batch").findRandom.saveAs("batch")
    )

  def selectScannerBatch: HttpRequestBuilder =
    http(SelectScannerBatch).post("/svd/check/batches/#{batch}").check(status.is(200), lockedForm)

  /** Marks the form held as needing a rescan; the answer is the next form of the batch, now locked. */
  def rescanRequired: HttpRequestBuilder =
    http(RescanRequired).post("/svd/check/forms/#{formId}/rescan-required").check(status.is(200), lockedForm)

  private def lockedForm = css("#form-id", "value").saveAs("formId")
}
