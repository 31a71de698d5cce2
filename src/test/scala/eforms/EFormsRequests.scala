package eforms

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck
import io.gatling.http.request.builder.HttpRequestBuilder
import io.gatling.http.response.Response

/** The eForms platform's requests and groups (docs/systems/eforms.md). Names are a contract; the SLAs are
  * on the groups: "Log in" (p90 under 15 s) and "Page to page" (p90 under 5 s).
  */
object EFormsRequests {
  val LogInGroup = "Log in"
  val PageGroup = "Page to page"
  val SubmitGroup = "Submit"

  val LoginForm = "eForms - Login form"
  val LogIn = "eForms - Log in"
  val OpenSurvey = "eForms - Open survey"
  val NextPage = "eForms - Next page"
  val Submit = "eForms - Submit"

  /** The extractor's request ([[EFormsExtraction]]), outside the respondents' journey and its names. */
  val DataExtraction = "eForms - Data extraction"

  /** The respondents' journey's names. */
  val names: Set[String] = Set(LoginForm, LogIn, OpenSurvey, NextPage, Submit)

  def loginForm: HttpRequestBuilder =
    http(LoginForm).get("/login").check(status.is(200), css("form#login").exists)

  /** The platform answers a good login (of the user named in `username`) with a redirect and its session
    * cookie, which Gatling keeps.
    */
  def logIn(password: String): HttpRequestBuilder =
    http(LogIn)
      .post("/login")
      .formParam("username", "#{username}")
      .formParam("password", password)
      .disableFollowRedirect
      .check(status.is(303), header("Set-Cookie").exists)

  /** The survey's first page, with its question fields. */
  def openSurvey(surveys: EFormsSurveys): HttpRequestBuilder =
    http(OpenSurvey).get("/surveys/#{survey}/pages/1").check(saysWhy(200): _*).check(fields(surveys, _ => 1))

  /** The answers to page `page`, answered with the next page. */
  def nextPage(surveys: EFormsSurveys): HttpRequestBuilder =
    http(NextPage)
      .post("/surveys/#{survey}/pages/#{page}")
      .formParamSeq(answers(surveys))
      .check(saysWhy(200): _*).check(fields(surveys, _("page").as[Int] + 1))

  /** The last page's answers and the return, answered with its reference. */
  def submit(surveys: EFormsSurveys): HttpRequestBuilder =
    http(Submit)
      .post("/surveys/#{survey}/submit")
      .formParamSeq(answers(surveys))
      .check(saysWhy(200): _*).check(css("#reference").exists)

  /** An answer other than `expected` is a refusal, whose body says why (out of order, a field unanswered, not
    * logged in, a malformed request): the KO's message carries it, so a run's errors say why, not only 400.
    * (Gatling judges status checks before body checks, so the status is judged here, with the body.)
    */
  private def saysWhy(expected: Int): Seq[HttpCheck] = Seq(
    status.exists,
    checkIf((response: Response, _: Session) => (response.status.code != expected).success)(
      bodyString.validate(
        s"status $expected",
        (body: Option[String], _: Session) => s"refused: ${body.getOrElse("").take(200)}".failure
      )
    )
  )

  private def surveyOf(surveys: EFormsSurveys, session: Session): Survey = surveys(session("survey").as[String]).get

  private def answers(surveys: EFormsSurveys): Session => Validation[Seq[(String, Any)]] = session =>
    surveys.fieldsOn(surveyOf(surveys, session), session("page").as[Int]).map(i => s"q$i" -> (i * 7 % 1000)).success

  /** The page holds exactly the question fields the paging rule puts on it. */
  private def fields(surveys: EFormsSurveys, page: Session => Int) =
    css("input.question").count.is(session => surveys.fieldsOn(surveyOf(surveys, session), page(session)).size)
}
