package dvp.standin

import java.net.{ CookieManager, URI, URLEncoder }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.UTF_8
import java.time.Duration

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import dvp.{ DvpPdf, DvpPeople, DvpRequests }
import io.gatling.commons.validation.{ Failure, Success }
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The Download Voting Papers stand-in as a browser meets it, stubs answering at once. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DvpStandInTest {
  private val mapper = new ObjectMapper
  private var sandbox: RunningSandbox = _
  private val inNz = DvpPeople.person(42)
  private val overseas = DvpPeople.person(DvpPeople.InNz + 7)

  @BeforeAll def start(): Unit = sandbox = SandboxTestKit.start("sandbox.stubs.delay.ms = 0", "dvp" -> DvpStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  /** One visitor: a cookie jar, and the form token of the landing page once opened. */
  private final class Browser {
    private val http =
      HttpClient.newBuilder().cookieHandler(new CookieManager).connectTimeout(Duration.ofSeconds(5)).build()
    var formToken: Option[String] = None

    def open(): HttpResponse[String] = {
      val page = get("/app/dvp")
      formToken = """name="formToken" value="([0-9a-f]+)"""".r.findFirstMatchIn(page.body).map(_.group(1))
      page
    }

    private def request(pathAndQuery: String) = {
      val r = HttpRequest.newBuilder(URI.create(sandbox.baseUrls("dvp") + pathAndQuery))
      formToken.foreach(r.header(DvpRequests.TokenHeader, _))
      r
    }

    def get(pathAndQuery: String): HttpResponse[String] =
      http.send(request(pathAndQuery).build(), HttpResponse.BodyHandlers.ofString())

    def download(path: String): HttpResponse[Array[Byte]] =
      http.send(
        HttpRequest.newBuilder(URI.create(sandbox.baseUrls("dvp") + path)).build(),
        HttpResponse.BodyHandlers.ofByteArray()
      )

    def post(call: String, form: (String, String)*): HttpResponse[String] = {
      val body = form.map { case (k, v) => s"$k=${URLEncoder.encode(v, UTF_8)}" }.mkString("&")
      http.send(
        request(s"/app/dvp/ajax/$call")
          .header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString(body))
          .build(),
        HttpResponse.BodyHandlers.ofString()
      )
    }

    /** Types the whole address and picks it, then sends the enrolment details; the elector's reference. */
    def details(person: Seq[String]): JsonNode = {
      val addressId = json(get(s"/app/dvp/ajax/address?q=${URLEncoder.encode(person(4), UTF_8)}"))
        .path("suggestions").get(0).path("id").asText
      json(post(
        "details",
        "firstName" -> person(0),
        "surname" -> person(2),
        "dateOfBirth" -> person(3),
        "addressId" -> addressId
      ))
    }
  }

  private def json(r: HttpResponse[String]): JsonNode = mapper.readTree(r.body)

  private def reference(found: JsonNode) = "electorReference" -> found.path("electorReference").asText

  @Test def theLandingPageCarriesAFormTokenAndASessionCookie(): Unit = {
    val b = new Browser
    val page = b.open()
    assertEquals(200, page.statusCode)
    assertTrue(page.headers.firstValue("Content-Type").get.startsWith("text/html"))
    assertTrue(page.headers.firstValue("Set-Cookie").get.startsWith("DVPSESSION="))
    assertTrue(b.formToken.isDefined, page.body)
  }

  @Test def aCallWithoutTheFormTokenOrSessionIsRefused(): Unit = {
    val b = new Browser
    b.open()
    val token = b.formToken
    b.formToken = None
    assertEquals(403, b.post("details", "firstName" -> "Mere").statusCode)
    assertEquals(403, b.get("/app/dvp/ajax/address?q=12%20Queen").statusCode, "address completion too")
    b.formToken = token.map(_.reverse)
    assertEquals(403, b.post("details", "firstName" -> "Mere").statusCode, "a wrong token")
    assertEquals(403, new Browser().post("details", "firstName" -> "Mere").statusCode, "no session at all")
  }

  @Test def enrolmentDetailsFindTheElectorAtTheAddressPicked(): Unit = {
    val b = new Browser
    b.open()
    val home = b.details(inNz)
    assertTrue(home.path("found").asBoolean, home.toString)
    assertFalse(home.path("overseasAddress").asBoolean)
    val away = b.details(overseas)
    assertTrue(away.path("overseasAddress").asBoolean, away.toString)
    assertTrue(away.path("electorReference").asText.matches("V[0-9]{7}"), away.toString)
    val elsewhere = b.post(
      "details",
      "firstName" -> inNz(0),
      "surname" -> inNz(2),
      "dateOfBirth" -> inNz(3),
      "addressId" -> "A9999999"
    )
    assertFalse(json(elsewhere).path("found").asBoolean, "not at an address the register lacks")
    assertEquals(400, b.post("details", "firstName" -> "Mere").statusCode, "surname and the rest missing")
  }

  @Test def anElectorInNewZealandCannotDownloadForBeingOutsideIt(): Unit = {
    val b = new Browser
    b.open()
    val found = b.details(inNz)
    assertFalse(json(b.post("reason/outside", reference(found))).path("eligible").asBoolean(true))
    assertEquals(409, b.post("confirm", reference(found)).statusCode, "not eligible: no confirmation")
  }

  @Test def stepsOutOfOrderAreRefused(): Unit = {
    val b = new Browser
    b.open()
    assertEquals(409, b.post("reason/outside", "electorReference" -> "V0000001").statusCode, "reason before details")
    val found = b.details(overseas)
    assertEquals(409, b.post("confirm", reference(found)).statusCode, "confirm before a reason")
    assertEquals(400, b.post("reason/outside", "electorReference" -> "V0000001").statusCode, "another's reference")
    assertTrue(json(b.post("reason/outside", reference(found))).path("eligible").asBoolean)
    assertEquals(409, b.download("/app/dvp/papers/made-up.pdf").statusCode, "download before confirm")
    val url = json(b.post("confirm", reference(found))).path("downloadUrl").asText
    assertEquals(403, new Browser().download(url).statusCode, "another visitor's download link")
  }

  @Test def remoteGroundsAreCheckedThenTheVotingPapersDownloadAsAMultiPagePdf(): Unit = {
    val b = new Browser
    b.open()
    val found = b.details(overseas)
    val remote = b.post("reason/remote", reference(found))
    assertTrue(json(remote).path("eligible").asBoolean, remote.body)
    val url = json(b.post("confirm", reference(found))).path("downloadUrl").asText
    val papers = b.download(url)
    assertEquals(200, papers.statusCode)
    assertEquals("application/pdf", papers.headers.firstValue("Content-Type").get)
    assertEquals(Success(3), DvpPdf.check(papers.body, minPages = 2), "sandbox.dvp.pdfPages")
  }

  @Test def theDownloadCheckRejectsWhatIsNotAPdfOfEnoughPages(): Unit = {
    assertEquals(Failure("not a PDF: starts '<html', not '%PDF-'"), DvpPdf.check("<html></html>".getBytes(UTF_8), 1))
    assertTrue(DvpPdf.check("%PDF-1.7 truncated".getBytes(UTF_8), 1).toString.contains("not a PDF: "))
    assertEquals(Failure("2 pages, fewer than 3"), DvpPdf.check(DvpPdf.votingPapers(2), 3))
  }
}
