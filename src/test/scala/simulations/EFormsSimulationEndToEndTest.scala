package simulations

import com.typesafe.config.ConfigFactory
import eforms.{ EForms, EFormsSurveys }
import eforms.EFormsRequests._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import suite.{ ConfigFiles, InputError, Settings }
import testkit.SimulationRuns

/** EFormsSimulation at smoke scale against the in-process sandbox, every respondent through the line-speed
  * proxy's port of their class: each class's respondents log in, fill in their survey page by page (as many
  * pages as its fields imply) and submit it, with no KO; every request runs in its class's group, so the
  * SLAs are judged per class.
  */
class EFormsSimulationEndToEndTest {
  private val classes = Seq("56k", "64k", "512k", "2048k")

  @Test def everyClassLogsInFillsInItsSurveysPageByPageAndSubmits(): Unit = {
    val run = SimulationRuns.run(classOf[EFormsSimulation])
    assertEquals(EForms.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(classes.map(c => s"${EForms.scenarioName} on $c").toSet, run.scenarios, "one population per class")
    SimulationRuns.assertNoErrors(run)
    classes.foreach { line =>
      val respondents = run.usersByScenario(s"${EForms.scenarioName} on $line").toLong
      assertTrue(respondents > 0, s"$line: respondents ran")
      assertEquals(respondents, run.groups(s"$line / $LogInGroup").count, s"$line: one login each")
      assertEquals(respondents, run.groups(s"$line / $SubmitGroup").count, s"$line: one return each")
      assertEquals(respondents, run.paths(s"$line / $PageGroup / $OpenSurvey").count, s"$line: one survey each")
      // Each survey's pages: opened, then n-1 next pages; a smoke run draws the five surveys in turn.
      val pages = run.groups(s"$line / $PageGroup").count
      assertEquals(pages - respondents, run.paths(s"$line / $PageGroup / $NextPage").count)
      assertTrue(pages >= 2 * respondents, s"$line: every survey has two pages at least ($pages pages)")
    }
    // Every survey's first page holds 20 questions: over a 56k line it takes its size's time at 56 kbit/s.
    val surveys = EFormsSurveys.read(new Settings(ConfigFiles.load(Seq(EForms.key)).getConfig("eforms"), "eforms"))
    val firstPageMs = surveys.surveys.map(s => surveys.page(s, 1).length).min * 8 / 56
    val opened = (line: String) => run.paths(s"$line / $PageGroup / $OpenSurvey")
    assertTrue(
      opened("56k").minMs >= firstPageMs,
      s"56k: a first page took ${opened("56k").minMs} ms, its line $firstPageMs ms"
    )
    // and on a 2048k line its fastest first page beats that (its slowest may not, on a busy machine).
    assertTrue(opened("2048k").minMs < firstPageMs, s"2048k: the fastest first page took ${opened("2048k").minMs} ms")
  }

  /** A refusal's KO carries the stand-in's reason: with the wrong password, pages are "log in first". */
  @Test def aRefusedPageSaysWhyInItsError(): Unit = {
    val run = SimulationRuns.run(classOf[EFormsSimulation], "eforms.password" -> "wrong")
    val reasons = run.errors.keys.filter(_.contains("refused: log in first"))
    assertTrue(reasons.nonEmpty, s"errors: ${run.errors.keys.mkString("; ")}")
  }

  @Test def pagesPerSurveyGrowWithItsFields(): Unit = {
    val surveys = EFormsSurveys.read(new Settings(ConfigFiles.load(Seq(EForms.key)).getConfig("eforms"), "eforms"))
    assertEquals(
      Map("REACS" -> 24, "MPS" -> 20, "ECS" -> 7, "QBIS" -> 3, "CAPEX" -> 2),
      surveys.surveys.map(s => s.code -> surveys.pages(s)).toMap,
      "ceil(fields / 20)"
    )
    val reacs = surveys("REACS").get
    assertEquals(1 to 20, surveys.fieldsOn(reacs, 1))
    assertEquals(461 to 470, surveys.fieldsOn(reacs, 24), "the last page takes what is left")
    assertEquals(470, (1 to 24).map(surveys.fieldsOn(reacs, _).size).sum, "every field on one page")
  }

  @Test def aLineSpeedTableNotAddingUpTo100StopsTheRunBeforeAnyLoad(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[EFormsSimulation], "eforms.lineSpeeds.2048k.sharePercent" -> "57.5")
    assertEquals(classOf[InputError], error.getClass)
    assertEquals(
      "eforms.lineSpeeds: the shares must add up to 100 % (they add up to 99.5 %: 56k 2.3, 64k 0.5, 512k 39.2, 2048k 57.5)",
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def theThresholdsNameEveryClass(): Unit = {
    val paths = ConfigFactory.parseResources("systems/eforms.conf").getConfig("thresholds.simulations.eforms.paths")
    classes.foreach { line =>
      assertEquals(15000, paths.getInt(s"\"$line / $LogInGroup\".p90Ms"))
      assertEquals(5000, paths.getInt(s"\"$line / $PageGroup\".p90Ms"))
    }
  }
}
