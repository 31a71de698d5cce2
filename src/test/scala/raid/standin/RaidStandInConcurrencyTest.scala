package raid.standin

import java.util.concurrent.{ CompletableFuture, TimeUnit }

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import raid.standin.RaidErrorAssertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The stand-in under concurrent mints and updates: unique handles, one winner per version, no lost update. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RaidStandInConcurrencyTest {
  private val token = RaidBodies.token(20000001L)

  private var sandbox: RunningSandbox = _
  private var client: RaidTestClient = _

  @BeforeAll def start(): Unit = {
    sandbox = SandboxTestKit.start("sandbox.stubs.delay { distribution = fixed, ms = 0 }", "raid" -> RaidStandIn)
    client = new RaidTestClient(sandbox.baseUrls("raid"))
  }

  @AfterAll def stop(): Unit = sandbox.close()

  private def mint(): Reply = {
    val reply = client.mint(token, RaidBodies.create(1, 1))
    assertEquals(201, reply.status, reply.body)
    reply
  }

  @Test def concurrentMintsGetUniqueIds(): Unit = {
    val replies =
      parallel(50)(_ => client.sendAsync("POST", "/raid/", Some(token), Some(RaidBodies.create(2, 1).toString)))
    assertEquals(Seq.fill(50)(201), replies.map(_.status))
    val handles = replies.map(r => RaidBodies.handleOf(r.json))
    assertEquals(50, handles.distinct.size)
    assertEquals(Seq.fill(50)(200), handles.map(client.read(token, _).status), "every minted raid is stored")
  }

  @Test def concurrentUpdatesOfTheSameVersionHaveExactlyOneWinner(): Unit = {
    val handle = RaidBodies.handleOf(mint().json)
    val basedOn1 = RaidBodies.withContributor(client.read(token, handle).json, 2).toString
    val racing = parallel(50)(_ => client.sendAsync("PUT", s"/raid/$handle", Some(token), Some(basedOn1)))
    assertEquals(1, racing.count(_.status == 200), racing.map(_.status).toString)
    val losers = racing.filter(_.status != 200)
    assertEquals(49, losers.size)
    losers.foreach { reply =>
      val problem = assertRaidError(reply, 400, "InvalidVersionException", "Invalid version")
      assertEquals("Update failed with stale version: 1", problem.get("detail").asText)
    }
    val read = client.read(token, handle).json
    assertEquals(2, read.at("/identifier/version").asInt)
    assertEquals(2, read.get("contributor").size, "the winner's update, applied once")
  }

  @Test def eachUpdateSendingTheVersionItReadAppliesExactlyOnce(): Unit = {
    val handle = RaidBodies.handleOf(mint().json)
    (2 to 21).foreach { n =>
      val read = client.read(token, handle).json
      val body = RaidBodies.withContributor(read, n)
      val updated = client.update(token, handle, body)
      assertEquals(200, updated.status, updated.body)
      assertEquals(n, updated.json.at("/identifier/version").asInt)
      assertEquals(n, updated.json.get("contributor").size)
      // Sending the same update again is stale: it does not apply twice.
      assertRaidError(client.update(token, handle, body), 400, "InvalidVersionException", "Invalid version")
    }
    val read = client.read(token, handle).json
    assertEquals(21, read.at("/identifier/version").asInt)
    assertEquals(
      (1 to 21).map(n => f"https://orcid.org/0000-0002-1825-$n%04d"),
      read.get("contributor").elements.asScala.map(_.get("id").asText).toSeq
    )
  }

  @Test def concurrentWritersThatRereadOnInvalidVersionLoseNoUpdate(): Unit = {
    val handle = RaidBodies.handleOf(mint().json)
    val writers = 10
    val attempts = new java.util.concurrent.atomic.AtomicInteger
    // Each writer adds its own contributor: read, update with the version read, and on 400 read again.
    val done = (2 to writers + 1).map { n =>
      CompletableFuture.supplyAsync { () =>
        var applied: Option[Reply] = None
        while (applied.isEmpty) {
          attempts.incrementAndGet()
          val reply = client.update(token, handle, RaidBodies.withContributor(client.read(token, handle).json, n))
          if (reply.status == 200) applied = Some(reply)
          else assertRaidError(reply, 400, "InvalidVersionException", "Invalid version")
        }
        applied.get
      }
    }
    CompletableFuture.allOf(done: _*).get(60, TimeUnit.SECONDS)
    assertEquals(
      (2 to writers + 1).toSet,
      done.map(_.join().json.at("/identifier/version").asInt).toSet,
      "each version was made by one update"
    )
    val read = client.read(token, handle).json
    assertEquals(writers + 1, read.at("/identifier/version").asInt)
    assertEquals(
      (1 to writers + 1).map(n => f"https://orcid.org/0000-0002-1825-$n%04d").toSet,
      read.get("contributor").elements.asScala.map(_.get("id").asText).toSet
    )
    assertEquals(writers + 1, read.get("contributor").size, s"every writer's contributor once ($attempts attempts)")
  }

  private def parallel(n: Int)(call: Int => CompletableFuture[Reply]): Seq[Reply] = {
    val futures = (1 to n).map(call)
    CompletableFuture.allOf(futures: _*).get(30, TimeUnit.SECONDS)
    futures.map(_.join())
  }
}
