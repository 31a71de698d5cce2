package eroll.standin

import journey.Feeders

import java.net.{ URI, URLEncoder }
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.UTF_8
import java.time.Duration

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import eroll.ERollPeople
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The eRoll API stand-in as an API client meets it, the correspondence stub answering after 300 ms. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ERollStandInTest {
  private val StubDelayMs = 300
  private val mapper = new ObjectMapper
  private val http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
  private var sandbox: RunningSandbox = _
  private val Seq(username, password) = ERollPeople.staff(17): @unchecked
  private val person = ERollPeople.person(57)
  private val mononym = ERollPeople.person(ERollPeople.MononymEvery * 3)

  @BeforeAll def start(): Unit =
    sandbox = SandboxTestKit.start(s"sandbox.stubs.delay.ms = $StubDelayMs", "eroll" -> ERollStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  private def send(
      method: String,
      pathAndQuery: String,
      token: Option[String],
      body: String = ""
  ): HttpResponse[String] = {
    val request = HttpRequest
      .newBuilder(URI.create(sandbox.baseUrls("eroll") + pathAndQuery))
      .header("Content-Type", "application/json")
      .method(
        method,
        if (body.isEmpty) HttpRequest.BodyPublishers.noBody() else HttpRequest.BodyPublishers.ofString(body)
      )
    token.foreach(t => request.header("Authorization", s"Bearer $t"))
    http.send(request.build(), HttpResponse.BodyHandlers.ofString())
  }

  private def json(r: HttpResponse[String]): JsonNode = mapper.readTree(r.body)

  private def login(user: String = username, secret: String = password): HttpResponse[String] =
    send("POST", "/api/login", None, s"""{"username":"$user","password":"$secret"}""")

  private def token(): String = json(login()).path("token").asText

  private def persons(token: String, query: (String, String)*): JsonNode =
    json(send(
      "GET",
      "/api/persons?" + query.map { case (k, v) => s"$k=${URLEncoder.encode(v, UTF_8)}" }.mkString("&"),
      Some(token)
    ))

  private def electorIds(found: JsonNode): Seq[String] =
    found.path("results").elements.asScala.map(_.path("electorId").asText).toSeq

  @Test def everyCallNeedsTheTokenOfALiveSession(): Unit = {
    assertEquals(401, send("GET", "/api/electorates", None).statusCode, "no token")
    assertEquals(401, send("GET", "/api/electorates", Some("made-up")).statusCode, "a token never issued")
    assertEquals(401, login(secret = "wrong").statusCode, "a bad password")
    assertEquals(401, login(user = "eroll.staff.99999").statusCode, "an unknown account")
    val t = token()
    assertEquals(200, send("GET", "/api/electorates", Some(t)).statusCode)
    assertEquals(204, send("POST", "/api/logout", Some(t)).statusCode)
    assertEquals(401, send("GET", "/api/electorates", Some(t)).statusCode, "after logout")
  }

  @Test def electoratesAreListed(): Unit = {
    val electorates = json(send("GET", "/api/electorates?withElection=true", Some(token()))).path("electorates")
    assertTrue(electorates.size > 0, electorates.toString)
    assertTrue(electorates.get(0).path("code").asText.nonEmpty)
  }

  @Test def searchVariantsFindThePerson(): Unit = {
    val t = token()
    val Seq(id, first, middle, surname) = person.take(4): @unchecked
    val wild = Seq("surname" -> (surname.take(3) + "*"), "firstName" -> (first.take(3) + "*"))
    val exact = persons(t, "surname" -> surname, "firstName" -> first, "middleNames" -> middle)
    assertTrue(electorIds(exact).contains(id), exact.toString)
    assertTrue(
      electorIds(exact).size < electorIds(persons(t, "surname" -> surname, "firstName" -> first)).size,
      "no middle names: more"
    )
    assertTrue(electorIds(persons(t, wild :+ ("middleNames" -> middle): _*)).contains(id), "wild")
    val wildNoMidnames = persons(t, wild: _*)
    assertTrue(electorIds(wildNoMidnames).contains(id), "wild, no middle names")
    assertTrue(
      wildNoMidnames.path("results").elements.asScala.forall(_.path("surname").asText.startsWith(surname.take(3)))
    )
    assertEquals(0, electorIds(persons(t, "surname" -> "Nobody", "firstName" -> first)).size)
  }

  @Test def mononymsAreFoundByTheirOneNameOnly(): Unit = {
    val t = token()
    val found = persons(t, "surname" -> mononym(3), "mononym" -> "true")
    assertTrue(electorIds(found).contains(mononym.head), found.toString)
    found.path("results").elements.asScala.foreach(p => assertEquals("", p.path("firstName").asText))
    assertEquals(
      400,
      send("GET", s"/api/persons?surname=${mononym(3)}", Some(t)).statusCode,
      "a first name or mononym=true"
    )
  }

  @Test def everyPersonIsFoundWithinTheResultLimitByEveryVariant(): Unit = {
    val roll = new ERollRoll(Feeders.csvRecords("feeders/eroll/roll.csv", ERollPeople.RollColumns))
    val limit = 100
    roll.people.foreach { p =>
      val queries =
        if (p.firstName.isEmpty) Seq(PersonQuery(p.surname, "", "", mononym = true))
        else {
          val (s, f) = (p.surname.take(3) + "*", p.firstName.take(3) + "*")
          Seq(
            PersonQuery(p.surname, p.firstName, p.middleNames, mononym = false),
            PersonQuery(s, f, p.middleNames, mononym = false),
            PersonQuery(p.surname, p.firstName, "", mononym = false),
            PersonQuery(s, f, "", mononym = false)
          )
        }
      queries.foreach(q =>
        assertTrue(roll.search(q).take(limit).exists(_.electorId == p.electorId), s"$q finds ${p.electorId}")
      )
    }
  }

  @Test def addressCompletionFeedsLookup(): Unit = {
    val t = token()
    val address = person(5)
    val suggestions =
      json(send("GET", s"/api/residential_addresses?q=${URLEncoder.encode(address.take(10), UTF_8)}", Some(t)))
        .path("suggestions")
    assertTrue(suggestions.size > 0 && suggestions.size <= 10, suggestions.toString)
    val id = suggestions.elements.asScala.find(_.path("label").asText == address).map(_.path("id").asText).get
    val looked = json(send("GET", s"/api/lookup_address?id=$id", Some(t)))
    assertEquals(address, looked.path("address").asText)
    assertEquals(person(6), looked.path("electorate").asText)
    assertEquals(404, send("GET", "/api/lookup_address?id=A9999999", Some(t)).statusCode)
  }

  @Test def anEnrolUpdateGoesThroughTheMda2Correspondence(): Unit = {
    val t = token()
    val started = System.nanoTime()
    val updated = send("POST", "/api/enrol", Some(t), s"""{"electorId":"${person.head}","correspondence":"MDA2"}""")
    val tookMs = (System.nanoTime() - started) / 1000000
    assertEquals(200, updated.statusCode, updated.body)
    assertEquals("MDA2", json(updated).path("correspondence").path("type").asText)
    assertTrue(json(updated).path("correspondence").path("id").asText.startsWith("MDA2-"), updated.body)
    assertTrue(tookMs >= StubDelayMs, s"the correspondence stub's delay: $tookMs ms")
    assertEquals(404, send("POST", "/api/enrol", Some(t), """{"electorId":"R99999999"}""").statusCode)
  }
}
