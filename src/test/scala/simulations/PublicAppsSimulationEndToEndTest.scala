package simulations

import dvp.{ Dvp, DvpSituations }
import eol.EolTransactions
import eroll.ERollRequests
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import publicapps.{ PublicAppsERoll, PublicAppsWeb }
import suite.InputError
import testkit.SimulationRuns

/** PublicAppsSimulation's smoke list against the in-process sandbox: 14 web scenarios (each of the
  * cycle's seven kinds twice) by 4 workers, and 3 eRoll sessions by 3 workers starting a second later;
  * then the same list split over two shards.
  */
class PublicAppsSimulationEndToEndTest {
  private val eolKinds = EolTransactions.names.filterNot(_ == "Search only")

  /** How many scenarios of each kind ran: EOL's by transaction, DVP's and eRoll's in all. */
  private def kinds(run: SimulationRuns.Run): Map[String, Long] =
    eolKinds.map(k => k -> run.groups.get(k).fold(0L)(_.count)).toMap ++ Map(
      Dvp.scenarioName -> DvpSituations.names.flatMap(run.groups.get).map(_.count).sum,
      "eRoll sessions" -> run.requests.get(ERollRequests.Login).fold(0L)(_.count)
    )

  @Test def theWholeListRunsOnceAndTwoShardsRunItBetweenThem(): Unit = {
    val whole = SimulationRuns.run(classOf[PublicAppsSimulation], "sandbox.stubs.delay.ms" -> "0")
    assertEquals(Map(PublicAppsWeb.scenarioName -> 4, PublicAppsERoll.scenarioName -> 3), whole.usersByScenario)
    assertEquals(
      (eolKinds.map(_ -> 2L) ++ Seq(Dvp.scenarioName -> 2L, "eRoll sessions" -> 3L)).toMap,
      kinds(whole),
      "each kind of the cycle twice, and the eRoll list"
    )
    assertFalse(whole.groups.contains("Search only"), "the combined run has no search-only scenarios")
    assertEquals(whole.requests(ERollRequests.Login).count, whole.requests(ERollRequests.Logout).count)
    SimulationRuns.assertNoErrors(whole)

    val shards = Seq("1/2", "2/2").map(s =>
      SimulationRuns.run(classOf[PublicAppsSimulation], "shard" -> s, "sandbox.stubs.delay.ms" -> "0")
    )
    shards.foreach(SimulationRuns.assertNoErrors)
    shards.foreach(shard =>
      assertEquals((eolKinds :+ Dvp.scenarioName).map(_ -> 1L).toMap, kinds(shard) - "eRoll sessions")
    )
    assertEquals(kinds(whole), shards.map(kinds).reduce((a, b) => a.map { case (k, n) => k -> (n + b(k)) }))
  }

  @Test def aListNeedingMorePeopleThanTheFeederHoldsStopsBeforeAnyLoad(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[PublicAppsSimulation], "profiles.public-apps.smoke.scenarios" -> "70000")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(
      error.getMessage.matches(
        "feeders/eol/(electors|enrolees)\\.csv: [0-9,]+ people, too few for a run that must not reuse them: its 70,000 scenarios need 30,000"
      ),
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def anUnknownKindInTheCycleIsNamed(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[PublicAppsSimulation], "public-apps.cycle.0" -> "Search only twice")
    assertEquals(
      s"public-apps.cycle[0]: unknown scenario 'Search only twice'; expected one of: ${PublicAppsWeb.kinds.mkString(", ")}",
      error.getMessage
    )
  }
}
