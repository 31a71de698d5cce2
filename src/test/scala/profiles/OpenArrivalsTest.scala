package profiles

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.core.Predef._

import ProfilesTestKit._

class OpenArrivalsTest {
  private def open(profile: ShapedProfile): OpenArrivals = profile.shape match {
    case o: OpenArrivals => o
    case other           => throw new AssertionError(s"expected an open shape, got $other")
  }

  private def steps(profile: ShapedProfile) = open(profile).steps(profile.settings.shard)

  /** Users injected by the warm-up step (when there is one) and by the steady step. */
  private def warmUpAndSteady(profile: ShapedProfile): (Long, Long) = steps(profile) match {
    case List(warmUp, steady) => (users(Seq(warmUp)), users(Seq(steady)))
    case List(steady)         => (0L, users(Seq(steady)))
    case other                => throw new AssertionError(s"unexpected steps $other")
  }

  private def total(profile: ShapedProfile): Long = users(steps(profile))

  @Test def raidReferenceRampsThenHoldsFiftyUsersPerSecond(): Unit = {
    val raid = suite("raid", "reference")
    // a ramp from 0 to 50/s over 60 s brings half of 60 x 50 users, then 600 s x 50/s spread evenly
    assertEquals(
      List(rampUsersPerSec(0).to(3001.0 / 60).during(60.seconds), rampUsers(30000).during(600.seconds)),
      steps(raid)
    )
    assertEquals((1500L, 30000L), warmUpAndSteady(raid))
    assertEquals(Some(31500L), raid.population("raid", journey, new WindowRecorder).injectionProfile.totalUserCount)
  }

  /** A journey that must not reuse a record checks its feeder against the planned users before the run:
    * the count must be what Gatling injects, on every shard.
    */
  @Test def plannedUsersAreWhatGatlingInjects(): Unit =
    for {
      (simulation, profile, whole) <- Seq(("key-all", "users-1000", 1000L), ("key-all", "users-10000", 10000L))
      shard <- Seq(Shard.Whole, Shard(1, 3), Shard(3, 3))
    } {
      val shaped = suite(simulation, profile, shard = shard)
      assertEquals(Some(total(shaped)), shaped.plannedUsers, s"$simulation $profile shard $shard")
      if (shard.isWhole) assertEquals(Some(whole), shaped.plannedUsers, s"$simulation $profile")
    }

  @Test def raidReferencePlan(): Unit = {
    val plan = suite("raid", "reference").plan
    assertEquals(
      Seq("warm-up" -> (0.seconds, 60.seconds), "steady" -> (60.seconds, 600.seconds)),
      plan.phases.map(p => p.name -> (p.start.get, p.duration.get))
    )
    assertEquals(Some(50.0), plan.peakArrivalRate)
    assertEquals(Some(3000L), plan.peakUsers) // 50 users/s x 60 s journey
    assertEquals(Some(11.minutes), plan.totalDuration)
    assertEquals(16.minutes, plan.maxDuration) // plus the default 5 minute drain
  }

  @Test def raidSmokeIsExactlyNineUsersWithinFiveSeconds(): Unit = {
    val smoke = suite("raid", "smoke")
    assertEquals(List(rampUsersPerSec(0).to(3.0).during(1.second), rampUsers(8).during(4.seconds)), steps(smoke))
    assertEquals((1L, 8L), warmUpAndSteady(smoke))
  }

  @Test def shardsTogetherInjectExactlyTheWhole(): Unit = {
    // 30,000 steady users: over 7 shards 4,285 each and 5 left over, one more for each of the first 5
    val steadyPerShard =
      Map(2 -> Seq(15000, 15000), 3 -> Seq(10000, 10000, 10000), 7 -> (Seq.fill(5)(4286) ++ Seq.fill(2)(4285)))
    for ((n, steady) <- steadyPerShard) {
      val perShard = shards(n).map(shard => warmUpAndSteady(suite("raid", "reference", shard = shard)))
      assertEquals(31500, perShard.map { case (w, s) => w + s }.sum, s"$n shards")
      assertEquals(1500, perShard.map(_._1).sum, s"warm-up over $n shards")
      assertEquals(steady, perShard.map(_._2), s"steady phase over $n shards")
    }
  }

  @Test def unevenSmallTotalsStillAddUp(): Unit = {
    // 7 users/s for 3 s = 21 steady users, 7 warm-up users (7 x 2 / 2), over 4 shards
    val cfg = config("profiles.s { p { type = open, warmUp = 2s, rate = 7, duration = 3s } }")
    val perShard = shards(4).map(shard => total(shaped(cfg, "s", "p", shard = shard)))
    assertEquals(Seq(8L, 7L, 7L, 6L), perShard)
    assertEquals(28, perShard.sum)
  }

  @Test def randomizedArrivalsKeepTheExactCount(): Unit = {
    val cfg = config("profiles.s { p { type = open, warmUp = 10s, rate = 3.3, duration = 20s, randomized = true } }")
    val counts = shards(3).map { shard =>
      val profile = shaped(cfg, "s", "p", shard = shard)
      assertEquals(Some(30.seconds), profile.plan.totalDuration)
      total(profile)
    }
    assertEquals(math.round(3.3 * 10 / 2) + math.round(3.3 * 20), counts.sum)
  }

  @Test def scaleMultipliesTheRate(): Unit = {
    val plan = suite("raid", "reference", scale = 0.5).plan
    assertEquals(Some(25.0), plan.peakArrivalRate)
    assertEquals(Some(1500L), plan.peakUsers)
    assertEquals(750L + 15000, total(suite("raid", "reference", scale = 0.5)))
  }

  @Test def compressedPlanDescribesTheCompressedRun(): Unit = {
    val smoke = suite("raid", "reference", smoke = true)
    val injected = total(smoke)
    assertTrue(
      smoke.plan.peakUsers.forall(_ <= injected),
      s"${smoke.plan.peakUsers} concurrent users from $injected users"
    )
    assertEquals(Some(2.0), smoke.plan.peakArrivalRate)
    // neither the peak nor the description may quote the full run's 3,000 users
    assertFalse(smoke.plan.render.contains("3,000"), smoke.plan.render)
  }

  @Test def smokeCompressionGivesEveryShardAFewUsers(): Unit = {
    val compressed = shards(3).map(shard => suite("raid", "reference", shard = shard, smoke = true))
    compressed.foreach { p =>
      assertEquals(Some(5.seconds), p.plan.totalDuration)
      assertEquals(9L, total(p))
    }
  }
}
