package profiles.capacity

import config.InputError

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

import profiles.{ LoadProfile, Shard }
import profiles.ProfilesTestKit.{ config, suiteProfiles }

class CapacityProfilesTest {
  private val defaults =
    "capacity { resolution = 0.1, maxMultiple = 8, stepDuration = 2 minutes, maxDuration = 1 hour, minAnswers = 3000 }"

  private def capacity(profiles: String, smoke: Boolean = false, scale: Double = 1): LoadProfile =
    CapacityProfiles.loadAny(config(s"$defaults\n$profiles"), "s", "capacity", scale, Shard.Whole, smoke)

  private def search(profiles: String, smoke: Boolean = false, scale: Double = 1): CapacitySearch =
    CapacityProfiles.searchOf(capacity(profiles, smoke, scale)).getOrElse(fail("the capacity profile runs a search"))

  private def rejected(profiles: String, shard: Shard = Shard.Whole): String = {
    val error = assertThrows(
      classOf[InputError],
      () => CapacityProfiles.loadAny(config(s"$defaults\n$profiles"), "s", "capacity", 1, shard, smoke = false)
    )
    assertFalse(error.getMessage.contains("\n"), s"one line: ${error.getMessage}")
    error.getMessage
  }

  private val open = "type = open, warmUp = 1 minute, rate = 50, duration = 10 minutes"

  @Test def everySystemHasACapacityProfile(): Unit =
    suiteProfiles.getConfig("profiles").root.keySet.asScala.toSeq.sorted.foreach { system =>
      val profile =
        CapacityProfiles.loadAny(
          suiteProfiles.withFallback(config(defaults)),
          system,
          "capacity",
          1,
          Shard.Whole,
          false
        )
      val search = CapacityProfiles.searchOf(profile).getOrElse(fail(s"$system: no search"))
      assertTrue(search.plan.reference.amount > 0, s"$system: ${search.plan}")
      assertTrue(profile.plan.render.contains(s"reference: '${search.plan.referenceProfile}'"), profile.plan.render)
    }

  @Test def theReferenceLoadIsEachShapesSteadyLoad(): Unit = {
    def reference(shape: String) = search(s"profiles.s { default = p, p { $shape } }").plan.reference
    assertEquals(ReferenceLoad.Arrivals(50, randomized = false, 1.minute), reference(open))
    assertEquals(
      ReferenceLoad.Users(1000, "its target users", 10.minutes),
      reference("type = closed-ramp, startUsers = 100, usersPerMinute = 90, targetUsers = 1000, hold = 10 minutes")
    )
    assertEquals(
      ReferenceLoad.Users(300, "its top level of concurrent users", 30.seconds),
      reference("type = concurrency-cycles, levels = [100, 200, 300], cycleDuration = 5 minutes, rampBetween = 30s")
    )
    assertEquals(
      ReferenceLoad.Users(50, "its top level of concurrent users", Duration.Zero),
      reference(
        "type = concurrency-sweep, levels = [10, 50], iterationsPerLevel = 100, repeats = 1, timeLimitPerLevel = 5 minutes"
      )
    )
    assertEquals(
      ReferenceLoad.Users(40, "its workers", 20.seconds, workItems = Some(2000)),
      reference("type = fixed-work, workers = 40, scenarios = 2000, rampUp = 20s, timeLimit = 30 minutes")
    )
    val model = reference("type = capacity-model, transactionsPerHour = 36000, journeyDuration = 60s")
    assertEquals(10.0, model.amount, 1e-9, "a capacity model's normal arrival rate")
    assertEquals(results.model.LoadUnit.Arrivals, model.unit)
    assertEquals(
      ReferenceLoad.Arrivals(50, randomized = false, 1.minute),
      reference(s"type = soak, of = q, hold = 8 hours }, q { $open")
    )
  }

