package simulations

import results.model.{ RunContext, RunShard }

import results.summarize.{ ResultsSettings, RunSummarizer }

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.GroupRecorded
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import config.{ ConfigFiles, InputError }
import testkit.{ LogCapture, SchedulingLag, SimulationRuns }
import votenz.{ VoteNz, VoteNzRequests }
import votenz.standin.VoteNzSiteStandIn

/** VoteNzSimulation at smoke scale against the in-process sandbox: every visit browses the five pages,
  * each a group holding its HTML and the assets Gatling inferred from it, fetched once per visit (the
  * stand-in lets them be cached, as a browser would), with no KO; the summaries count every visit as a
  * completed session.
  */
class VoteNzSimulationEndToEndTest {
  private val site = new VoteNzSiteStandIn(ConfigFiles.load(Seq(VoteNz.key)).getInt("sandbox.vote-nz.homeTiles"))

  @Test def everyVisitBrowsesEveryPageWithItsAssets(): Unit = {
    val (run, warnings) = LogCapture.warnings("io.gatling")(SimulationRuns.run(classOf[VoteNzSimulation]))
    // Gatling 3.15 warned "Got a 304 ... could not find cache entry" for every stylesheet a page took from the
    // cache (72,852 lines in one bench/all-peaks.sh run, formatted on its event loops): see logback-test.xml.
    assertTrue(warnings.isEmpty, s"a clean run logs no warning: ${warnings.size}, e.g. ${warnings.distinct.take(2)}")
    // Gatling stopped logback as the run ended; the next in-process run in this JVM gets the configuration back.
    assertFalse(
      org.slf4j.LoggerFactory.getLogger("io.gatling.http.fetch.ResourceFetcher").isWarnEnabled,
      "logback-test.xml is in force again after the run"
    )
    assertEquals(VoteNz.requestNames, run.requests.keySet, "exactly the contract's request names")
    val visits = run.usersByScenario(VoteNz.scenarioName).toLong
    assertTrue(visits >= 2, s"a few visits ran: $visits")
    assertEquals(
      (VoteNz.scenarioName -> visits) +: VoteNzRequests.Pages.map(p => s"${VoteNz.scenarioName} / ${p.name}" -> visits),
      run.groups.toSeq.map { case (path, figures) => path -> figures.count }.sortBy(g =>
        VoteNzRequests.Pages.indexWhere(p => g._1.endsWith(p.name))
      ),
      "one session group per visit, one group per page inside it"
    )

    // A page fetches the assets its HTML links that no page before it in the visit fetched: the others come
    // from the cache. Images only a stylesheet links are not fetched: Gatling does not infer them.
    val expected = VoteNzRequests.Pages.zipWithIndex.flatMap { case (page, i) =>
      val earlier = VoteNzRequests.Pages.take(i).flatMap(site.assets).toSet
      val assets = site.assets(page).filterNot(earlier).groupBy(VoteNzRequests.assetName).view.mapValues(_.size)
      val prefix = s"${VoteNz.scenarioName} / ${page.name} / "
      (prefix + page.request -> visits) +: assets.map { case (name, n) => prefix + name -> n * visits }.toSeq
    }.toMap
    assertEquals(expected, run.paths.view.mapValues(_.count).toMap, "each page's HTML and its new assets, per visit")
    assertTrue(site.assets(VoteNzRequests.Home).size >= 30, "tens of assets on the home page")
    SimulationRuns.assertNoErrors(run)

    val summary = RunSummarizer.summarize(
      run.runDir,
      RunContext("VoteNzSimulation", Seq(VoteNz.key), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil),
      RunSummarizer.RunIdentity("vote-nz", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )
    val Seq(sessions) = summary.sessions: @unchecked
    assertEquals((visits, visits, 0L, 0L), (sessions.started, sessions.completed, sessions.failed, sessions.unfinished))
  }

  /** Think time at a tenth (0.3 to 0.6 s), three visits 4 s apart so that they never overlap: the log's
    * page groups, in order, then show each pause between two pages of one visit.
    */
  @Test def pagesArePausedUniformlyBetweenTheBoundsAndTimeOnSiteHoldsThePauses(): Unit = {
    val (run, lagMs) = SchedulingLag.during(SimulationRuns.run(
      classOf[VoteNzSimulation],
      "thinkTime.smokeMultiplier" -> "0.1",
      "profiles.vote-nz.smoke.warmUp" -> "0",
      "profiles.vote-nz.smoke.rate" -> "0.25",
      "profiles.vote-nz.smoke.duration" -> "12 seconds"
    ))
    SimulationRuns.assertNoErrors(run)
    val pages = mutable.ArrayBuffer.empty[GroupRecorded]
    SimulationLogAccess.walk(run.runDir.resolve("simulation.log")) {
      case g: GroupRecorded if g.hierarchy.size == 2 => pages += g
      case _                                         =>
    }
    val inOrder = pages.sortBy(_.startEpochMs).toSeq
    val pauses: Seq[Long] = inOrder.zip(inOrder.drop(1)).collect {
      case (page, next) if next.hierarchy.last != VoteNzRequests.Home.name => next.startEpochMs - page.endEpochMs
    }
    assertEquals((VoteNzRequests.Pages.size - 1) * run.users, pauses.size, "a pause between every two pages of a visit")
    // Never early; late by at most 200 ms and by however late the machine made this JVM's threads meanwhile.
    assertTrue(
      pauses.forall(ms => ms >= 300 && ms <= 800 + lagMs),
      s"pauses within 0.3 to 0.6 s (threads woke $lagMs ms late in all): $pauses"
    )
    assertTrue(pauses.max - pauses.min >= 100, s"drawn uniformly, not one fixed pause: $pauses")

    val summary = RunSummarizer.summarize(
      run.runDir,
      RunContext("VoteNzSimulation", Seq(VoteNz.key), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil),
      RunSummarizer.RunIdentity("vote-nz", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )
    val timeOnSite = summary.sessions.head.meanTimeOnSiteMs.getOrElse(fail("no completed session"))
    assertTrue(timeOnSite >= pauses.sum / run.users, s"a visit's time on site holds its pauses: $timeOnSite ms")
  }

  @Test def aPageOnAnotherHostStopsBeforeAnyLoad(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[VoteNzSimulation], "vote-nz.pages.faqs" -> "//elsewhere.example/faqs/")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(error.getMessage.startsWith("vote-nz.pages.faqs: not a path on the site"), error.getMessage)
    assertFalse(error.getMessage.contains("\n"), "one line")
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def aThinkTimeRangeThatEndsBeforeItStartsStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[VoteNzSimulation], "vote-nz.thinkTime.max" -> "2s")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(error.getMessage.startsWith("vote-nz.thinkTime.max: must be at least thinkTime.min"), error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }
}
