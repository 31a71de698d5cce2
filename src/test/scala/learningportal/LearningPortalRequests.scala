package learningportal

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The learning portal's requests and groups (docs/systems/learning-portal.md). Names are a contract: a
  * content page is one name whatever its topic, so that per-cycle figures add up over the feeder's pages.
  */
object LearningPortalRequests {
  val LogInGroup = "Log in"
  val PageGroup = "Page"
  val PracticeGroup = "Practice"

  val LoginForm = "Learning portal - Login form"
  val LogIn = "Learning portal - Log in"
  val ContentPage = "Learning portal - Content page"
  val Stylesheet = "Learning portal - Stylesheet"
  val Image = "Learning portal - Image"
  val OpenPractice = "Learning portal - Open practice"
  val AnswerQuestion = "Learning portal - Answer question"

  val names: Set[String] = Set(LoginForm, LogIn, ContentPage, Stylesheet, Image, OpenPractice, AnswerQuestion)

  /** An inferred asset's name: the portal's pages link one stylesheet and images, nothing else. */
  def assetName(path: String): String = if (path.endsWith(".css")) Stylesheet else Image

  def loginForm: HttpRequestBuilder =
    http(LoginForm).get("/login").check(status.is(200), css("form#login").exists)

  /** The portal answers a good login with a redirect and its session cookie, which Gatling keeps. */
  def logIn(password: String): HttpRequestBuilder =
    http(LogIn)
      .post("/login")
      .formParam("username", "#{learner}")
      .formParam("password", password)
      .disableFollowRedirect
      .check(status.is(303), header("Set-Cookie").exists)

  /** The page at the feeder's `path`; Gatling then fetches the images and stylesheet it links. */
  def contentPage: HttpRequestBuilder =
    http(ContentPage)
      .get("#{path}")
      .header("Accept", "text/html,application/xhtml+xml")
      .check(status.is(200), css("h1").is("#{title}"))

  def openPractice: HttpRequestBuilder =
    http(OpenPractice)
      .post("/practice")
      .check(
        status.is(201),
        jsonPath("$.practiceId").saveAs("practiceId"),
        jsonPath("$.questions").ofType[Int].saveAs("questions")
      )

  def answerQuestion: HttpRequestBuilder =
    http(AnswerQuestion)
      .post("/practice/#{practiceId}/questions/#{question}/answer")
      .check(status.is(200), jsonPath("$.answer").exists)
}
