package profiles

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import _root_.io.gatling.core.controller.throttle.{ Hold, Reach }
import _root_.config.InputError

import ProfilesTestKit._

class LoadProfilesTest {
  private def rejected(hocon: String, profile: String = "p", scale: Double = 1, shard: Shard = Shard.Whole): String = {
    val error = assertThrows(
      classOf[InputError],
      () => LoadProfiles.load(config(hocon), "s", profile, scale, shard, smoke = false)
    )
    assertFalse(error.getMessage.contains("\n"), s"one line: ${error.getMessage}")
    error.getMessage
  }

  private val open = "type = open, warmUp = 1 minute, rate = 50, duration = 10 minutes"

  @Test def everySuiteProfileLoadsAndRendersItsPlan(): Unit =
    for {
      simulation <- suiteProfiles.getConfig("profiles").root.keySet.asScala.toSeq
      profile <-
        suiteProfiles.getConfig(s"profiles.$simulation").root.keySet.asScala.toSeq.filterNot(_ == "default") :+ "smoke"
      // smoke has to work on every shard; real profiles may be too small for some shard counts (tested below)
      shard <- if (profile == "smoke") Seq(Shard.Whole, Shard(3, 3)) else Seq(Shard.Whole)
    } {
      val plan = LoadProfiles.load(suiteProfiles, simulation, profile, 1, shard, smoke = false).plan
      assertTrue(plan.phases.nonEmpty, s"$simulation $profile")
      assertTrue(plan.render.linesIterator.size <= 30, s"$simulation $profile fits a screen:\n${plan.render}")
    }

  @Test def smokeWithoutItsOwnBlockCompressesTheDefault(): Unit = {
    val profile = shaped(config(s"profiles.s { default = p, p { $open } }"), "s", "smoke")
    assertEquals("smoke (p compressed)", profile.name)
    assertTrue(profile.plan.smoke)
    assertTrue(profile.plan.maxDuration.toSeconds <= 65, profile.plan.maxDuration.toString)
  }

  @Test def planShowsPhasesPeakDurationAndShard(): Unit = {
    val render = suite("raid", "reference", shard = Shard(2, 3)).plan.render
    for (
      expected <- Seq(
        "0:00:00 - 0:01:00",
        "warm-up",
        "arrivals ramp 0 -> 16.67 users/s, 500 users",
        "0:01:00 - 0:11:00",
        "steady",
        "16.67 users/s, 10,000 users",
        "1,000 concurrent users, 16.67 new users/s",
        "11 min; run stopped after 16 min at most",
        "Shard:     2/3 (whole run: 3,000 users, 50 new users/s)"
      )
    ) assertTrue(render.contains(expected), s"'$expected' in:\n$render")
  }

  @Test def throttleIsSharedScaledAndHeldToTheEnd(): Unit = {
    val profile = suite("elections", "homepage", scale = 0.5, shard = Shard(1, 2))
    // 150 = half of 600 x 0.5; held for the whole run: 11 min of injection and 5 min of drain
    assertEquals(Seq(Reach(150, 1.minute), Hold(16.minutes)), profile.throttling)
    assertTrue(profile.plan.render.contains("at most 150 requests/s"), profile.plan.render)
    assertEquals(Nil, suite("raid", "reference").throttling)
  }

  @Test def soakHoldsTheSteadyPhaseOfAnotherProfile(): Unit = {
    val soak = suite("elections", "soak")
    assertEquals(Some(1.minute + 4.hours), soak.plan.totalDuration)
    assertEquals(Some(600.0), soak.plan.peakArrivalRate)
    assertTrue(soak.throttling.nonEmpty, "keeps the throttle of the profile it holds")
  }

