package eol

import electoral.AddressTyping
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The Enrol Online requests of docs/systems/eol.md. Names are a contract: teams compare runs with their
  * historical reports line by line. The AJAX calls send back the page's CSRF token (the session cookie
  * goes by itself); the `/js-ac/anon/` lookups are anonymous. Requests are built when the journey is (Gatling's
  * DSL needs its configuration loaded), so the names can be used without them.
  */
object EolRequests {
  val InitialPage = "EOL - Initial page"
  val AddressCompletion = "EOL - Address completion"
  val Search = "EOL - Search"
  val EmailValidation = "EOL - Email validation"
  val EsValidation = "EOL - ES validation"
  val EnrolmentForm = "EOL - Enrolment form"
  val VerifyLicence = "EOL - Verify licence"
  val PassportInitiate = "EOL - Passport initiate"
  val PassportResolve = "EOL - Passport resolve"
  val PreSubmit = "EOL - Pre submit"
  val Analytics = "EOL - Analytics"

  val names: Set[String] = Set(
    InitialPage,
    AddressCompletion,
    Search,
    EmailValidation,
    EsValidation,
    EnrolmentForm,
    VerifyLicence,
    PassportInitiate,
    PassportResolve,
    PreSubmit,
    Analytics
  )

  private def ajax(name: String, path: String): HttpRequestBuilder =
    http(name)
      .post(path)
      .header("X-CSRF-Token", "#{csrfToken}")
      .header("X-Requested-With", "XMLHttpRequest")

  def initialPage: HttpRequestBuilder =
    http(InitialPage)
      .get("/app/enrol")
      .header("Accept", "text/html")
      .check(status.is(200), css("meta[name=csrf-token]", "content").saveAs("csrfToken"))

  /** One keystroke of the burst: the suggestions for the prefix typed so far. Once the whole address is
    * typed, the person picks the suggestion that is their address; its id goes with the pre-submit.
    */
  def addressCompletion: HttpRequestBuilder =
    http(AddressCompletion)
      .get("/js-ac/anon/residential-address")
      .queryParam("q", "#{prefix}")
      .check(AddressTyping.suggestionChecks: _*)

  /** Finds the person on the roll: an elector is found once, and their id is kept; an enrolee is not found. */
  def search(expectOnRoll: Boolean): HttpRequestBuilder = {
    val request = ajax(Search, "/app/enrol/ajax/search")
      .formParam("firstName", "#{firstName}")
      .formParam("surname", "#{surname}")
      .formParam("dateOfBirth", "#{dateOfBirth}")
    if (expectOnRoll)
      request.check(
        status.is(200),
        jsonPath("$.matches[*]").count.is(1),
        jsonPath("$.matches[0].electorId").saveAs("electorId")
      )
    else request.check(status.is(200), jsonPath("$.matches[*]").count.is(0))
  }

  def verifyLicence: HttpRequestBuilder =
    ajax(VerifyLicence, "/app/enrol/ajax/nzta_dvl_verify")
      .formParam("licenceNumber", "#{licenceNumber}")
      .formParam("licenceVersion", "#{licenceVersion}")
      .formParam("surname", "#{surname}")
      .formParam("dateOfBirth", "#{dateOfBirth}")
      .check(status.is(200), jsonPath("$.verified").ofType[Boolean].is(true))

  def passportInitiate: HttpRequestBuilder =
    ajax(PassportInitiate, "/app/enrol/ajax/pp_assertion_initiate")
      .formParam("passportNumber", "#{passportNumber}")
      .check(status.is(200), jsonPath("$.assertionId").saveAs("assertionId"))

  def passportResolve: HttpRequestBuilder =
    ajax(PassportResolve, "/app/enrol/ajax/pp_assertion_resolve")
      .formParam("assertionId", "#{assertionId}")
      .check(status.is(200), jsonPath("$.verified").ofType[Boolean].is(true))

  def emailValidation: HttpRequestBuilder =
    http(EmailValidation)
      .get("/js-ac/anon/email-valid")
      .queryParam("email", "#{email}")
      .check(status.is(200), jsonPath("$.valid").ofType[Boolean].is(true))

  def esValidation: HttpRequestBuilder =
    ajax(EsValidation, "/app/enrol/ajax/esvalidator")
      .formParam("firstName", "#{firstName}")
      .formParam("surname", "#{surname}")
      .formParam("dateOfBirth", "#{dateOfBirth}")
      .formParam("email", "#{email}")
      .check(status.is(200), jsonPath("$.valid").ofType[Boolean].is(true), jsonPath("$.esToken").saveAs("esToken"))

  /** A change of details names the record it updates: the elector id the search found. An enrolment has none. */
  def preSubmit(onRoll: Boolean): HttpRequestBuilder = {
    val request = ajax(PreSubmit, "/app/enrol/ajax/pre_submit_processing")
      .formParam("esToken", "#{esToken}")
      .formParam("addressId", "#{addressId}")
    (if (onRoll) request.formParam("electorId", "#{electorId}") else request)
      .check(status.is(200), jsonPath("$.submissionToken").saveAs("submissionToken"))
  }

  def enrolmentForm: HttpRequestBuilder =
    ajax(EnrolmentForm, "/app/enrol/ajax/enrolment_form")
      .formParam("submissionToken", "#{submissionToken}")
      .check(status.is(200), jsonPath("$.enrolmentReference").saveAs("enrolmentReference"))

  /** The page reports each step it completed, with the enrolment reference once there is one. */
  def analytics(step: String): HttpRequestBuilder =
    ajax(Analytics, "/app/enrol/ajax/enrolment_analytics")
      .formParam("step", step)
      .formParam(
        "enrolmentReference",
        (session: Session) => session("enrolmentReference").asOption[String].getOrElse("").success
      )
      .check(status.is(204))
}
