package simulations

import java.nio.file.Files
import java.time.{ Instant, ZoneOffset }
import java.time.format.DateTimeFormatter

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import eforms.{ EForms, EFormsExtraction, EFormsSurveys }
import eforms.EFormsRequests._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.RequestRecorded
import results.archive.SummaryJson
import config.{ ConfigFiles, InputError, Settings }
import testkit.{ GatlingProcess, SimulationRuns }

/** EFormsSimulation at smoke scale against the in-process sandbox, every respondent through the line-speed
  * proxy's port of their class: each class's respondents log in, fill in their survey page by page (as many
  * pages as its fields imply) and submit it, with no KO; every request runs in its class's group, so the
  * SLAs are judged per class.
  */
class EFormsSimulationEndToEndTest {
  import EFormsSimulationEndToEndTest._

  /** Read from the data-extraction run: its respondents are the smoke run's, the extractor beside them logs in
    * outside every class's group (exactly the contract's names and one population per class, with the
    * extractor, are checked below; that no extractor runs unless asked, by EFormsExtractionTest).
    */
  @Test def everyClassLogsInFillsInItsSurveysPageByPageAndSubmits(): Unit = {
    val run = withExtraction
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
    val asRun = ConfigFactory.parseMap(shortSurveys.toMap.asJava).withFallback(ConfigFiles.load(Seq(EForms.key)))
    val surveys = EFormsSurveys.read(new Settings(asRun.getConfig("eforms"), "eforms"))
    val firstPageMs = surveys.surveys.map(s => surveys.page(s, 1).length).min * 8 / 56
    val opened = (line: String) => run.paths(s"$line / $PageGroup / $OpenSurvey")
    assertTrue(
      opened("56k").minMs >= firstPageMs,
      s"56k: a first page took ${opened("56k").minMs} ms, its line $firstPageMs ms"
    )
    // and on a 2048k line its fastest first page beats that (its slowest may not, on a busy machine).
    assertTrue(opened("2048k").minMs < firstPageMs, s"2048k: the fastest first page took ${opened("2048k").minMs} ms")
  }

  /** The data-extraction profile at smoke (the run above, archived as `mvn gatling:test` archives it): beside the
    * respondents one extractor logs in and extracts at least twice, each extraction taking every return
    * submitted since the one before (its check fails on a return skipped or taken twice), so together they
    * hold the returns submitted before the last one; each extraction's duration and records reach the summaries.
    */
  @Test def theDataExtractionRunsBesideThePeakAndReportsEachExtraction(): Unit = {
    val run = withExtraction
    val archived = run.runDir
    assertEquals(EForms.requestNames + DataExtraction, run.requests.keySet, extractionProcess.text)
    assertEquals(
      classes.map(c => s"${EForms.scenarioName} on $c").toSet + EFormsExtraction.ScenarioName,
      run.scenarios,
      "the extractor beside the classes"
    )
    assertEquals(1, run.usersByScenario(EFormsExtraction.ScenarioName), "one extractor")
    SimulationRuns.assertNoErrors(run)
    assertEquals(1L, run.paths(LogIn).count, "the extractor logs in once, outside every class's group")

    val extractions = mutable.ArrayBuffer.empty[RequestRecorded]
    val submits = mutable.ArrayBuffer.empty[RequestRecorded]
    SimulationLogAccess.walk(archived.resolve("simulation.log")) {
      case r: RequestRecorded if r.name == DataExtraction => extractions += r
      case r: RequestRecorded if r.name == Submit         => submits += r
      case _                                              =>
    }
    assertTrue(extractions.size >= 2, s"${extractions.size} extractions")
    val last = extractions.maxBy(_.startEpochMs)
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    val name = EFormsExtraction.tallyName("the peak load")
    val Some(tally) = summary.tallies.find(_.name == name): @unchecked
    assertEquals(extractions.size, tally.counts.size, "one row per extraction")
    val extracted = tally.overall(EFormsExtraction.Records)
    // A return whose submit ended before the last extraction began is in it; one begun after it ended is not.
    val surely = submits.count(_.endEpochMs < last.startEpochMs).toLong
    val possibly = submits.count(_.startEpochMs <= last.endEpochMs).toLong
    assertTrue(
      surely <= extracted && extracted <= possibly,
      s"extracted $extracted, submitted before $surely to $possibly"
    )
    assertTrue(extracted > 0, "returns were extracted")
    // Each row: its number, start (within the second the log has, taken just before the request) and duration.
    val clock = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC)
    val Row = """#(\d+) at (\d\d:\d\d:\d\d) UTC, (\d+) ms""".r
    val rows = tally.counts.map(_._1)
    extractions.sortBy(_.startEpochMs).zip(rows).zipWithIndex.foreach { case ((logged, row), i) =>
      val Row(number, at, ms) = row: @unchecked
      assertEquals((i + 1, logged.responseTimeMs), (number.toInt, ms.toInt), row)
      val seconds = Seq(logged.startEpochMs - 1000, logged.startEpochMs).map(t => clock.format(Instant.ofEpochMilli(t)))
      assertTrue(seconds.contains(at), s"$row: the log has it start at ${seconds.last}")
    }
    assertEquals(
      extractions.size.toLong,
      summary.entry(List(DataExtraction)).get.figures.count,
      "its own row, with its percentiles"
    )
    val md = Files.readString(archived.resolve("summary.md"))
    assertTrue(md.contains(s"| $DataExtraction |") && md.contains(s"## $name"), md)
    assertTrue(md.contains(s"| ${rows.head} |"), md)
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

object EFormsSimulationEndToEndTest {
  private val classes = Seq("56k", "64k", "512k", "2048k")

  /** The three longest surveys cut to two pages (40 fields) for the run: REACS's 24 pages took some 20 s over a
    * 56k line. Every survey still has a full first page and a next page; the journey and the stand-in both read
    * the cut figures, and the real page counts are checked without a run (pagesPerSurveyGrowWithItsFields).
    */
  private val shortSurveys = Seq("REACS", "MPS", "ECS").map(code => s"eforms.surveys.$code.fields" -> "40")

  /** The data-extraction profile at smoke, archived as `mvn gatling:test` archives it: the one run of the
    * respondents' journeys, shared by the tests above (JUnit makes a new instance per test).
    */
  private lazy val extractionProcess = GatlingProcess.start(
    classOf[EFormsSimulation],
    shortSurveys ++ Seq("profile" -> "data-extraction", "smoke" -> "true"): _*
  )
  private lazy val withExtraction: SimulationRuns.Run = extractionProcess.archivedRun(300)
}
