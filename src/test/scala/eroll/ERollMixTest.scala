package eroll

import journey.Mix

import java.util.Random

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.{ ConfigFiles, Settings }

/** The route and search mixes of eroll.conf, drawn as a run draws them, and the sessions they make. */
class ERollMixTest {
  private val settings =
    new Settings(ConfigFactory.parseResources(ConfigFiles.systemFile("eroll")).resolve().getConfig("eroll"), "eroll")
  private val routes = Mix.read(settings, "mix", ERoll.Route.names)
  private val searches = Mix.read(settings, "searchMix", ERollRequests.Searches)
  private val maxCalls = settings.int("maxCallsPerSession")

  private def shares(mix: Mix, draws: Int = 400000): Map[String, Double] = {
    val random = new Random(20261123)
    Seq.fill(draws)(mix.draw(random)).groupBy(identity).view.mapValues(_.size.toDouble / draws).toMap
  }

  @Test def routesAreDrawnAtTheReportsShares(): Unit = {
    val reported = Map(
      "electorates" -> 0.11,
      "enrol" -> 0.02,
      "persons" -> 0.40,
      "residential_addresses" -> 0.43,
      "lookup_address" -> 0.01,
      "logout" -> 0.03
    )
    val drawn = shares(routes)
    reported.foreach { case (route, share) => assertEquals(share, drawn(route), 0.003, s"$route within 0.3 points") }
  }

  @Test def theFourMainSearchesAreEqualAndMononymsAboutOnePercent(): Unit = {
    val drawn = shares(searches)
    ERollRequests.Searches.filterNot(_ == ERollRequests.SearchMononym).foreach { variant =>
      assertEquals(0.2475, drawn(variant), 0.003, variant)
    }
    assertEquals(0.01, drawn(ERollRequests.SearchMononym), 0.001)
  }

  /** A session's calls as the journey makes them: drawn until a logout, at most maxCallsPerSession. */
  @Test def aSessionMakesAbout33Calls(): Unit = {
    val random = new Random(7)
    val sessions = Seq.fill(50000) {
      Iterator.continually(routes.draw(random)).take(maxCalls).indexWhere(_ == ERoll.Route.Logout) match {
        case -1    => maxCalls
        case index => index + 1
      }
    }
    assertEquals(33.3, sessions.sum.toDouble / sessions.size, 0.6, "1 / 0.03 calls, the logout included")
    assertTrue(sessions.max <= maxCalls)
    assertTrue(sessions.count(_ == maxCalls).toDouble / sessions.size < 0.005, "the cap ends almost no session")
  }
}
