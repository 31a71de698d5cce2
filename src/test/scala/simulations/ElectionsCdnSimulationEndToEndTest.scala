package simulations

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import elections.{ CacheChecks, Elections, ElectionsPages }
import elections.standin.ElectionsSiteStandIn
import results.archive.SummaryJson
import config.InputError
import testkit.{ FixtureRun, GatlingProcess, SimulationRuns }

/** ElectionsCdnSimulation at smoke scale against the sandbox's CDN stand-in. */
class ElectionsCdnSimulationEndToEndTest {
  import ElectionsCdnSimulationEndToEndTest._

  @Test def theComprehensiveVisitFetchesEveryAssetOfItsPages(): Unit = {
    SimulationRuns.assertWholeJourneys(comprehensive, Elections, PerVisit)
    val homepage = ElectionsSiteStandIn.assetsOf("/")
    assertEquals(31, homepage.size, "a real homepage's tens of assets")
    val users = comprehensive.users.toLong
    assertEquals(users, comprehensive.groups("Homepage").count, "one homepage group per user")
    assertEquals(
      users * (1 + homepage.size),
      comprehensive.paths.filter(_._1.startsWith("Homepage / ")).values.map(_.count).sum
    )
    val pageGroups = comprehensive.groups.keySet - "Homepage"
    val names = ElectionsPages.load("feeders/elections/pages.csv").map(_("pageName").toString)
    assertTrue(pageGroups.nonEmpty && pageGroups.subsetOf(names.toSet), s"pages from the feeder: $pageGroups")
  }

  @Test def theHomepageTestSendsTheHomepageHtmlOnly(): Unit = {
    assertEquals(Set("Homepage"), homepageOnly.requests.keySet)
    assertEquals(Map.empty, homepageOnly.groups)
    assertEquals(homepageOnly.users.toLong, homepageOnly.requests("Homepage").count)
    SimulationRuns.assertNoErrors(homepageOnly)
  }

  /** The comprehensive profile compressed to smoke (throttled to 10 requests/s) still finishes every visit in time. */
  @Test def theComprehensiveProfileCompressedToSmokeFinishesEveryVisit(): Unit = {
    val run = SimulationRuns.run(
      classOf[ElectionsCdnSimulation],
      "profile" -> "comprehensive",
      "smoke" -> "true",
      "sandbox.stubs.delay.ms" -> "50"
    )
    SimulationRuns.assertNoErrors(run)
    val visits = run.groups("Homepage").count
    assertEquals(run.users.toLong, visits)
    assertEquals(3 * visits, (run.groups - "Homepage").values.map(_.count).sum, "3 other pages per visit")
  }

  /** Every cacheable path misses once in a run shorter than the cache's max-age (the first request for it,
    * under the page that asked first), every other request for it hits, and /favicon.ico, passed through
    * uncached without the header, is unknown on every page: the tallies equal exactly that.
    */
  @Test def theCacheHitRatioOfAKnownHitPatternIsExact(): Unit = {
    assertEquals(0, comprehensive.statusCode, archivedProcess.text)
    val summary = SummaryJson.read(comprehensive.runDir.resolve("summary.json"))
    // The in-process sandbox's own timings are tallies too.
    val Some(tally) = summary.tallies.find(_.name == Elections.CacheTally): @unchecked

    val paths = ElectionsPages.load("feeders/elections/pages.csv").map(r =>
      r("pageName").toString -> r("pagePath").toString
    ).toMap + ("Homepage" -> "/")
    val homepagePaths = ("/" +: ElectionsSiteStandIn.assetsOf("/")).toSet
    val expected = summary.groups.map { group =>
      val page = group.path.head
      val linked = (paths(page) +: ElectionsSiteStandIn.assetsOf(paths(page))).toSet
      val cachedFirstHere = if (page == "Homepage") linked else linked -- homepagePaths
      val requests = summary.requests.filter(_.path.head == page).map(_.figures.count).sum
      val misses = (cachedFirstHere - Uncached).size.toLong
      val unknown = group.figures.count
      page -> Map(
        CacheChecks.Hit -> (requests - misses - unknown),
        CacheChecks.Miss -> misses,
        CacheChecks.Unknown -> unknown
      )
    }.sortBy(_._1)
    assertEquals(expected, tally.counts)
    assertTrue(expected.size >= 2, s"the homepage and at least one other page: $expected")

    val md = Files.readString(comprehensive.runDir.resolve("summary.md"))
    val overall = tally.overall
    assertTrue(md.contains(s"## ${Elections.CacheTally}"), md)
    assertTrue(md.contains(s"| All | ${overall(CacheChecks.Hit)} ("), md)
  }

  @Test def anEmptyCacheHeaderNameStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[ElectionsCdnSimulation], "elections.cacheStatus.header" -> " ")
    assertEquals(classOf[InputError], error.getClass)
    assertEquals(
      "elections.cacheStatus.header: must name the cache-status header (e.g. X-Cache, CF-Cache-Status)",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder))
  }

  /** In process: a launched run's exit 3 with one ERROR line for any such stop is shown by the other systems'
    * launched runs (e.g. ResultsFolderEndToEndTest); here, the page feeder's message names its line.
    */
  @Test def aPageFeederWithABadUrlStopsBeforeAnyLoadNamingItsLine(): Unit = {
    val feeder = Files.createTempFile("pages-", ".csv")
    Files.writeString(feeder, "name,path\nEnrol,/enrol\nResults,htp//results\n")
    val (error, folder) = SimulationRuns.failure(classOf[ElectionsCdnSimulation], "elections.pages" -> feeder.toString)
    assertEquals(classOf[InputError], error.getClass)
    assertEquals(
      s"$feeder: line 3: 'htp//results' is not a path on the site (it must start with a single '/', e.g. /enrol)",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }
}

object ElectionsCdnSimulationEndToEndTest {
  val Uncached = "/favicon.ico"

  // One smoke visit: the homepage and one other page, each with its 5 stylesheets, 4 favicons and 7
  // scripts; the homepage's 15 images and the page's 3.
  val PerVisit = Map(
    "Homepage" -> 1,
    "Page" -> 1,
    "Stylesheet" -> 10,
    "Favicon" -> 8,
    "Image" -> 18,
    "Script" -> 14
  )

  /** The smoke run, archived as `mvn gatling:test` archives it, with one path the CDN passes through uncached:
    * its whole journeys and its cache tallies are read from this one run. Its latency limit is one a busy
    * machine cannot reach, so that it exits 0 whenever nothing failed.
    */
  lazy val archivedProcess: GatlingProcess = GatlingProcess.start(
    classOf[ElectionsCdnSimulation],
    "sandbox.stubs.delay.ms" -> "50",
    "sandbox.elections.uncachedPaths.0" -> Uncached,
    "thresholds" -> FixtureRun.writeTemp("lenient-", "thresholds { defaults { p99Ms = 120000 } }").toString
  )
  lazy val comprehensive: SimulationRuns.Run = archivedProcess.archivedRun(180)
  lazy val homepageOnly: SimulationRuns.Run =
    SimulationRuns.run(
      classOf[ElectionsCdnSimulation],
      "profile" -> "homepage",
      "smoke" -> "true",
      "sandbox.stubs.delay.ms" -> "50"
    )
}
