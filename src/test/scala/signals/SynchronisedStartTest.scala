package signals

import config.{ InputError, Settings }

import results.model.{ ShardStart, StartRule }

import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.concurrent.{ Await, ExecutionContext, Future }
import scala.concurrent.duration._

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import profiles.Shard

/** The shards of one run hold their load until one start: at a rendezvous, a little after the last one arrived;
  * or at a given time. A shard that comes later begins at once and records how late; a stop ends the wait.
  */
class SynchronisedStartTest {
  private implicit val ec: ExecutionContext = ExecutionContext.global
  private val lead = 300.millis

  private def rendezvous(folder: Path, runId: String = "run-1", maxWait: FiniteDuration = 30.seconds) =
    ShardsSettings(Some(runId), None, Some(folder), lead, maxWait)

  private def start(settings: ShardsSettings, shard: String, stop: () => Boolean = () => false): ShardStart =
    new SynchronisedStart(settings, Shard.parse(shard).toOption.get, say = _ => (), stopAsked = stop).await().get

  @Test def shardsArrivingApartStartTogetherAfterTheLastArrival(): Unit = {
    val folder = Files.createTempDirectory("rendezvous-")
    val first = Future(start(rendezvous(folder), "1/2"))
    Thread.sleep(1500)
    val secondArrivedMs = System.currentTimeMillis()
    val second = start(rendezvous(folder), "2/2")
    val firstStart = Await.result(first, 10.seconds)
    assertEquals(firstStart.plannedEpochMs, second.plannedEpochMs, "one start for both")
    assertEquals(
      (secondArrivedMs + lead.toMillis).toDouble,
      second.plannedEpochMs.toDouble,
      50.0,
      "the lead after the last"
    )
    Seq(firstStart, second).foreach { s =>
      assertEquals(StartRule.Rendezvous, s.rule)
      assertTrue(s.startedEpochMs >= s.plannedEpochMs, s"not before the start: $s")
      assertTrue(s.lateMs < 100, s"not late: $s")
    }
    assertTrue(math.abs(firstStart.startedEpochMs - second.startedEpochMs) < 100, s"$firstStart $second")
  }

  @Test def aShardComingAfterTheStartBeginsAtOnceAndRecordsHowLate(): Unit = {
    val folder = Files.createTempDirectory("rendezvous-")
    val alone = start(rendezvous(folder, maxWait = 500.millis), "1/2")
    assertEquals(Seq(2), alone.missingShards, "it waited its longest, then began without shard 2")
    Thread.sleep(1200)
    val late = start(rendezvous(folder), "2/2")
    assertEquals(alone.plannedEpochMs, late.plannedEpochMs)
    assertTrue(late.lateMs >= 1200 && late.lateMs < 2000, late.toString)
    assertEquals(Nil, late.missingShards, "it is not missing itself")
  }

  @Test def anotherRunsFilesInTheFolderAreNotThisRunsStart(): Unit = {
    val folder = Files.createTempDirectory("rendezvous-")
    start(rendezvous(folder, runId = "old", maxWait = 100.millis), "1/2")
    Thread.sleep(500)
    val before = System.currentTimeMillis()
    val fresh = start(rendezvous(folder, runId = "new"), "1/1")
    assertTrue(fresh.plannedEpochMs >= before + lead.toMillis, s"$fresh began before its own lead")
    assertTrue(fresh.lateMs < 100, fresh.toString)
  }

  @Test def aGivenStartIsWaitedForAndOneInThePastIsLate(): Unit = {
    val at = Instant.ofEpochMilli(System.currentTimeMillis() + 700)
    val waited = start(ShardsSettings.Off.copy(startAt = Some(at)), "1/3")
    assertEquals(StartRule.At, waited.rule)
    assertTrue(waited.startedEpochMs >= at.toEpochMilli && waited.lateMs < 100, waited.toString)
    val past = start(ShardsSettings.Off.copy(startAt = Some(Instant.now().minusSeconds(5))), "2/3")
    assertTrue(past.lateMs >= 5000 && past.lateMs < 6000, past.toString)
  }

  @Test def aStopEndsTheWait(): Unit = {
    val folder = Files.createTempDirectory("rendezvous-")
    val stopAt = System.currentTimeMillis() + 300
    val stopped = start(rendezvous(folder, maxWait = 10.minutes), "1/2", () => System.currentTimeMillis() > stopAt)
    assertTrue(stopped.startedEpochMs - stopAt < 500, s"the wait ended at the stop: $stopped")
  }

  @Test def noneIsWaitedForUnlessAskedAndBadSettingsAreNamed(): Unit = {
    def read(settings: String) =
      ShardsSettings.read(new Settings(ConfigFactory.parseString(settings).withFallback(defaults)))
    def refusal(settings: String) = assertThrows(classOf[InputError], () => read(settings)).getMessage
    assertFalse(read("").waits)
    assertEquals(None, new SynchronisedStart(read(""), Shard(1, 2)).await())
    assertEquals(
      "shards.startAt: must be an instant such as 2026-11-29T12:00:00Z (was 'noon')",
      refusal("shards.startAt = noon")
    )
    val folder = Files.createTempDirectory("rendezvous-")
    assertEquals(
      "shards.rendezvous: give a start time (shards.startAt) or a rendezvous, not both",
      refusal(s"""shards { startAt = "2026-11-29T12:00:00Z", rendezvous = "$folder", runId = r }""")
    )
    assertEquals(
      "shards.runId: missing: a rendezvous counts the arrivals of one run, named by shards.runId",
      refusal(s"""shards.rendezvous = "$folder"""")
    )
  }

  private val defaults = ConfigFactory.parseString(
    """shards { runId = "", startAt = "", rendezvous = "", startLead = 3s, maxWait = 10m }"""
  )
}
