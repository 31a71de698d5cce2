package simulations

import dvp.{ Dvp, DvpRequests, DvpSituations }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError
import testkit.SimulationRuns

/** DvpSimulation at smoke scale against the in-process sandbox: three users take the three situations in
  * turn. The stand-in refuses a step out of order (409) or without the page's form token (403), and every
  * download is checked as a PDF of at least `dvp.pdfCheck.minPages` pages, so no KO also means the papers
  * downloaded were real PDFs; the log read back shows each run of a situation sent its steps in the order
  * its docs page gives.
  */
class DvpSimulationEndToEndTest {
  private val burst = 4

  /** One user per situation, all started within a second, instead of the smoke profile's nine users: with no two runs
    * of one situation, none can overlap another of its group however slow the machine, so the log can tell
    * which run sent each request (nine users needed 18 s of spacing for that).
    */
  private val onePerSituation = Seq(
    "profiles.dvp.smoke.warmUp" -> "0",
    "profiles.dvp.smoke.rate" -> DvpSituations.All.size.toString,
    "profiles.dvp.smoke.duration" -> "1 second"
  )

  @Test def everySituationRunsItsStepsWithoutErrors(): Unit = {
    val run = SimulationRuns.run(classOf[DvpSimulation], onePerSituation :+ ("sandbox.stubs.delay.ms" -> "20"): _*)
    assertEquals(Dvp.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(
      DvpSituations.names.map(_ -> 1L).toMap,
      run.groups.view.mapValues(_.count).toMap,
      "the three situations, as groups, in turn"
    )

    val expected = for {
      s <- DvpSituations.All
      name <- DvpRequests.names.toSeq
      times = s.sends(name, burst) if times > 0
    } yield s"${s.name} / $name" -> times.toLong * run.groups(s.name).count
    assertEquals(expected.toMap, run.paths.view.mapValues(_.count).toMap, "each situation's requests, as its steps")
    assertEquals(2L, run.requests(DvpRequests.DownloadPdf).count, "two downloading situations, 1 user each")
    // Each situation's steps in the order of docs/systems/dvp.md, address completion a burst.
    SimulationRuns.assertStepsInOrder(
      run,
      "dvp",
      DvpSituations.names,
      step => {
        val request = s"DVP - $step"
        Seq.fill(if (request == DvpRequests.AddressCompletion) burst else 1)(request)
      }
    )
    SimulationRuns.assertNoErrors(run)
  }

  @Test def morePagesThanThePapersHaveIsAKoForEveryDownload(): Unit = {
    val run =
      SimulationRuns.run(
        classOf[DvpSimulation],
        onePerSituation ++ Seq("dvp.pdfCheck.minPages" -> "4", "sandbox.stubs.delay.ms" -> "0"): _*
      )
    val downloads = run.requests(DvpRequests.DownloadPdf)
    assertEquals(downloads.count, downloads.ko, "the PDF check is active: 3 pages are fewer than 4")
  }

  @Test def anInvalidPageMinimumStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[DvpSimulation], "dvp.pdfCheck.minPages" -> "none")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(error.getMessage.startsWith("dvp.pdfCheck.minPages: "), error.getMessage)
    assertFalse(error.getMessage.contains("\n"), "one line")
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }
}
