package dvp

import journey.Mix

import java.util.Random

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.{ ConfigFiles, Settings }

/** The situation mix of dvp.conf, drawn as a run draws it. */
class DvpMixTest {
  private val conf = ConfigFactory.parseResources(ConfigFiles.systemFile("dvp")).resolve()

  private val drawn: Map[String, Double] = {
    val mix = Mix.read(new Settings(conf.getConfig("dvp"), "dvp"), "mix", DvpSituations.names)
    val random = new Random(20261123)
    val draws = 400000
    Seq.fill(draws)(mix.draw(random)).groupBy(identity).view.mapValues(_.size.toDouble / draws).toMap
  }

  private val downloads = DvpSituations.All.filter(_.downloads).map(s => drawn(s.name)).sum

  @Test def downloadsAre53Point4PercentOfScenarios(): Unit =
    assertEquals(0.534, downloads, 0.003)

  @Test def remoteGroundsAreFivePercentOfDownloads(): Unit =
    assertEquals(0.05, drawn(DvpSituations.OverseasRemoteGrounds.name) / downloads, 0.003)

  @Test def eachPathRunsPerJourneyAsOftenAsItsSituationIsDrawnTimesItsRequestsInIt(): Unit = {
    val perJourney = Dvp.pathsPerJourney(journey.SystemSettings("dvp", conf.getConfig("dvp"), 1, profiles.Shard.Whole))
    val remote = DvpSituations.OverseasRemoteGrounds.name
    val inNz = DvpSituations.NoOverseasAddress.name
    // as often as the draws of 400,000 journeys show
    assertEquals(drawn(remote), perJourney(List(remote)), 0.003)
    assertEquals(drawn(remote), perJourney(List(remote, DvpRequests.ReasonRemote)), 0.003)
    // a burst of 4 address lookups in every situation; a situation without a download has no download path
    assertEquals(4 * drawn(inNz), perJourney(List(inNz, DvpRequests.AddressCompletion)), 0.01)
    assertFalse(perJourney.contains(List(inNz, DvpRequests.DownloadPdf)))
  }

  @Test def theReferenceIsThreeRunnersOfAThousandScenarios(): Unit =
    assertEquals(3000, conf.getInt("profiles.dvp.reference.scenarios"))
}
