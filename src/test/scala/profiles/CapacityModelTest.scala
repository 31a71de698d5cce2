package profiles

import scala.concurrent.duration._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import ProfilesTestKit._

class CapacityModelTest {
  private val eforms =
    CapacityModel(3938.0 / 11, Some("3,938 transactions/day over 11 h"), CapacityModel.Normal, 1.7, 2.0, 20.minutes)

  @Test def surveyEformsNormalLoad(): Unit = {
    assertEquals(358.0, eforms.perHour, 1e-9)
    // Little's law: 358/h = 5.97/min, x 20 min = 119.3, rounded up
    assertEquals(120L, eforms.concurrentUsers)
  }

  @Test def surveyEformsPeakAndStress(): Unit = {
    // The published report gives 607/h for the peak; 1.7 x 358 is 608.6.
    val peak = eforms.copy(variant = CapacityModel.Peak)
    assertEquals(608.6, peak.perHour, 1e-9)
    assertEquals(203L, peak.concurrentUsers)
    val stress = eforms.copy(variant = CapacityModel.Stress)
    assertEquals(1217.2, stress.perHour, 1e-9)
    assertEquals(406L, stress.concurrentUsers)
    assertEquals(1217.2 / 3600, stress.arrivalsPerSecond, 1e-12)
  }

  @Test def sixAMinuteForTwentyMinutesIsOneHundredAndTwentyUsers(): Unit =
    assertEquals(120L, eforms.copy(normalPerHour = 360).concurrentUsers)

  @Test def derivationIsPrintedStepByStep(): Unit =
    assertEquals(
      Seq(
        "normal: 3,938 transactions/day over 11 h = 358/h",
        "peak: normal x 1.7 = 608.6/h",
        "peak: 608.6 transactions/h = 10.14/min = 0.17 new users/s",
        "concurrent users (Little's law): 10.14/min x 20 min journey = 203"
      ),
      eforms.copy(variant = CapacityModel.Peak).derivation
    )

  @Test def eformsProfilesRunTheDerivedArrivalRate(): Unit = {
    val normal = suite("eforms", "normal")
    val open = normal.shape.asInstanceOf[OpenArrivals]
    assertEquals(358.0 / 3600, open.rate, 1e-12)
    assertEquals(716L, open.steadyUsers) // 358/h for 2 h
    assertEquals(Some(120L), normal.plan.peakUsers)
    assertEquals(Some(20.minutes + 2.hours), normal.plan.totalDuration) // warm-up of one journey, then 2 h
    assertEquals(716 + open.warmUpUsers, users(open.steps(Shard.Whole)))
    assertTrue(normal.plan.render.contains("normal: 3,938 transactions/day over 11 h = 358/h"), normal.plan.render)

    assertEquals(Some(203L), suite("eforms", "peak").plan.peakUsers)
    assertEquals(Some(406L), suite("eforms", "stress").plan.peakUsers)
    val endurance = suite("eforms", "endurance")
    assertEquals(Some(120L), endurance.plan.peakUsers)
    assertEquals(8.hours, endurance.shape.asInstanceOf[OpenArrivals].steady)
  }

  @Test def transactionsPerHourCanBeGivenDirectly(): Unit = {
    val cfg = config(
      "profiles.s { p { type = capacity-model, transactionsPerHour = 720, journeyDuration = 5 minutes, duration = 1 hour, warmUp = 0s } }"
    )
    val profile = shaped(cfg, "s", "p")
    assertEquals(Some(0.2), profile.plan.peakArrivalRate)
    assertEquals(Some(60L), profile.plan.peakUsers)
    assertEquals(Some(1.hour), profile.plan.totalDuration)
  }
}
