package sandbox

import java.util.concurrent.{CompletableFuture, TimeUnit}

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The stand-in's API behaviour, with stubs answering at once (delay 0). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RaidStandInTest {
  private val owner = 20000001L
  private val token = RaidBodies.token(owner)

  private var sandbox: RunningSandbox = _
  private var client: TestRaidClient = _

  @BeforeAll def start(): Unit = {
    sandbox = Sandbox.start(
      SandboxSettings.fromConfig(
        ConfigFactory.parseString(
          """sandbox.stubs.delay { distribution = fixed, ms = 0 }
            |sandbox.raid { listLimit = 5, seedRaids = 30, seedServicePoints { firstId = 30000000, count = 3 } }
            |""".stripMargin
        )
      )
    )
    client = new TestRaidClient(sandbox.raidBaseUrl)
  }

  @AfterAll def stop(): Unit = sandbox.close()

  private def mint(servicePointId: Long = owner, contributors: Int = 1, organisations: Int = 1): Reply = {
    val reply = client.mint(RaidBodies.token(servicePointId), RaidBodies.create(contributors, organisations))
    assertEquals(201, reply.status, reply.body)
    reply
  }

  @Test def everyCallWithoutABearerTokenIs401(): Unit = {
    Seq("GET" -> "/raid/", "POST" -> "/raid/", "GET" -> "/raid/102.100.100/00000001", "PUT" -> "/raid/102.100.100/00000001")
      .foreach { case (method, path) =>
        val reply = client.send(method, path, token = None, body = Some("{}"))
        assertEquals(401, reply.status, s"$method $path")
        assertEquals(401, reply.json.get("status").asInt)
      }
    val malformed = client.send("GET", "/raid/?servicePointId=1", Some("sandbox.notanumber.x"))
    assertEquals(401, malformed.status)
    assertFalse(malformed.body.contains("notanumber"), "the token must not be echoed")
  }

  @Test def unknownRaidIs404(): Unit = {
    val reply = client.read(token, "102.100.100/ffffffffffff")
    assertEquals(404, reply.status)
    assertTrue(reply.json.get("message").asText.contains("https://raid.org/102.100.100/ffffffffffff"))
    assertEquals(404, client.update(token, "102.100.100/ffffffffffff", RaidBodies.create(1, 1)).status)
  }

  @Test def mintAnswers201WithAnIdentifierAtVersion1(): Unit = {
    val reply = mint()
    val identifier = reply.json.get("identifier")
    assertTrue(identifier.get("id").asText.matches("https://raid\\.org/102\\.100\\.100/[0-9a-f]{12}"), identifier.toString)
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

  @Test def updateBasedOnAnOldVersionIs409(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    assertEquals(200, client.update(token, handle, RaidBodies.withContributor(minted, 2)).status)
    val stale = client.update(token, handle, RaidBodies.withContributor(minted, 3))
    assertEquals(409, stale.status)
    assertEquals(2, client.read(token, handle).json.at("/identifier/version").asInt)
  }

  @Test def writesNeedTheOwningServicePoint(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    assertEquals(403, client.update(RaidBodies.token(owner + 1), handle, minted).status)
    assertEquals(403, client.mint("an-opaque-token", RaidBodies.create(1, 1)).status)
    // Tokens without a service point may still read.
    assertEquals(200, client.read("an-opaque-token", handle).status)
  }

  @Test def invalidBodiesAre400NamingTheField(): Unit = {
    val noContributor = RaidBodies.create(1, 1)
    noContributor.putArray("contributor")
    val badOrcid = RaidBodies.create(1, 1)
    badOrcid.at("/contributor/0").asInstanceOf[com.fasterxml.jackson.databind.node.ObjectNode].put("id", "https://orcid.org/123")
    val noTitle = RaidBodies.create(1, 1)
    noTitle.remove("title")
    Seq(noContributor -> "contributor", badOrcid -> "contributor[0].id", noTitle -> "title").foreach { case (body, field) =>
      val reply = client.mint(token, body)
      assertEquals(400, reply.status, reply.body)
      assertTrue(reply.json.get("message").asText.startsWith(field), reply.body)
    }
    assertEquals(400, client.send("POST", "/raid/", Some(token), Some("not json")).status)
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

  @Test def withoutStubDelayMintsAndUpdatesAreFast(): Unit = {
    mint() // warm-up
    val minted = mint()
    assertTrue(minted.millis < 500, s"mint took ${minted.millis} ms")
    val raid = RaidBodies.withContributor(RaidBodies.withContributor(minted.json, 2), 3)
    val updated = client.update(token, RaidBodies.handleOf(minted.json), raid)
    assertEquals(200, updated.status)
    assertTrue(updated.millis < 500, s"update took ${updated.millis} ms")
  }

  @Test def concurrentMintsGetUniqueIds(): Unit = {
    val before = sandbox.raidCount
    val replies = parallel(50)(_ => client.sendAsync("POST", "/raid/", Some(token), Some(RaidBodies.create(2, 1).toString)))
    assertEquals(Seq.fill(50)(201), replies.map(_.status))
    assertEquals(50, replies.map(r => RaidBodies.handleOf(r.json)).distinct.size)
    assertEquals(before + 50, sandbox.raidCount)
  }

  @Test def concurrentUpdatesLoseNoVersionIncrement(): Unit = {
    val minted = mint().json
    val handle = RaidBodies.handleOf(minted)
    // Without identifier.version the update is unconditional: all 50 apply, one after another.
    val unconditional = RaidBodies.withContributor(minted, 2)
    unconditional.get("identifier").asInstanceOf[com.fasterxml.jackson.databind.node.ObjectNode].remove("version")
    val replies = parallel(50)(_ => client.sendAsync("PUT", s"/raid/$handle", Some(token), Some(unconditional.toString)))
    assertEquals(Seq.fill(50)(200), replies.map(_.status))
    assertEquals((2 to 51).toSet, replies.map(_.json.at("/identifier/version").asInt).toSet)
    assertEquals(51, client.read(token, handle).json.at("/identifier/version").asInt)

    // All based on version 51: exactly one wins, the others are told they are stale.
    val basedOn51 = RaidBodies.withContributor(client.read(token, handle).json, 3).toString
    val racing = parallel(50)(_ => client.sendAsync("PUT", s"/raid/$handle", Some(token), Some(basedOn51)))
    assertEquals(1, racing.count(_.status == 200))
    assertEquals(49, racing.count(_.status == 409))
    assertEquals(52, client.read(token, handle).json.at("/identifier/version").asInt)
  }

  private def parallel(n: Int)(call: Int => CompletableFuture[Reply]): Seq[Reply] = {
    val futures = (1 to n).map(call)
    CompletableFuture.allOf(futures: _*).get(30, TimeUnit.SECONDS)
    futures.map(_.join())
  }
}