  @Test def theReferenceIsTheNamedProfileElseReferenceElseTheDefault(): Unit = {
    val three =
      s"p { $open }, reference { type = open, rate = 20, duration = 1 minute }, q { type = open, rate = 5, duration = 1 minute }"
    assertEquals("reference", search(s"profiles.s { default = p, $three }").plan.referenceProfile)
    assertEquals("p", search(s"profiles.s { default = p, p { $open } }").plan.referenceProfile)
    val named = search(s"profiles.s { default = p, $three, capacity { of = q } }").plan
    assertEquals(("q", 5.0), (named.referenceProfile, named.reference.amount))
    assertEquals(40.0, search(s"profiles.s { default = p, p { $open } }", scale = 0.8).plan.reference.amount)
  }

  @Test def settlingIsTheWholeJourneyElseTheRampWithinBounds(): Unit = {
    assertEquals(60.seconds, search(s"profiles.s { default = p, p { $open } }").plan.settle)
    assertEquals(45.seconds, search(s"profiles.s { default = p, p { $open, journeyDuration = 45s } }").plan.settle)
    assertEquals(
      10.seconds,
      search("profiles.s { default = p, p { type = open, rate = 1, duration = 1 minute } }").plan.settle
    )
    assertEquals(
      20.minutes,
      search(s"profiles.s { default = p, p { $open, journeyDuration = 20 minutes } }").plan.settle,
      "a long journey (eForms' survey) runs through before its step is judged"
    )
    assertEquals(
      5.minutes,
      search(
        "profiles.s { default = p, p { type = open, warmUp = 20 minutes, rate = 1, duration = 1 hour } }"
      ).plan.settle,
      "a long warm-up settles 5 minutes at most"
    )
    val own = search(s"profiles.s { default = p, p { $open }, capacity { settle = 3s, stepDuration = 20s } }").plan
    assertEquals((3.seconds, 20.seconds), (own.settle, own.stepDuration))
    assertEquals(5.minutes, own.drain, "the reference's drain")
  }

  @Test def aSmokeSearchTakesSecondsAStep(): Unit = {
    val plan = search(s"profiles.s { default = p, p { $open } }", smoke = true).plan
    assertEquals((1.second, 4.seconds, 1.minute), (plan.settle, plan.stepDuration, plan.maxDuration))
    assertEquals(2.0, plan.reference.amount, "the reference compressed as a smoke run compresses it")
  }

  @Test def thePlanSaysTheReferenceTheCeilingAndTheSteps(): Unit = {
    val render =
      CapacityProfiles.loadAny(
        suiteProfiles.withFallback(config(defaults)),
        "raid",
        "capacity",
        1,
        Shard.Whole,
        smoke = false
      )
        .plan.render
    for (
      expected <- Seq(
        "Profile:   capacity (capacity)",
        "steps of 1x (50 new users/s) up to 8x (400 new users/s) until resolved",
        "reference: 'reference' (open), its steady arrival rate: 50 new users/s at 1x",
        "ceiling: 8x = 400 new users/s injected for at most 1 h; arrivals beyond a step's multiple end at once",
        "then bisection to 0.1x",
        "1 min settling, then judged on its next 2 min",
        "by the thresholds (each request's and group's percentiles and KO, the system's percentiles and KO; " +
          "a percentile on 3,000 of its own answers)",
        "24,000 concurrent users, 400 new users/s"
      )
    ) assertTrue(render.contains(expected), s"'$expected' in:\n$render")
  }

