package profiles

import java.util.concurrent.{ ConcurrentLinkedQueue, Executors, TimeUnit }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.commons.stats.{ KO, OK }
import _root_.io.gatling.core.session.Session
import _root_.io.gatling.core.structure.PopulationBuilder

import ProfilesTestKit._

class WorkShapesTest {
  private def fixed(profile: ShapedProfile) = profile.shape.asInstanceOf[FixedWork]
  private def sweep(profile: ShapedProfile) = profile.shape.asInstanceOf[ConcurrencySweep]

  /** Takes every item from the queue with `workers` threads racing each other. */
  private def drain(queue: WorkQueue, workers: Int): Seq[Long] = {
    val taken = new ConcurrentLinkedQueue[Long]
    val pool = Executors.newFixedThreadPool(workers)
    (1 to workers).foreach { _ =>
      pool.execute { () =>
        Iterator.continually(queue.take(System.currentTimeMillis())).takeWhile(_.isDefined).foreach(item =>
          taken.add(item.get)
        )
      }
    }
    pool.shutdown()
    assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS))
    taken.asScala.toSeq
  }

  @Test def workQueueHandsOutEachItemExactlyOnce(): Unit = {
    val queue = new WorkQueue(firstItem = 100, size = 5000, timeLimit = 1.minute)
    val items = drain(queue, workers = 8)
    assertEquals((100L until 5100L).toSet, items.toSet)
    assertEquals(5000, items.size)
    assertEquals(5000L, queue.handedOut)
  }

  @Test def workQueueStopsAtItsTimeLimit(): Unit = {
    val queue = new WorkQueue(0, 10, timeLimit = 10.seconds)
    assertEquals(Some(0L), queue.take(t0))
    assertEquals(Some(1L), queue.take(t0 + 9999))
    assertEquals(None, queue.take(t0 + 10000))
    assertEquals(2L, queue.handedOut)
  }

  @Test def publicAppsShardsWorkThroughDisjointPartsOfTheList(): Unit = {
    val items =
      shards(3).map(s => drain(fixed(suite("public-apps", "reference", shard = s)).queue(s), workers = 4).sorted)
    assertEquals(Seq(7000, 7000, 7000), items.map(_.size))
    assertEquals((0L until 21000L), items.flatten)
    val uneven = shards(7).map(s => fixed(suite("public-apps", "reference", shard = s)).queue(s)).map(drain(_, 2))
    assertEquals((0L until 21000L).toSet, uneven.flatten.toSet)
    assertEquals(21000, uneven.map(_.size).sum)
  }

  @Test def publicAppsStartsAllWorkersAtOnce(): Unit = {
    val profile = suite("public-apps", "reference", shard = Shard(1, 3))
    assertEquals(
      Some(250L),
      profile.population("public apps", journey, new WindowRecorder).injectionProfile.totalUserCount
    )
    assertEquals(None, profile.plan.totalDuration)
    // the time limit, then the default 5 minute drain for the iterations still running when it passed
    assertEquals(65.minutes, profile.plan.maxDuration)
    assertTrue(profile.plan.phases.head.load.contains("items 1-7,000 of 21,000"), profile.plan.phases.head.load)
  }

  @Test def publicAppsERollJoinsTheRunLateWithItsOwnList(): Unit = {
    val profile = suite("public-apps-eroll", "reference", shard = Shard(1, 3))
    assertEquals(Some(3.minutes), profile.plan.phases.head.start)
    assertTrue(profile.plan.render.contains("0:03:00 until done"), profile.plan.render)
    assertTrue(profile.plan.phases.head.load.contains("items 1-1,000 of 3,000"), profile.plan.phases.head.load)
    assertEquals(3.minutes + 60.minutes + 5.minutes, profile.plan.maxDuration)
  }

  @Test def keyUploadSweepRunsEveryLevelOfEveryRepeatInTurn(): Unit = {
    val profile = suite("key-upload", "sweep")
    val levels = Seq(1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128)
    val chain = inOrder(profile.population("keys", journey, new WindowRecorder))
    assertEquals(for { r <- 1 to 3; k <- 1 to 12 } yield s"keys L$k R$r", chain.map(_.scenarioBuilder.name))
    assertEquals(Seq.fill(3)(levels.map(l => Some(l.toLong))).flatten, chain.map(_.injectionProfile.totalUserCount))
    // no journeyDuration: each of the 36 stages but the last may overrun its limit by the 5 minute drain; the last is drained
    assertEquals(36 * 10.minutes + 35 * 5.minutes + 5.minutes, profile.plan.maxDuration)
    assertEquals(Some(128L), profile.plan.peakUsers)
  }

  @Test def sweepShardsSplitLevelsAndIterations(): Unit = {
    val cfg = config(
      "profiles.k { s { type = concurrency-sweep, levels = [3, 5, 10], iterationsPerLevel = 500, repeats = 2, timeLimitPerLevel = 1 minute } }"
    )
    val perShard =
      shards(3).map(s => inOrder(shaped(cfg, "k", "s", shard = s).population("k", journey, new WindowRecorder)))
    assertEquals(
      Seq(3L, 5L, 10L, 3L, 5L, 10L),
      perShard.transpose.map(_.map(_.injectionProfile.totalUserCount.get).sum)
    )
    val firstLevel = shards(3).map(s => shaped(cfg, "k", "s", shard = s).plan.phases.head.load)
    assertEquals(Seq("1 worker, 167 iterations", "1 worker, 167 iterations", "1 worker, 166 iterations"), firstLevel)
  }

  @Test def thePlanSaysHowOftenTheSweepRuns(): Unit = {
    def repeatsLine(repeats: Int) = shaped(
      config(
        s"profiles.k { s { type = concurrency-sweep, levels = [1, 2], iterationsPerLevel = 5, repeats = $repeats, timeLimitPerLevel = 1 minute } }"
      ),
      "k",
      "s"
    ).plan.phases.last.load
    assertEquals("the sweep runs once", repeatsLine(1))
    assertEquals("the sweep runs 3 times (levels 1-2, then again)", repeatsLine(3))
  }

  @Test def sweepStagesMayEachOverrunTheirLimitByOneJourney(): Unit = {
    val cfg = config(
      "profiles.k { s { type = concurrency-sweep, levels = [1, 2], iterationsPerLevel = 5, repeats = 2, timeLimitPerLevel = 1 minute, journeyDuration = 30s } }"
    )
    // 4 stages of 1 minute, the first 3 each followed by one 30 s journey still in flight, then the 5 minute drain
    assertEquals(4 * 1.minute + 3 * 30.seconds + 5.minutes, shaped(cfg, "k", "s").plan.maxDuration)
  }

  @Test def smokeSweepIsTwoSmallLevelsTwice(): Unit = {
    val shape = sweep(suite("key-upload", "sweep", smoke = true))
    assertEquals(Seq(1L, 2L), shape.levels)
    assertEquals(2L, shape.iterations)
    assertEquals(2, shape.repeats)
  }

  @Test def eachIterationStartsWithOnlyGatlingsAttributesAndItsWorkItem(): Unit = {
    val gatlings = Map[String, Any]("gatling.asLongAs-1" -> 2, "gatling.http.cookies" -> "jar")
    val previous = Session(
      "work",
      1,
      gatlings ++ Map(Workers.WorkItem -> 7L, "raidHandle" -> "102.100.100/1"),
      KO,
      Nil,
      Session.NothingOnExit,
      null
    )
    val next = Workers.startIteration(previous)
    assertEquals(gatlings + (Workers.WorkItem -> 7L), next.attributes)
    assertEquals(OK, next.status, "a failure in the previous iteration does not mark this one failed")
  }

  /** A sweep's populations follow each other through `andThen`: one child at each step. */
  private def inOrder(first: PopulationBuilder): Seq[PopulationBuilder] =
    Iterator.iterate(Option(first))(_.flatMap(_.children.flatten.headOption)).takeWhile(_.isDefined).flatten.toSeq

  private val t0 = 1_700_000_000_000L
}
