package simulations

import java.net.{ InetAddress, ServerSocket }
import java.nio.file.Files

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.Config
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.{ ProfilesTestKit, Shard }
import profiles.capacity.CapacityProfiles
import testkit.{ GatlingProcess, SimulationRuns }

/** A plan says what the profile really sends: a figure a profile's description quotes ("400 requests/s",
  * "3,000 simultaneous users") is the one its plan works out, and the requests per journey the plan
  * multiplies by are what the journeys sent in their end-to-end runs.
  */
class PlanFiguresTest {
  private val config = ProfilesTestKit.suiteProfiles
  private val Quoted = """(\d[\d,]*(?:\.\d+)?) (requests/s|simultaneous users|concurrent users)""".r

  /** `<key>.requestsPerJourney`, as the profile's `settings` block leaves it. */
  private def requestsPerJourney(key: String, profile: String): Option[Double] = {
    val own = s"profiles.$key.$profile.settings.requestsPerJourney"
    if (config.hasPath(own)) Some(config.getDouble(own))
    else Option.when(config.hasPath(s"$key.requestsPerJourney"))(config.getDouble(s"$key.requestsPerJourney"))
  }

  private def profiles(root: Config): Seq[(String, String)] =
    for {
      key <- root.getConfig("profiles").root.keySet.asScala.toSeq.sorted
      profile <- root.getConfig(s"profiles.$key").root.keySet.asScala.toSeq.sorted.filterNot(_ == "default")
    } yield key -> profile

  @Test def everyFigureADescriptionQuotesIsThePlans(): Unit = {
    val checked = for {
      (key, profile) <- profiles(config)
      plan = CapacityProfiles.loadAny(config, key, profile, 1, Shard.Whole, smoke = false).plan
      description <- plan.description.toSeq
      quoted <- Quoted.findAllMatchIn(description)
    } yield {
      val figure = quoted.group(1).replace(",", "").toDouble
      val planned = quoted.group(2) match {
        case "requests/s" =>
          requestsPerJourney(key, profile).flatMap(plan.expectedRequestsPerSecond)
            .getOrElse(fail(s"$key $profile quotes '$quoted' but its plan cannot work requests/s out"))
        case _ => plan.peakUsers.map(_.toDouble).getOrElse(fail(s"$key $profile quotes '$quoted' without a peak"))
      }
      assertEquals(figure, planned, figure * 0.01, s"$key $profile: '$description' against the plan's $planned")
      s"$key $profile"
    }
    assertTrue(checked.contains("raid reference"), s"checked: $checked")
  }

  @Test def requestsPerJourneyAreWhatTheJourneysSent(): Unit = {
    // what RaidSimulationEndToEndTest and ElectionsCdnSimulationEndToEndTest saw each user send, in real runs
    assertEquals(
      Some(RaidSimulationEndToEndTest.PerJourney.values.sum.toDouble),
      requestsPerJourney("raid", "reference")
    )
    assertEquals(
      Some(ElectionsCdnSimulationEndToEndTest.PerVisit.values.sum.toDouble),
      requestsPerJourney("elections", "smoke")
    )
  }

  @Test def aShortRealRunSendsWhatItsPlanSays(): Unit = {
    // RAiD's smoke: 1 user in the warm-up second, then 2 users/s for 4 s, each sending its journey's 8 requests
    val run = RaidSimulationEndToEndTest.withStubDelays
    val perJourney = requestsPerJourney("raid", "smoke").get
    assertEquals(perJourney * run.users, run.requests.values.map(_.count).sum.toDouble, s"${run.users} users")
  }

  @Test def planOnlyPrintsThePlanAndExitsWithoutLoad(): Unit =
    // A sandbox started on a taken port would stop the run (exit 3): planOnly must not start one.
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { taken =>
      val run = GatlingProcess.start(
        classOf[RaidSimulation],
        "planOnly" -> "true",
        "profile" -> "reference",
        "sandbox.raid.port" -> taken.getLocalPort.toString
      )
      assertEquals(0, run.exitStatus(120), run.text)
      Seq(
        "Simulation  RaidSimulation",
        "Expected:  400 requests/s at the peak (50 journeys/s x 8 requests)",
        "Expected    400 requests/s in all at the peak",
        "Gate samples  in the steady window, against the fewest that bound a percentile's 95 % interval",
        "  mint raid                        p99 <= 8,000 ms  30,000 in 10 min, 368 needed: decidable",
        "  update raid - add contributor 2  p99 <= 6,000 ms  30,000 in 10 min, 368 needed: decidable",
        "planOnly: the plan above was checked and printed"
      ).foreach(line => assertTrue(run.text.contains(line), s"'$line' in:\n${run.text}"))
      assertFalse(run.text.contains("WARNING: the plan cannot decide"), run.text)
      assertTrue(!Files.exists(run.resultsDir) || SimulationRuns.isEmpty(run.resultsDir), "nothing in results/")
      assertFalse(Files.exists(run.gatlingDir), "Gatling never started a run folder: no load")
    }

  @Test def planOnlyWarnsOfAGatedPercentileItsSteadyWindowCannotDecide(): Unit = {
    // 50 mints/s for 5 s: 250 samples, where a p99's 95 % interval needs 368 for an upper bound
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "planOnly" -> "true",
      "profile" -> "reference",
      "profiles.raid.reference.duration" -> "5 seconds"
    )
    assertEquals(0, run.exitStatus(120), run.text)
    Seq(
      "  mint raid                        p99 <= 8,000 ms  250 in 5 s, 368 needed: NOT decidable " +
        "(a steady window of 8 s at this rate, or 1.47x the rate)",
      "WARNING: the plan cannot decide mint raid's p99 (limit 8,000 ms) at 95 %: 250 samples planned in a steady " +
        "window of 5 s, 368 needed; it would need a steady window of 8 s at this rate, or 1.47x the rate"
    ).foreach(line => assertTrue(run.text.contains(line), s"'$line' in:\n${run.text}"))
  }
}
