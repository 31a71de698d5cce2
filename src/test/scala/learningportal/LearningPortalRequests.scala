package learningportal

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** One host's reading of the portal: its login and content pages with the images and stylesheet they link,
  * each name prefixed with the host's (e.g. "Learning portal - Log in", "Learning portal mobile - Log in"),
  * so that a run with both hosts tells them apart. A content page is one name whatever its topic, so that
  * per-cycle figures add up over the feeder's pages.
  */
final class PortalReading(host: String, val LogInGroup: String, val PageGroup: String) {
  val LoginForm = s"$host - Login form"
  val LogIn = s"$host - Log in"
  val ContentPage = s"$host - Content page"
  val Stylesheet = s"$host - Stylesheet"
  val Image = s"$host - Image"

  val names: Set[String] = Set(LoginForm, LogIn, ContentPage, Stylesheet, Image)

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

  /** The page at the feeder's `path`; Gatling then fetches the images and stylesheet it links. Its `<h1>`
    * is read by a regex, not `css`: a css check builds the whole page's DOM, and at every seed's peak (these
    * pages 480 a second, vote.nz's 140) css checks took a tenth of the injector's CPU (`bench/all-peaks.sh`, JFR).
    */
  def contentPage: HttpRequestBuilder =
    http(ContentPage)
      .get("#{path}")
      .header("Accept", "text/html,application/xhtml+xml")
      .check(status.is(200), regex(PortalReading.Heading).is("#{title}"))
}

object PortalReading {

  /** The text of a page's first `<h1>`, its attributes and surrounding white space aside, as the HTML has it. */
  val Heading = """<h1[^>]*>\s*([^<]*?)\s*</h1>"""
}

/** The learning portal's requests and groups (docs/systems/learning-portal.md). Names are a contract. */
object LearningPortalRequests {

  /** The portal's own host, read by a desktop browser. */
  val Desktop = new PortalReading("Learning portal", "Log in", "Page")

  /** The same pages on the portal's mobile host. */
  val Mobile = new PortalReading("Learning portal mobile", "Mobile log in", "Mobile page")

  val LogInGroup: String = Desktop.LogInGroup
  val PageGroup: String = Desktop.PageGroup
  val PracticeGroup = "Practice"

  val LoginForm: String = Desktop.LoginForm
  val LogIn: String = Desktop.LogIn
  val ContentPage: String = Desktop.ContentPage
  val Stylesheet: String = Desktop.Stylesheet
  val Image: String = Desktop.Image
  val OpenPractice = "Learning portal - Open practice"
  val AnswerQuestion = "Learning portal - Answer question"

  val names: Set[String] = Desktop.names ++ Set(OpenPractice, AnswerQuestion)

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