  @Test def rejectsNonsenseWithOneLineNamingTheKey(): Unit = {
    val cases = Seq(
      s"profiles.s.p { $open, rate = -5 }" -> "profiles.s.p.rate: must be greater than 0 (was -5)",
      s"profiles.s.p { $open, rate = fast }" -> "profiles.s.p.rate: must be a number (was 'fast')",
      s"profiles.s.p { $open, duration = 0s }" -> "profiles.s.p.duration: must be greater than 0 (was 0s)",
      s"profiles.s.p { $open, duration = 1500ms }" -> "profiles.s.p.duration: must be a whole number of seconds (was 1500ms)",
      s"profiles.s.p { $open, warmUp = -1s }" -> "profiles.s.p.warmUp: must be at least 0s (was -1s)",
      "profiles.s.p { type = open, rate = 5 }" -> "profiles.s.p.duration: missing",
      s"profiles.s.p { $open, warmup = 1s }" -> "profiles.s.p.warmup: unknown key for open; known: description, drain, duration, journeyDuration, randomized, rate, settings, throttle, type, warmUp",
      s"profiles.s.p { $open, rate = 0.001, duration = 10s }" -> "profiles.s.p.rate: 0.001 users/s for 10 s gives no users",
      "profiles.s.p { type = opn }" -> "profiles.s.p.type: unknown type 'opn'; known: open, closed-ramp, concurrency-cycles, fixed-work, capacity-model, concurrency-sweep, soak",
      "profiles.s.p { type = closed-ramp, startUsers = 500, usersPerMinute = 100, targetUsers = 100, hold = 1m }" ->
        "profiles.s.p.targetUsers: must be at least startUsers (500) (was 100)",
      "profiles.s.p { type = closed-ramp, startUsers = 1.5, usersPerMinute = 100, targetUsers = 100, hold = 1m }" ->
        "profiles.s.p.startUsers: must be a whole number (was '1.5')",
      "profiles.s.p { type = concurrency-cycles, levels = [100, 50], cycleDuration = 1m }" -> "profiles.s.p.levels: must be strictly ascending (was [100, 50])",
      "profiles.s.p { type = concurrency-cycles, levels = [0, 50], cycleDuration = 1m }" -> "profiles.s.p.levels: must all be greater than 0 (was [0, 50])",
      "profiles.s.p { type = concurrency-cycles, levels = [], cycleDuration = 1m }" -> "profiles.s.p.levels: must list at least one level",
      "profiles.s.p { type = concurrency-sweep, levels = [1, 2, 2], iterationsPerLevel = 5, repeats = 1, timeLimitPerLevel = 1m }" ->
        "profiles.s.p.levels: must be strictly ascending (was [1, 2, 2])",
      "profiles.s.p { type = concurrency-sweep, levels = [1, 2], iterationsPerLevel = 5, repeats = 0, timeLimitPerLevel = 1m }" ->
        "profiles.s.p.repeats: must be at least 1 (was 0)",
      "profiles.s.p { type = fixed-work, workers = 0, scenarios = 10, timeLimit = 1m }" -> "profiles.s.p.workers: must be at least 1 (was 0)",
      "profiles.s.p { type = fixed-work, workers = 2, scenarios = 10 }" -> "profiles.s.p.timeLimit: missing",
      "profiles.s.p { type = capacity-model, transactionsPerDay = 3938, busyHours = 11, journeyDuration = 20m, variant = huge }" ->
        "profiles.s.p.variant: unknown variant 'huge'; known: normal, peak, stress, endurance",
      "profiles.s.p { type = capacity-model, transactionsPerDay = 3938, busyHours = 0, journeyDuration = 20m }" -> "profiles.s.p.busyHours: must be greater than 0 (was 0)",
      "profiles.s.p { type = capacity-model, transactionsPerHour = 5, transactionsPerDay = 3938, busyHours = 11, journeyDuration = 20m }" ->
        "profiles.s.p.transactionsPerHour: give either transactionsPerHour or transactionsPerDay with busyHours, not both",
      s"profiles.s { c { type = concurrency-cycles, levels = [1], cycleDuration = 1m }, p { type = soak, of = c, hold = 1h } }" ->
        "profiles.s.p.of: soak holds a steady phase; 'c' is concurrency-cycles, which has none",
      s"profiles.s { q { type = soak, of = p, hold = 1h }, p { type = soak, of = q, hold = 1h } }" ->
        "profiles.s.p.of: 'q' is itself a soak profile; name the profile to hold",
      s"profiles.s.p { type = soak, of = x, hold = 1h }" -> "unknown profile 'x' for s (profiles.s.p.of); known: capacity, p, smoke",
      s"profiles.s.p { $open, throttle { requestsPerSecond = -1 } }" -> "profiles.s.p.throttle.requestsPerSecond: must be at least 1 (was -1)",
      s"profiles.s.p = 5" -> "profiles.s.p: expected a block { type = ... }"
    )
    for ((hocon, message) <- cases) assertEquals(message, rejected(hocon), hocon)
  }

