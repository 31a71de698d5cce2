package raid.standin

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.node.ObjectNode
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import raid.standin.RaidErrorAssertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The stand-in's API behaviour, with stubs answering at once (delay 0); its error answers are the
  * real RAiD v2 API's (see [[RaidApiStandIn]]).
  */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RaidStandInTest {
  private val owner = 20000001L
  private val token = RaidBodies.token(owner)

  private var sandbox: RunningSandbox = _
  private var client: RaidTestClient = _

  @BeforeAll def start(): Unit = {
    sandbox = SandboxTestKit.start(
      """sandbox.stubs.delay { distribution = fixed, ms = 0 }
        |sandbox.raid { listLimit = 5, seedRaids = 30, seedServicePoints { firstId = 30000000, count = 3 } }
        |""".stripMargin,
      "raid" -> RaidStandIn
    )
    client = new RaidTestClient(sandbox.baseUrls("raid"))
  }

  @AfterAll def stop(): Unit = sandbox.close()

  private def mint(servicePointId: Long = owner, contributors: Int = 1, organisations: Int = 1): Reply = {
    val reply = client.mint(RaidBodies.token(servicePointId), RaidBodies.create(contributors, organisations))
    assertEquals(201, reply.status, reply.body)
    reply
  }

  @Test def everyCallWithoutABearerTokenIs401WithAProblemBodyAndABearerChallenge(): Unit = {
    Seq(
      "GET" -> "/raid/",
      "POST" -> "/raid/",
      "GET" -> "/raid/102.100.100/00000001",
      "PUT" -> "/raid/102.100.100/00000001"
    )
      .foreach { case (method, path) =>
        val reply = client.send(method, path, token = None, body = Some("{}"))
        assertFrameworkError(reply, 401, path)
        assertEquals(Some("Bearer"), reply.header("WWW-Authenticate"), s"$method $path")
      }
    val malformed = client.send("GET", "/raid/?servicePointId=1", Some("sandbox.notanumber.x"))
    assertFrameworkError(malformed, 401, "/raid/")
    assertEquals(Some("Bearer"), malformed.header("WWW-Authenticate"))
    assertFalse(malformed.body.contains("notanumber"), "the token must not be echoed")
  }

  @Test def unknownRaidIs404ResourceNotFound(): Unit = {
    val unknown = "102.100.100/ffffffffffff"
    val read = client.read(token, unknown)
    val problem = assertRaidError(read, 404, "ResourceNotFoundException", "The resource was not found.")
    assertEquals(s"No RAiD was found with handle $unknown.", problem.get("detail").asText)
    assertFalse(problem.has("failures"))

    val update = client.update(token, unknown, RaidBodies.create(1, 1))
    assertEquals(
      s"No RAiD was found with handle $unknown.",
      assertRaidError(update, 404, "ResourceNotFoundException", "The resource was not found.").get("detail").asText
    )
  }

  @Test def unknownPathsAre404AndOtherMethods405WithAllow(): Unit = {
    assertFrameworkError(client.send("GET", "/raids", Some(token)), 404, "/raids")
    assertFrameworkError(
      client.send("GET", "/raid/102.100.100/00000001/history/x", Some(token)),
      404,
      "/raid/102.100.100/00000001/history/x"
    )

    val onCollection = client.send("DELETE", "/raid/", Some(token))
    assertEquals(
      "Method 'DELETE' is not supported.",
      assertFrameworkError(onCollection, 405, "/raid/").get("detail").asText
    )
    assertEquals(Some("GET, POST"), onCollection.header("Allow"))

    val onRaid = client.send("PATCH", "/raid/102.100.100/00000001", Some(token), Some("{}"))
    assertEquals(
      "Method 'PATCH' is not supported.",
      assertFrameworkError(onRaid, 405, "/raid/102.100.100/00000001").get("detail").asText
    )
    assertEquals(Some("GET, PUT"), onRaid.header("Allow"))
  }

  @Test def aBadServicePointParameterIs400WithAProblemBody(): Unit = {
    val notANumber = client.send("GET", "/raid/?servicePointId=abc", Some(token))
    assertEquals(
      "Failed to convert 'servicePointId' with value: 'abc'",
      assertFrameworkError(notANumber, 400, "/raid/").get("detail").asText
    )
    val missing = client.send("GET", "/raid/", Some("an-opaque-token"))
    assertEquals(
      "Required parameter 'servicePointId' is not present.",
      assertFrameworkError(missing, 400, "/raid/").get("detail").asText
    )
  }

  @Test def mintAnswers201WithAnIdentifierAtVersion1(): Unit = {
    val reply = mint()
    val identifier = reply.json.get("identifier")
    assertTrue(
      identifier.get("id").asText.matches("https://raid\\.org/102\\.100\\.100/[0-9a-f]{12}"),
      identifier.toString
    )
    assertEquals("https://raid.org/", identifier.get("schemaUri").asText)
    assertEquals(1, identifier.get("version").asInt)
    assertEquals(owner, identifier.at("/owner/servicePoint").asLong)
    assertTrue(identifier.at("/registrationAgency/id").asText.startsWith("https://ror.org/"))
    assertEquals(Some(s"/raid/${RaidBodies.handleOf(reply.json)}"), reply.location)
    assertEquals("Sandbox test raid", reply.json.at("/title/0/text").asText)
  }

  @Test def readReturnsTheMintedRaid(): Unit = {
    val minted = mint()
    val read = client.read(token, RaidBodies.handleOf(minted.json))
    assertEquals(200, read.status)
    assertEquals(minted.json, read.json)
  }

  @Test def updatesIncrementTheVersionAndKeepContributors(): Unit = {
    val handle = RaidBodies.handleOf(mint().json)
    val second = client.update(token, handle, RaidBodies.withContributor(client.read(token, handle).json, 2))
    assertEquals(200, second.status, second.body)
    assertEquals(2, second.json.at("/identifier/version").asInt)
    val third = client.update(token, handle, RaidBodies.withContributor(client.read(token, handle).json, 3))
    assertEquals(200, third.status, third.body)
    assertEquals(3, third.json.at("/identifier/version").asInt)

    val read = client.read(token, handle).json
    assertEquals(3, read.at("/identifier/version").asInt)
    assertEquals(
      Seq("0000-0002-1825-0001", "0000-0002-1825-0002", "0000-0002-1825-0003").map("https://orcid.org/" + _),
      read.get("contributor").elements.asScala.map(_.get("id").asText).toSeq
    )
    assertEquals(3, read.get("description").size)
  }

  @Test def updateBasedOnAnOldVersionIs400InvalidVersionAndChangesNothing(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    assertEquals(200, client.update(token, handle, RaidBodies.withContributor(minted, 2)).status)
    val before = client.read(token, handle).json

    val stale = client.update(token, handle, RaidBodies.withContributor(minted, 3))
    val problem = assertRaidError(stale, 400, "InvalidVersionException", "Invalid version")
    assertEquals("Update failed with stale version: 1", problem.get("detail").asText)
    assertEquals(
      Seq(FailureEntry("identifier.version", "invalidValue", "Update failed with stale version: 1")),
      entries(problem),
      "a ValidationFailureResponse, as the spec declares for an update's 400"
    )
    assertEquals(before, client.read(token, handle).json, "nothing changes")
  }

  @Test def updateAheadOfTheStoredVersionIs400InvalidVersion(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    val ahead = RaidBodies.withContributor(minted, 2)
    identifierOf(ahead).put("version", 7)
    val reply = client.update(token, handle, ahead)
    assertEquals(
      "Update failed with stale version: 7",
      assertRaidError(reply, 400, "InvalidVersionException", "Invalid version").get("detail").asText
    )
    assertEquals(minted, client.read(token, handle).json, "nothing changes")
  }

  @Test def updateWithoutIdentifierVersionIs400AndChangesNothing(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)

    val withoutVersion = RaidBodies.withContributor(minted, 2)
    identifierOf(withoutVersion).remove("version")
    val nullVersion = RaidBodies.withContributor(minted, 2)
    identifierOf(nullVersion).putNull("version")
    val withoutIdentifier = RaidBodies.withContributor(minted, 2)
    withoutIdentifier.remove("identifier")

    Seq(withoutVersion, nullVersion, withoutIdentifier).foreach { body =>
      val reply = client.update(token, handle, body)
      val problem = assertRaidError(reply, 400, "InvalidVersionException", "Invalid version")
      assertEquals("Update failed with stale version: null", problem.get("detail").asText)
      assertEquals(Seq(FailureEntry("identifier.version", "notSet", "field must be set")), entries(problem))
    }
    assertEquals(minted, client.read(token, handle).json, "nothing changes")
  }

  @Test def aVersionThatIsNotAWholeNumberIs400InvalidJson(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    Seq[ObjectNode => Any](_.put("version", "1"), _.put("version", 1.5), _.putObject("version")).foreach { change =>
      val body = RaidBodies.withContributor(minted, 2)
      change(identifierOf(body))
      val reply = client.update(token, handle, body)
      val problem = assertRaidError(reply, 400, "InvalidJsonException", "Invalid JSON")
      assertTrue(problem.get("detail").asText.contains("identifier.version"), reply.body)
      assertEquals(Seq(("identifier.version", "invalidValue")), entries(problem).map(f => (f.fieldId, f.errorType)))
    }
    assertEquals(minted, client.read(token, handle).json, "nothing changes")
  }

  @Test def writesNeedTheOwningServicePoint(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)

    val otherOwner = client.update(RaidBodies.token(owner + 1), handle, minted)
    val crossAccount =
      assertRaidError(otherOwner, 403, "CrossAccountAccessException", "You do not have permission to access this RAiD.")
    assertEquals(
      s"You don't have permission to access RAiDs with a service point of ${owner + 1}",
      crossAccount.get("detail").asText
    )

    val noServicePoint = client.mint("an-opaque-token", RaidBodies.create(1, 1))
    assertTrue(assertRaidError(
      noServicePoint,
      403,
      "InvalidAccessException",
      "Forbidden"
    ).get("detail").asText.contains("service point"))
    assertRaidError(client.update("an-opaque-token", handle, minted), 403, "InvalidAccessException", "Forbidden")
    // Tokens without a service point may still read.
    assertEquals(200, client.read("an-opaque-token", handle).status)
    assertEquals(minted, client.read(token, handle).json, "nothing changes")
  }

  @Test def invalidBodiesAre400WithAFailureNamingTheField(): Unit = {
    val noContributor = RaidBodies.create(1, 1)
    noContributor.putArray("contributor")
    val badOrcid = RaidBodies.create(1, 1)
    badOrcid.at("/contributor/0").asInstanceOf[ObjectNode].put("id", "https://orcid.org/123")
    val notAnOrcid = RaidBodies.create(1, 1)
    notAnOrcid.at("/contributor/0").asInstanceOf[ObjectNode].put("id", "https://example.org/0000-0002-1825-0001")
    val badRor = RaidBodies.create(1, 1)
    badRor.at("/organisation/0").asInstanceOf[ObjectNode].put("id", "https://ror.org/nope")
    val noTitle = RaidBodies.create(1, 1)
    noTitle.remove("title")
    val blankTitle = RaidBodies.create(1, 1)
    blankTitle.at("/title/0").asInstanceOf[ObjectNode].put("text", " ")
    val noStartDate = RaidBodies.create(1, 1)
    noStartDate.putObject("date")
    val noAccessType = RaidBodies.create(1, 1)
    noAccessType.putObject("access")
    Seq(
      noContributor -> FailureEntry("contributor", "notSet", "field must be set"),
      badOrcid -> FailureEntry("contributor[0].id", "invalidValue", "too short"),
      notAnOrcid -> FailureEntry("contributor[0].id", "invalidValue", "should start with https://orcid.org/"),
      noTitle -> FailureEntry("title", "notSet", "field must be set"),
      blankTitle -> FailureEntry("title[0].title", "notSet", "field must be set"),
      noStartDate -> FailureEntry("date.start", "notSet", "field must be set"),
      noAccessType -> FailureEntry("access.type", "notSet", "field must be set")
    ).foreach { case (body, expected) =>
      assertEquals(Seq(expected), failuresOf(client.mint(token, body)))
    }
    val rorFailure = failuresOf(client.mint(token, badRor))
    assertEquals(Seq(("organisation[0].id", "invalidValue")), rorFailure.map(f => (f.fieldId, f.errorType)))
    assertTrue(rorFailure.head.message.startsWith("has invalid/unsupported value - should match"), rorFailure.toString)
  }

  @Test def everyValidationFailureIsReported(): Unit = {
    val body = RaidBodies.create(1, 1)
    body.remove("title")
    body.putArray("contributor")
    val reply = client.mint(token, body)
    assertEquals(Seq("title", "contributor"), failuresOf(reply).map(_.fieldId))
    assertEquals(
      "Request had 2 validation failure(s). See failures for more details...",
      reply.json.get("detail").asText
    )
  }

  @Test def bodiesThatAreNotARaidAre400InvalidJsonWithAFailureNamingTheField(): Unit = {
    val titleNotAnArray = RaidBodies.create(1, 1)
    titleNotAnArray.put("title", "a title")
    Seq("not json" -> "body", "[1, 2]" -> "body", "" -> "body", titleNotAnArray.toString -> "title").foreach {
      case (body, field) =>
        val reply = client.send("POST", "/raid/", Some(token), Some(body))
        val problem = assertRaidError(reply, 400, "InvalidJsonException", "Invalid JSON")
        val detail = problem.get("detail").asText
        assertTrue(detail.startsWith("JSON parse error: "), reply.body)
        assertEquals(
          Seq(FailureEntry(field, "invalidValue", detail.stripPrefix("JSON parse error: "))),
          entries(problem),
          "a ValidationFailureResponse, as the spec declares for a mint's 400"
        )
    }
  }

  @Test def anInvalidUpdateIs400AndChangesNothing(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    val other = RaidBodies.handleOf(mint().json)

    val noContributor = minted.deepCopy[ObjectNode]()
    noContributor.putArray("contributor")
    assertEquals(
      Seq(FailureEntry("contributor", "notSet", "field must be set")),
      failuresOf(client.update(token, handle, noContributor))
    )

    // The record of another raid: the identifier is not the one in the path.
    val otherRecord = client.read(token, other).json
    assertEquals(
      Seq(FailureEntry("id.identifier", "invalidValue", "RAiD handle does not match handle in URL")),
      failuresOf(client.update(token, handle, otherRecord))
    )
    assertEquals(minted, client.read(token, handle).json, "nothing changes")
    assertEquals(otherRecord, client.read(token, other).json, "nothing changes")
  }

  @Test def listReturnsTheServicePointsRaidsNewestFirstUpToTheLimit(): Unit = {
    val servicePoint = 30000001L // seeded with 10 raids; the limit is 5
    val minted = mint(servicePointId = servicePoint)
    val reply = client.list(RaidBodies.token(servicePoint), servicePoint)
    assertEquals(200, reply.status)
    val raids = reply.json.elements.asScala.toVector
    assertEquals(5, raids.size)
    assertEquals(minted.json, raids.head)
    raids.foreach(r => assertEquals(servicePoint, r.at("/identifier/owner/servicePoint").asLong))
    assertEquals(raids.size, raids.map(_.at("/identifier/id").asText).distinct.size)

    val empty = client.list(token, 99999L)
    assertEquals(200, empty.status)
    assertEquals("[]", empty.body)
  }

  // The fastest of a few calls: a busy machine can slow any one of them, but not every one past 500 ms, while
  // a stand-in that still waited for its stubs (4 calls of 500 ms in the mapping files) never beats 2,000 ms.
  @Test def withoutStubDelayMintsAndUpdatesAreFast(): Unit = {
    mint() // warm-up
    val minted = Seq.fill(3)(mint())
    assertTrue(minted.map(_.millis).min < 500, s"mints took ${minted.map(_.millis).mkString(", ")} ms")
    val updated = minted.map { m =>
      val raid = RaidBodies.withContributor(RaidBodies.withContributor(m.json, 2), 3)
      client.update(token, RaidBodies.handleOf(m.json), raid)
    }
    updated.foreach(reply => assertEquals(200, reply.status))
    assertTrue(updated.map(_.millis).min < 500, s"updates took ${updated.map(_.millis).mkString(", ")} ms")
  }

  private def identifierOf(raid: ObjectNode): ObjectNode = raid.get("identifier").asInstanceOf[ObjectNode]

  /** A 400's `failures`, which the spec requires of every ValidationFailureResponse. */
  private def entries(problem: com.fasterxml.jackson.databind.JsonNode): Seq[FailureEntry] = {
    assertTrue(problem.path("failures").isArray, problem.toString)
    problem.get("failures").elements.asScala.toSeq.map(f =>
      FailureEntry(f.get("fieldId").asText, f.get("errorType").asText, f.get("message").asText)
    )
  }

  private def failuresOf(reply: Reply): Seq[FailureEntry] = {
    val problem = assertRaidError(reply, 400, "ValidationException", "There were validation failures.")
    val failures = entries(problem)
    assertEquals(
      s"Request had ${failures.size} validation failure(s). See failures for more details...",
      problem.get("detail").asText
    )
    failures
  }
}