  @Test def badValuesAreRejectedNamingTheirKey(): Unit = {
    val p = s"profiles.s { default = p, p { $open } }"
    assertEquals("capacity.resolution: must be greater than 0 (was 0)", rejected(s"$p\ncapacity.resolution = 0"))
    assertEquals(
      "capacity.resolution: must be below capacity.maxMultiple (2.0) (was 2)",
      rejected(s"$p\ncapacity { maxMultiple = 2, resolution = 2 }")
    )
    assertEquals("capacity.maxMultiple: must be at least 1 (was 0.5)", rejected(s"$p\ncapacity.maxMultiple = 0.5"))
    assertEquals("capacity.maxMultiple: must be a number (was 'lots')", rejected(s"$p\ncapacity.maxMultiple = lots"))
    assertEquals("capacity.stepDuration: must be at least 1s (was 0s)", rejected(s"$p\ncapacity.stepDuration = 0s"))
    assertEquals(
      "capacity.maxDuration: must be at least one step (120s) (was 1 minute)",
      rejected(s"$p\ncapacity.maxDuration = 1 minute")
    )
    assertEquals(
      "capacity.maxDuration: must hold at least one step of 'p', 20 min settling and 2 min judged (was 21 min)",
      rejected(
        s"profiles.s { default = p, p { $open, journeyDuration = 20 minutes } }\ncapacity.maxDuration = 21 minutes"
      ),
      "a search whose budget holds no step of its long journeys answers nothing"
    )
    assertEquals(
      "profiles.s.capacity.stepdur: unknown key for a capacity search; known: of, settle, stepDuration",
      rejected(s"profiles.s { default = p, p { $open }, capacity { stepdur = 1s } }")
    )
    assertEquals(
      "unknown profile 'x' for s (profiles.s.capacity.of); known: capacity, p, smoke",
      rejected(s"profiles.s { default = p, p { $open }, capacity { of = x } }")
    )
  }

  /** Admission counts multiples in thousandths and gives a closed reference's users round(multiple x users)
    * places: a finer resolution bisects between steps that hold the same load.
    */
  @Test def aResolutionFinerThanAdmissionTellsApartIsRejected(): Unit = {
    val closed = "profiles.s { default = p, p { type = closed-ramp, startUsers = 10, usersPerMinute = 60, " +
      "targetUsers = 20, hold = 10 minutes } }"
    assertEquals(
      "capacity.resolution: must be at least 0.05 (was 0.01): 'p' holds 20 users at 1x, so multiples less than 1/20 apart admit as many of them",
      rejected(s"$closed\ncapacity.resolution = 0.01")
    )
    assertEquals(0.05, search(s"$closed\ncapacity.resolution = 0.05").plan.resolution)
    assertEquals(
      "capacity.resolution: must be at least 0.333334 (was 0.3): 'p' holds 3 users at 1x, so multiples less than 1/3 apart admit as many of them",
      rejected(s"$closed\nprofiles.s.p { startUsers = 3, targetUsers = 3 }\ncapacity.resolution = 0.3")
    )
    val arrivals = s"profiles.s { default = p, p { $open } }"
    assertEquals(
      "capacity.resolution: must be at least 0.001 (was 0.0005): the search admits multiples in thousandths",
      rejected(s"$arrivals\ncapacity.resolution = 0.0005")
    )
    assertEquals(0.001, search(s"$arrivals\ncapacity.resolution = 0.001").plan.resolution)
    assertEquals(0.5, search(closed, smoke = true).plan.resolution, "a smoke run's 2 users bisect at 0.5x")
  }

  /** A feeder of one record per user (journey.UniqueRecords) is checked against these before any load. */
  @Test def aSearchNeedsARecordForEveryUserItsCeilingAdmits(): Unit = {
    val arrivals = capacity(s"profiles.s { default = p, p { $open } }")
    assertEquals((None, Some(1440000L)), (arrivals.plannedUsers, arrivals.usersToFeed), "8 x 50 new users/s for 1 h")
    val closed = capacity(
      "profiles.s { default = p, p { type = closed-ramp, startUsers = 10, usersPerMinute = 60, targetUsers = 1000, hold = 10 minutes } }"
    )
    assertEquals((None, Some(8000L)), (closed.plannedUsers, closed.usersToFeed), "8 x 1,000 users at once")
  }

  @Test def aSearchRunsOnOneInjector(): Unit =
    assertEquals(
      "shard: a capacity search runs on one injector, since each step depends on the last one's verdict (was 2/3); run -Dprofile=capacity without -Dshard",
      rejected(s"profiles.s { default = p, p { $open } }", Shard(2, 3))
    )
}
