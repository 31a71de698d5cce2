package support.profiles

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.core.controller.inject.InjectionSchedule

import ProfileFixtures._

class OpenArrivalsTest {
  private def open(profile: ShapedProfile): OpenArrivals = profile.shape match {
    case o: OpenArrivals => o
    case other           => throw new AssertionError(s"expected an open shape, got $other")
  }

  private def arrivals(profile: ShapedProfile): Seq[FiniteDuration] =
    InjectionSchedule.arrivals(open(profile).steps(profile.settings.shard)).toVector

  @Test def raidReferenceRampsThenHoldsFiftyUsersPerSecond(): Unit = {
    val raid = suite("raid", "reference")
    val times = arrivals(raid)
    // a ramp from 0 to 50/s over 60 s brings half of 60 x 50 users, then 600 s x 50/s
    assertEquals(1500 + 30000, times.size)
    assertEquals(1500, times.count(_ < 60.seconds))
    assertEquals(30000, times.count(t => t >= 60.seconds && t < 660.seconds))
    assertTrue(times.last < 660.seconds)
    // the warm-up rate rises: its last 10 s bring more users than its first 10 s
    assertTrue(times.count(_ >= 50.seconds) - 30000 > times.count(_ < 10.seconds))
    assertEquals(Some(31500L), raid.population("raid", journey, new WindowRecorder).injectionProfile.totalUserCount)
  }

  @Test def raidReferencePlan(): Unit = {
    val plan = suite("raid", "reference").plan
    assertEquals(Seq("warm-up" -> (0.seconds, 60.seconds), "steady" -> (60.seconds, 600.seconds)), plan.phases.map(p => p.name -> (p.start.get, p.duration.get)))
    assertEquals(Some(50.0), plan.peakArrivalRate)
    assertEquals(Some(3000L), plan.peakUsers) // 50 users/s x 60 s journey
    assertEquals(Some(11.minutes), plan.totalDuration)
    assertEquals(16.minutes, plan.maxDuration) // plus the default 5 minute drain
  }

  @Test def raidSmokeIsExactlyNineUsersWithinFiveSeconds(): Unit = {
    val times = arrivals(suite("raid", "smoke"))
    assertEquals(9, times.size)
    assertEquals(1, times.count(_ < 1.second))
    assertTrue(times.forall(_ < 5.seconds))
  }

  @Test def shardsTogetherInjectExactlyTheWhole(): Unit = {
    // 30,000 steady users: over 7 shards 4,285 each and 5 left over, one more for each of the first 5
    val steadyPerShard = Map(2 -> Seq(15000, 15000), 3 -> Seq(10000, 10000, 10000), 7 -> (Seq.fill(5)(4286) ++ Seq.fill(2)(4285)))
    for ((n, steady) <- steadyPerShard) {
      val perShard = shards(n).map(shard => arrivals(suite("raid", "reference", shard = shard)))
      assertEquals(31500, perShard.map(_.size).sum, s"$n shards")
      assertEquals(1500, perShard.map(_.count(_ < 60.seconds)).sum, s"warm-up over $n shards")
      assertEquals(steady, perShard.map(_.count(_ >= 60.seconds)), s"steady phase over $n shards")
    }
  }

  @Test def unevenSmallTotalsStillAddUp(): Unit = {
    // 7 users/s for 3 s = 21 steady users, 7 warm-up users (7 x 2 / 2), over 4 shards
    val cfg = config("profiles.s { p { type = open, warmUp = 2s, rate = 7, duration = 3s } }")
    val perShard = shards(4).map(shard => InjectionSchedule.arrivals(shaped(cfg, "s", "p", shard = shard).shape.asInstanceOf[OpenArrivals].steps(shard)).size)
    assertEquals(Seq(8, 7, 7, 6), perShard)
    assertEquals(28, perShard.sum)
  }

  @Test def randomizedArrivalsKeepTheExactCount(): Unit = {
    val cfg = config("profiles.s { p { type = open, warmUp = 10s, rate = 3.3, duration = 20s, randomized = true } }")
    val counts = shards(3).map { shard =>
      val steps = shaped(cfg, "s", "p", shard = shard).shape.asInstanceOf[OpenArrivals].steps(shard)
      val times = InjectionSchedule.arrivals(steps).toVector
      assertTrue(times.forall(_ <= 30.seconds))
      times.size
    }
    assertEquals(math.round(3.3 * 10 / 2) + math.round(3.3 * 20), counts.sum.toLong)
  }

  @Test def scaleMultipliesTheRate(): Unit = {
    val plan = suite("raid", "reference", scale = 0.5).plan
    assertEquals(Some(25.0), plan.peakArrivalRate)
    assertEquals(Some(1500L), plan.peakUsers)
    assertEquals(750 + 15000, arrivals(suite("raid", "reference", scale = 0.5)).size)
  }

  @Test def compressedPlanDescribesTheCompressedRun(): Unit = {
    val smoke = suite("raid", "reference", smoke = true)
    val injected = arrivals(smoke).size.toLong
    assertTrue(smoke.plan.peakUsers.forall(_ <= injected), s"${smoke.plan.peakUsers} concurrent users from $injected users")
    assertEquals(Some(2.0), smoke.plan.peakArrivalRate)
    // neither the peak nor the description may quote the full run's 3,000 users
    assertFalse(smoke.plan.render.contains("3,000"), smoke.plan.render)
  }

  @Test def smokeCompressionGivesEveryShardAFewUsers(): Unit = {
    val compressed = shards(3).map(shard => suite("raid", "reference", shard = shard, smoke = true))
    compressed.foreach { p =>
      assertEquals(Some(5.seconds), p.plan.totalDuration)
      assertEquals(9, arrivals(p).size)
    }
  }
}
