package support.profiles

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.core.controller.inject.InjectionSchedule

import ProfileFixtures._

class ClosedShapesTest {
  private def ramp(profile: ShapedProfile) = profile.shape.asInstanceOf[ClosedRampHold]
  private def cycles(profile: ShapedProfile) = profile.shape.asInstanceOf[ConcurrencyCycles]

  @Test def voteNz500RampsByAHundredAMinuteThenHolds(): Unit = {
    val profile = suite("vote-nz", "users-500")
    val steps = ramp(profile).steps(Shard.Whole)
    assertEquals(14.minutes, InjectionSchedule.duration(steps))
    assertEquals(Seq(100, 200, 300, 400, 500), (0 to 4).map(m => InjectionSchedule.concurrencyAt(steps, m.minutes)))
    assertEquals(500, InjectionSchedule.concurrencyAt(steps, 14.minutes))
    assertEquals(Seq("ramp" -> (0.minutes, 4.minutes), "hold" -> (4.minutes, 10.minutes)), profile.plan.phases.map(p => p.name -> (p.start.get, p.duration.get)))
    assertEquals(Some(500L), profile.plan.peakUsers)
  }

  @Test def voteNz1000RampsForTwentyMinutes(): Unit = {
    val steps = ramp(suite("vote-nz", "users-1000")).steps(Shard.Whole)
    assertEquals(30.minutes, InjectionSchedule.duration(steps))
    assertEquals(100 + 45 * 10, InjectionSchedule.concurrencyAt(steps, 10.minutes))
    assertEquals(1000, InjectionSchedule.concurrencyAt(steps, 20.minutes))
    assertEquals(1000, InjectionSchedule.concurrencyAt(steps, 30.minutes))
  }

  @Test def rampShardsAddUpAtStartAndTarget(): Unit = {
    val perShard = shards(3).map(s => ramp(suite("vote-nz", "users-1000", shard = s)).steps(s))
    assertEquals(Seq(34, 33, 33), perShard.map(InjectionSchedule.concurrencyAt(_, 0.seconds)))
    assertEquals(Seq(334, 333, 333), perShard.map(InjectionSchedule.concurrencyAt(_, 25.minutes)))
  }

  @Test def scaleMultipliesConcurrencyButNotTime(): Unit = {
    val steps = ramp(suite("vote-nz", "users-500", scale = 2)).steps(Shard.Whole)
    assertEquals(14.minutes, InjectionSchedule.duration(steps))
    assertEquals(200, InjectionSchedule.concurrencyAt(steps, 0.seconds))
    assertEquals(1000, InjectionSchedule.concurrencyAt(steps, 10.minutes))
  }

  @Test def learningPortalCyclesHoldEachLevel(): Unit = {
    val profile = suite("learning-portal", "cycles")
    val shape = cycles(profile)
    val steps = shape.steps(Shard.Whole)
    // five 10-minute cycles with a 1-minute ramp before each of the last four
    assertEquals(54.minutes, InjectionSchedule.duration(steps))
    val starts = Seq(0, 11, 22, 33, 44).map(_.minutes)
    assertEquals(starts, profile.plan.phases.filter(_.name.startsWith("cycle")).map(_.start.get))
    assertEquals(Seq(100, 250, 500, 750, 1000), starts.map(s => InjectionSchedule.concurrencyAt(steps, s + 5.minutes)))
    assertEquals(Seq(100, 250, 500, 750, 1000), starts.map(s => InjectionSchedule.concurrencyAt(steps, s + 10.minutes)))
    assertEquals(Some(54.minutes), profile.plan.totalDuration)
  }

  @Test def cycleWindowsAreTheHoldsBetweenRamps(): Unit = {
    val windows = cycles(suite("learning-portal", "cycles")).plannedWindows
    assertEquals(
      Seq(0, 11, 22, 33, 44).zip(Seq("100", "250", "500", "750", "1,000")).zipWithIndex.map { case ((m, level), i) =>
        PlannedWindow("cycle", s"cycle ${i + 1} ($level users)", m.minutes, (m + 10).minutes)
      },
      windows
    )
  }

  @Test def rampHoldWindowIsTheHold(): Unit =
    assertEquals(Seq(PlannedWindow("steady", "hold", 20.minutes, 30.minutes)), ramp(suite("vote-nz", "users-1000")).plannedWindows)

  @Test def cycleShardsSplitEveryLevel(): Unit = {
    val perShard = shards(3).map(s => cycles(suite("learning-portal", "cycles", shard = s)).steps(s))
    assertEquals(Seq(100, 250, 500, 750, 1000), Seq(5, 16, 27, 38, 49).map(m => perShard.map(InjectionSchedule.concurrencyAt(_, m.minutes)).sum))
  }

  @Test def compressedClosedPlanEstimatesNoArrivalRateFromTheFullJourney(): Unit = {
    // 60 s journeys give the full run 1,000 / 60 s = 16.67 new users/s; a smoke run's journeys are not those
    assertEquals(Some(1000.0 / 60), suite("raid", "closed").plan.peakArrivalRate)
    val smoke = suite("raid", "closed", smoke = true).plan
    assertEquals(Some(2L), smoke.peakUsers)
    assertEquals(None, smoke.peakArrivalRate)
  }

  @Test def smokeCyclesAreShortAndTiny(): Unit = {
    val shape = cycles(suite("learning-portal", "cycles", smoke = true))
    assertEquals(Seq(1L, 2L, 3L, 4L, 5L), shape.levels)
    assertEquals(Some(10.seconds), shape.plannedDuration)
  }
}
