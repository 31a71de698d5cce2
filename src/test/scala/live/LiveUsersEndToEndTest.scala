package live

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.JsonNode
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import simulations.RaidSimulation
import testkit.{ FreePort, GatlingProcess, LiveTools }

/** Users who leave their journey early are counted as ended too: RAiD's users stop at a failed mint
  * (`exitHereIfFailed`), and the live view's active users come back to 0.
  */
class LiveUsersEndToEndTest {
  @Test def usersWhoExitAtAFailureAreNoLongerActive(): Unit = {
    val port = FreePort()
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "live.port" -> port.toString,
      "sandbox.stubs.delay.ms" -> "0",
      "sandbox.stubs.faultOverrides.apids-mint-handle.serverErrorPercent" -> "100"
    )
    val readings = mutable.ArrayBuffer.empty[JsonNode]
    val deadline = System.nanoTime() + 180L * 1000000000L
    def state = readings.lastOption.fold("")(_.path("state").asText)
    while (state != "ended" && run.handle.isAlive && System.nanoTime() < deadline) {
      LiveTools.get(s"http://127.0.0.1:$port/data.json").filter(_._1 == 200).foreach(r =>
        readings += LiveTools.json(r._2)
      )
      Thread.sleep(300)
    }
    run.exitStatus(120)
    val raid = readings.lastOption.getOrElse(fail(s"no live data:\n${run.text}")).path("systems").get(0)
    val requests = raid.path("requests").elements().asScala.map(r => r.path("name").asText -> r).toMap
    assertTrue(requests("mint raid").path("ko").asLong > 0, raid.toString)
    assertFalse(requests.keySet.exists(_.startsWith("update raid")), s"every user stopped at its mint: $raid")
    assertTrue(raid.path("usersStarted").asLong > 0, raid.toString)
    assertEquals(raid.path("plannedUsers").asLong, raid.path("usersStarted").asLong, raid.toString)
    assertEquals(0L, raid.path("usersActive").asLong, s"users who exited are not active: $raid")
  }
}
