package profiles

import results.model.{ WindowKind, WindowLabel }

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.core.Predef._

import ProfilesTestKit._

class ClosedShapesTest {
  private def ramp(profile: ShapedProfile) = profile.shape.asInstanceOf[ClosedRampHold]
  private def cycles(profile: ShapedProfile) = profile.shape.asInstanceOf[ConcurrencyCycles]

  @Test def voteNz500RampsByAHundredAMinuteThenHolds(): Unit = {
    val profile = suite("vote-nz", "users-500")
    // 100 -> 500 concurrent users over 4 minutes (+100 a minute), then 500 for 10 minutes
    assertEquals(
      List(rampConcurrentUsers(100).to(500).during(4.minutes), constantConcurrentUsers(500).during(10.minutes)),
      ramp(profile).steps(Shard.Whole)
    )
    assertEquals(
      Seq("ramp" -> (0.minutes, 4.minutes), "hold" -> (4.minutes, 10.minutes)),
      profile.plan.phases.map(p => p.name -> (p.start.get, p.duration.get))
    )
    assertEquals(Some(500L), profile.plan.peakUsers)
  }

  @Test def voteNz1000RampsForTwentyMinutes(): Unit = {
    // +45 a minute from 100 reaches 1,000 after 20 minutes, then holds 10
    assertEquals(
      List(rampConcurrentUsers(100).to(1000).during(20.minutes), constantConcurrentUsers(1000).during(10.minutes)),
      ramp(suite("vote-nz", "users-1000")).steps(Shard.Whole)
    )
  }

  @Test def rampShardsAddUpAtStartAndTarget(): Unit = {
    val perShard = shards(3).map(s => ramp(suite("vote-nz", "users-1000", shard = s)).steps(s))
    assertEquals(
      Seq(34 -> 334, 33 -> 333, 33 -> 333).map { case (from, to) =>
        List(rampConcurrentUsers(from).to(to).during(20.minutes), constantConcurrentUsers(to).during(10.minutes))
      },
      perShard
    )
  }

  @Test def scaleMultipliesConcurrencyButNotTime(): Unit = {
    assertEquals(
      List(rampConcurrentUsers(200).to(1000).during(4.minutes), constantConcurrentUsers(1000).during(10.minutes)),
      ramp(suite("vote-nz", "users-500", scale = 2)).steps(Shard.Whole)
    )
  }

  @Test def learningPortalCyclesHoldEachLevel(): Unit = {
    val profile = suite("learning-portal", "cycles")
    val shape = cycles(profile)
    // five 10-minute cycles with a 1-minute ramp before each of the last four: 54 minutes
    val levels = Seq(100, 250, 500, 750, 1000)
    val expected = constantConcurrentUsers(100).during(10.minutes) :: levels.zip(levels.tail).toList.flatMap {
      case (from, to) =>
        List(rampConcurrentUsers(from).to(to).during(1.minute), constantConcurrentUsers(to).during(10.minutes))
    }
    assertEquals(expected, shape.steps(Shard.Whole))
    val starts = Seq(0, 11, 22, 33, 44).map(_.minutes)
    assertEquals(starts, profile.plan.phases.filter(_.name.startsWith("cycle")).map(_.start.get))
    assertEquals(Some(54.minutes), profile.plan.totalDuration)
  }

  @Test def cycleWindowsAreTheHoldsBetweenRamps(): Unit = {
    val windows = cycles(suite("learning-portal", "cycles")).plannedWindows
    assertEquals(
      Seq(0, 11, 22, 33, 44).zip(Seq(100L, 250L, 500L, 750L, 1000L)).zipWithIndex.map { case ((m, level), i) =>
        Shape.Planned(WindowKind.Cycle, WindowLabel.Cycle(i + 1, Some(level)), m.minutes, (m + 10).minutes)
      },
      windows
    )
    assertEquals("cycle 5 (1,000 users)", windows.last.label.text)
  }

  @Test def rampHoldWindowIsTheHold(): Unit =
    assertEquals(
      Seq(Shape.Planned(WindowKind.Steady, WindowLabel.Hold, 20.minutes, 30.minutes)),
      ramp(suite("vote-nz", "users-1000")).plannedWindows
    )

  @Test def cycleShardsSplitEveryLevel(): Unit = {
    // each cycle's held level, summed over the shards
    val heldPerShard = shards(3).map { s =>
      cycles(suite("learning-portal", "cycles", shard = s)).steps(s).collect {
        case c: _root_.io.gatling.core.controller.inject.closed.ConstantConcurrentUsersInjection => c.number
      }
    }
    assertEquals(Seq(100, 250, 500, 750, 1000), heldPerShard.transpose.map(_.sum))
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
