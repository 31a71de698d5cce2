package simulations

import journey.Feeders

import results.model.{ PlannedWindow, RunContext, RunShard, WindowKind, WindowLabel }

import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import learningportal.{ LearningPortal, LearningPortalMobile, LearningPortalRequests }
import learningportal.standin.LearningPortalSiteStandIn
import learningportal.LearningPortalRequests._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.ProfilesTestKit

import config.{ ConfigFiles, InputError }
import testkit.SimulationRuns

/** LearningPortalSimulation at smoke scale against the in-process sandbox: every learner logs in, reads
  * 18 pages, each a group with its HTML and the images Gatling inferred from it (the logo and stylesheet
  * once, then cached), and answers 10 practice questions, with no KO; the summaries split the run into
  * the smoke profile's two cycles.
  */
class LearningPortalSimulationEndToEndTest {

  /** The smoke profile's two cycles 3 s each instead of 6 s, and the answer oracle's stub answering at once
    * (500 ms for each of a learner's 10 answers): still learners in both cycles, every journey whole.
    */
  private val cycleSeconds = 3
  private def shortCycles(key: String) = Seq(
    s"profiles.$key.smoke.cycleDuration" -> s"$cycleSeconds seconds",
    "sandbox.stubs.delay.ms" -> "0"
  )

  @Test def mobileLearnersReadTheSamePagesOnTheMobileHostUnderItsOwnNames(): Unit = {
    val run = SimulationRuns.run(classOf[LearningPortalMobileSimulation], shortCycles(LearningPortalMobile.key): _*)
    val mobile = LearningPortalRequests.Mobile
    assertEquals(LearningPortalMobile.requestNames, run.requests.keySet, "exactly the mobile host's request names")
    val learners = run.usersByScenario(LearningPortalMobile.scenarioName).toLong
    assertTrue(learners >= 3, s"both cycles ran learners: $learners")
    val pages = 18 * learners
    assertEquals(
      Map(
        s"${mobile.LogInGroup} / ${mobile.LoginForm}" -> learners,
        s"${mobile.LogInGroup} / ${mobile.LogIn}" -> learners,
        s"${mobile.PageGroup} / ${mobile.ContentPage}" -> pages,
        s"${mobile.PageGroup} / ${mobile.Image}" -> (LearningPortalSiteStandIn.FiguresPerPage * pages + learners),
        s"${mobile.PageGroup} / ${mobile.Stylesheet}" -> learners
      ),
      run.paths.view.mapValues(_.count).toMap,
      "one login and 18 pages with their images per learner, no practice"
    )
    SimulationRuns.assertNoErrors(run)
  }

  @Test def everyLearnerLogsInReadsPagesWithTheirImagesAndPractices(): Unit = {
    val run = SimulationRuns.run(classOf[LearningPortalSimulation], shortCycles(LearningPortal.key): _*)
    assertEquals(LearningPortal.requestNames, run.requests.keySet, "exactly the contract's request names")
    val learners = run.usersByScenario(LearningPortal.scenarioName).toLong
    assertTrue(learners >= 3, s"both cycles ran learners: $learners")
    val pages = 18 * learners
    assertEquals(
      Map(LogInGroup -> learners, PageGroup -> pages, PracticeGroup -> learners),
      run.groups.view.mapValues(_.count).toMap,
      "one login, 18 pages and one practice per learner"
    )
    assertEquals(
      Map(
        s"$LogInGroup / $LoginForm" -> learners,
        s"$LogInGroup / $LogIn" -> learners,
        s"$PageGroup / $ContentPage" -> pages,
        // Each page's own figures, and the logo on a learner's first page only: the portal lets it be cached.
        s"$PageGroup / $Image" -> (LearningPortalSiteStandIn.FiguresPerPage * pages + learners),
        s"$PageGroup / $Stylesheet" -> learners,
        s"$PracticeGroup / $OpenPractice" -> learners,
        s"$PracticeGroup / $AnswerQuestion" -> 10 * learners
      ),
      run.paths.view.mapValues(_.count).toMap,
      "every page's HTML and images, every practice answer"
    )
    SimulationRuns.assertNoErrors(run)

    // The smoke profile's cycles as the profile plans them (back to back, no ramp), from its own settings
    // with the run's shorter cycles.
    val smoke = ConfigFiles.load(Seq(LearningPortal.key)).getConfig("profiles.learning-portal.smoke")
    val cycleMs = cycleSeconds * 1000L
    val cycles = smoke.getLongList("levels").asScala.indices.map { i =>
      PlannedWindow(WindowKind.Cycle, WindowLabel.Cycle(i + 1, None), i * cycleMs, (i + 1) * cycleMs)
    }
    val summary = RunSummarizer.summarize(
      run.runDir,
      RunContext(
        "LearningPortalSimulation",
        Seq(LearningPortal.key),
        "local",
        "smoke",
        RunShard.Whole,
        Map.empty,
        cycles,
        Nil
      ),
      RunSummarizer.RunIdentity("learning-portal", "test"),
      ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
    )
    assertEquals(2, summary.windows.size, "one window per cycle of the smoke profile")
    summary.windows.foreach { cycle =>
      assertTrue(
        cycle.groups.exists(g => g.path == List(PageGroup) && g.figures.count > 0),
        s"pages read in ${cycle.window.label.text}"
      )
    }
    assertTrue(summary.windows.forall(_.global.exists(_.figures.count > 0)), "requests in every cycle")
  }

  @Test def theFeederHoldsThePortalsPagesAsItsGeneratorWritesThem(): Unit = {
    val generated = Files.createTempFile("pages-", ".csv")
    LearningPortalSiteStandIn.main(Array(generated.toString))
    val committed = new String(getClass.getResourceAsStream("/feeders/learning-portal/pages.csv").readAllBytes, UTF_8)
    assertEquals(Files.readString(generated), committed, "regenerate: see feeders/learning-portal/README.md")
    assertEquals(
      LearningPortalSiteStandIn.pages.map(p => Map("title" -> p.title, "path" -> p.path)),
      Feeders.csvRecords("feeders/learning-portal/pages.csv", LearningPortal.PageColumns)
    )
  }

  @Test def aBadUrlInThePageFeederStopsBeforeAnyLoadNamingTheFileAndLine(): Unit = {
    val feeder = Files.createTempFile("pages-", ".csv")
    Files.writeString(feeder, "title,path\nGlossary,/learn/glossary/\nElsewhere,https://elsewhere.example/learn/\n")
    val (error, folder) =
      SimulationRuns.failure(classOf[LearningPortalSimulation], "learning-portal.pages" -> feeder.toString)
    assertEquals(classOf[InputError], error.getClass)
    assertEquals(
      s"$feeder: line 3: not a path on the site (it must start with one '/' and be a valid URI path): 'https://elsewhere.example/learn/'",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  /** The profile library rejects a cycle list that is not ascending; here for this system's own file. */
  @Test def cyclesThatAreNotAscendingAreRejected(): Unit = {
    val file = ConfigFactory.parseResources("systems/learning-portal.conf")
    val config = ConfigFactory.parseString("profiles.learning-portal.cycles.levels = [100, 250, 250, 750]")
      .withFallback(file).resolve()
    val error = assertThrows(classOf[InputError], () => ProfilesTestKit.shaped(config, LearningPortal.key, "cycles"))
    assertEquals(
      "profiles.learning-portal.cycles.levels: must be strictly ascending (was [100, 250, 250, 750])",
      error.getMessage
    )
  }
}