  @Test def rejectsUnknownNamesAndArguments(): Unit = {
    val hocon = s"profiles.s { p { $open } }"
    assertEquals("unknown profile 'x' for s (profiles.s); known: capacity, p, smoke", rejected(hocon, profile = "x"))
    assertEquals(
      "profiles.s.default: missing; name the profile that 'smoke' compresses (known: p)",
      rejected(hocon, profile = "smoke")
    )
    assertEquals(
      "unknown profile 'q' for s (profiles.s.default); known: capacity, p, smoke",
      rejected(s"profiles.s { default = q, p { $open } }", profile = "smoke")
    )
    assertEquals("scale: must be greater than 0 (was -1.0)", rejected(hocon, scale = -1))
    assertEquals("scale: must be greater than 0 (was NaN)", rejected(hocon, scale = Double.NaN))
    assertEquals(
      "profiles.other: no profiles for simulation 'other'; known: s",
      assertThrows(
        classOf[InputError],
        () => LoadProfiles.load(config(hocon), "other", "p", 1, Shard.Whole, smoke = false)
      ).getMessage
    )
  }

  @Test def rejectsProfilesThatScaleOrShardToNothing(): Unit = {
    val cycles = "profiles.s.p { type = concurrency-cycles, levels = [10, 14, 20], cycleDuration = 1m }"
    assertEquals(
      "profiles.s.p.levels: must be strictly ascending (was [1, 1, 2]) (scale x0.1)",
      rejected(cycles, scale = 0.1)
    )
    val small = "profiles.s.p { type = concurrency-cycles, levels = [2, 5, 9], cycleDuration = 1m }"
    assertEquals("profiles.s.p: shard 3/3 gets no users (2 users over 3 shards)", rejected(small, shard = Shard(3, 3)))
    val sweep = assertThrows(
      classOf[InputError],
      () => LoadProfiles.load(suiteProfiles, "key-upload", "sweep", 1, Shard(2, 2), smoke = false)
    )
    assertEquals(
      "profiles.key-upload.sweep: shard 2/2 gets no workers (1 worker over 2 shards) at level 1",
      sweep.getMessage
    )
    val work = "profiles.s.p { type = fixed-work, workers = 2, scenarios = 100, timeLimit = 1m }"
    assertEquals(
      "profiles.s.p: shard 3/3 gets no workers (2 workers over 3 shards)",
      rejected(work, shard = Shard(3, 3))
    )
    assertEquals("profiles.s.p.workers: scaled to 0 workers (scale x0.1)", rejected(work, scale = 0.1))
    val throttled = s"profiles.s.p { $open, throttle { requestsPerSecond = 2 } }"
    assertEquals(
      "profiles.s.p.throttle.requestsPerSecond: shard 3/3 gets no requests/s (2 requests/s over 3 shards)",
      rejected(throttled, shard = Shard(3, 3))
    )
    assertEquals(
      "profiles.s.p.throttle.requestsPerSecond: scaled to 0 requests/s (scale x0.1)",
      rejected(throttled, scale = 0.1)
    )
  }
}
