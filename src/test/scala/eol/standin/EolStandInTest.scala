package eol.standin

import java.net.{ CookieManager, URI, URLEncoder }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.UTF_8
import java.time.Duration

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import eol.EolPeople
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The Enrol Online stand-in as a browser meets it, stubs answering at once. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EolStandInTest {
  private val mapper = new ObjectMapper
  private var sandbox: RunningSandbox = _
  private val elector = EolPeople.person(42)
  private val enrolee = EolPeople.person(EolPeople.Electors + 7)

  @BeforeAll def start(): Unit = sandbox = SandboxTestKit.start("sandbox.stubs.delay.ms = 0", "eol" -> EolStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  /** One visitor: a cookie jar, and the CSRF token of the landing page once opened. */
  private final class Browser {
    private val http =
      HttpClient.newBuilder().cookieHandler(new CookieManager).connectTimeout(Duration.ofSeconds(5)).build()
    var csrf: Option[String] = None

    def open(): HttpResponse[String] = {
      val page = get("/app/enrol")
      csrf = """name="csrf-token" content="([0-9a-f]+)"""".r.findFirstMatchIn(page.body).map(_.group(1))
      page
    }

    def get(pathAndQuery: String): HttpResponse[String] =
      http.send(
        HttpRequest.newBuilder(URI.create(sandbox.baseUrls("eol") + pathAndQuery)).build(),
        HttpResponse.BodyHandlers.ofString()
      )

    def post(call: String, form: (String, String)*): HttpResponse[String] = {
      val body = form.map { case (k, v) => s"$k=${URLEncoder.encode(v, UTF_8)}" }.mkString("&")
      val request = HttpRequest
        .newBuilder(URI.create(sandbox.baseUrls("eol") + s"/app/enrol/ajax/$call"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(body))
      csrf.foreach(request.header("X-CSRF-Token", _))
      http.send(request.build(), HttpResponse.BodyHandlers.ofString())
    }
  }

  private def json(r: HttpResponse[String]): JsonNode = mapper.readTree(r.body)

  private def searchFor(b: Browser, person: Seq[String]) =
    b.post("search", "firstName" -> person(0), "surname" -> person(2), "dateOfBirth" -> person(3))

  @Test def theLandingPageCarriesACsrfTokenAndASessionCookie(): Unit = {
    val b = new Browser
    val page = b.open()
    assertEquals(200, page.statusCode)
    assertTrue(page.headers.firstValue("Content-Type").get.startsWith("text/html"))
    assertTrue(page.headers.firstValue("Set-Cookie").get.startsWith("EOLSESSION="))
    assertTrue(b.csrf.isDefined, page.body)
  }

  @Test def anAjaxCallWithoutTheCsrfTokenIsRefused(): Unit = {
    val b = new Browser
    b.open()
    val token = b.csrf
    b.csrf = None
    assertEquals(403, searchFor(b, elector).statusCode)
    b.csrf = token.map(_.reverse)
    assertEquals(403, searchFor(b, elector).statusCode, "a wrong token")
    assertEquals(403, searchFor(new Browser, elector).statusCode, "no session at all")
  }

  @Test def searchFindsAnElectorOnceAndAnEnroleeNever(): Unit = {
    val b = new Browser
    b.open()
    val found = json(searchFor(b, elector)).path("matches")
    assertEquals(1, found.size)
    assertTrue(found.get(0).path("electorId").asText.startsWith("E"))
    assertEquals(0, json(searchFor(b, enrolee)).path("matches").size)
    assertEquals(400, b.post("search", "firstName" -> "Mere").statusCode, "surname and date of birth missing")
  }

  @Test def addressCompletionSuggestsAddressesStartingWithThePrefix(): Unit = {
    val b = new Browser
    val address = elector(4)
    val suggestions = json(b.get(s"/js-ac/anon/residential-address?q=${URLEncoder.encode(address.take(6), UTF_8)}"))
      .path("suggestions")
    assertTrue(suggestions.size > 0 && suggestions.size <= 10, suggestions.toString)
    suggestions.forEach(s => assertTrue(s.path("label").asText.toLowerCase.startsWith(address.take(6).toLowerCase)))
    val whole =
      json(b.get(s"/js-ac/anon/residential-address?q=${URLEncoder.encode(address, UTF_8)}")).path("suggestions")
    assertEquals(address, whole.get(0).path("label").asText, "the whole address typed comes first")
    assertEquals(400, b.get("/js-ac/anon/residential-address?q=12").statusCode, "too short a prefix")
  }

  @Test def aWholeEnrolmentChainsTokensToAReference(): Unit = {
    val b = new Browser
    b.open()
    assertEquals(0, json(searchFor(b, enrolee)).path("matches").size)
    val verified = b.post(
      "nzta_dvl_verify",
      "licenceNumber" -> enrolee(6),
      "licenceVersion" -> enrolee(7),
      "surname" -> enrolee(2),
      "dateOfBirth" -> enrolee(3)
    )
    assertTrue(json(verified).path("verified").asBoolean, verified.body)
    val addressId = json(b.get(s"/js-ac/anon/residential-address?q=${URLEncoder.encode(enrolee(4), UTF_8)}"))
      .path("suggestions").get(0).path("id").asText
    val es = json(b.post(
      "esvalidator",
      "firstName" -> enrolee(0),
      "surname" -> enrolee(2),
      "dateOfBirth" -> enrolee(3),
      "email" -> enrolee(5)
    ))
    val submission =
      json(b.post("pre_submit_processing", "esToken" -> es.path("esToken").asText, "addressId" -> addressId))
    val form = b.post("enrolment_form", "submissionToken" -> submission.path("submissionToken").asText)
    assertEquals(200, form.statusCode, form.body)
    assertTrue(json(form).path("enrolmentReference").asText.matches("EOL[0-9]{9}"), form.body)
    assertEquals(
      409,
      b.post("enrolment_form", "submissionToken" -> submission.path("submissionToken").asText).statusCode,
      "submitted once"
    )
    assertEquals(204, b.post("enrolment_analytics", "step" -> "EOL - Enrolment form").statusCode)
  }

  @Test def aChangeOfDetailsNamesTheElectorTheSearchFound(): Unit = {
    def declared(b: Browser, person: Seq[String]): (String, String) = {
      val es = json(b.post(
        "esvalidator",
        "firstName" -> person(0),
        "surname" -> person(2),
        "dateOfBirth" -> person(3),
        "email" -> person(5)
      )).path("esToken").asText
      val addressId = json(b.get(s"/js-ac/anon/residential-address?q=${URLEncoder.encode(person(4), UTF_8)}"))
        .path("suggestions").get(0).path("id").asText
      (es, addressId)
    }
    val b = new Browser
    b.open()
    val electorId = json(searchFor(b, elector)).path("matches").get(0).path("electorId").asText
    val (es, addressId) = declared(b, elector)
    def preSubmit(id: Option[String]) =
      b.post("pre_submit_processing", Seq("esToken" -> es, "addressId" -> addressId) ++ id.map("electorId" -> _): _*)
    assertEquals(400, preSubmit(None).statusCode, "no elector id")
    val other = preSubmit(Some("E00000001"))
    assertEquals(400, other.statusCode, "another elector's id")
    assertTrue(json(other).path("error").asText.startsWith("electorId: "), other.body)
    val named = preSubmit(Some(electorId))
    assertEquals(200, named.statusCode, named.body)

    val e = new Browser
    e.open()
    assertEquals(0, json(searchFor(e, enrolee)).path("matches").size)
    val (enroleeEs, enroleeAddress) = declared(e, enrolee)
    assertEquals(
      400,
      e.post("pre_submit_processing", "esToken" -> enroleeEs, "addressId" -> enroleeAddress, "electorId" -> electorId)
        .statusCode,
      "an enrolment names no elector: its search found none"
    )
  }

  @Test def stepsOutOfOrderAreRefused(): Unit = {
    val b = new Browser
    b.open()
    assertEquals(
      409,
      b.post(
        "nzta_dvl_verify",
        "licenceNumber" -> "AB123456",
        "licenceVersion" -> "001",
        "surname" -> "X",
        "dateOfBirth" -> "1980-01-01"
      ).statusCode,
      "licence before search"
    )
    searchFor(b, elector)
    assertEquals(
      409,
      b.post("pre_submit_processing", "esToken" -> "made-up", "addressId" -> "A0000001").statusCode,
      "pre-submit before the declaration"
    )
    assertEquals(
      409,
      b.post("pp_assertion_resolve", "assertionId" -> "never-initiated").statusCode,
      "resolve before initiate"
    )
    val initiated = json(b.post("pp_assertion_initiate", "passportNumber" -> elector(8))).path("assertionId").asText
    assertTrue(initiated.nonEmpty)
    assertTrue(json(b.post("pp_assertion_resolve", "assertionId" -> initiated)).path("verified").asBoolean)
  }

  @Test def emailValidationSaysWhetherAnAddressLooksValid(): Unit = {
    val b = new Browser
    assertTrue(json(b.get("/js-ac/anon/email-valid?email=mere%40example.org.nz")).path("valid").asBoolean)
    assertFalse(json(b.get("/js-ac/anon/email-valid?email=not-an-email")).path("valid").asBoolean)
  }
}
