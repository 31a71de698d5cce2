package simulations

import eroll.{ ERoll, ERollRequests }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError
import testkit.SimulationRuns

/** ERollSimulation at smoke scale against the in-process sandbox: nine sessions, whose calls take the
  * routes and search variants in turn. The stand-in answers 401 to a call without a live session's token,
  * and the journey checks that every search lists the person searched for, so no KO also means every
  * call chained the values before it.
  */
class ERollSimulationEndToEndTest {

  @Test def everySessionLogsInCallsEveryRouteAndLogsOutOnce(): Unit = {
    val run = SimulationRuns.run(classOf[ERollSimulation], "sandbox.stubs.delay.ms" -> "20")
    assertEquals(ERoll.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(9, run.users, "nine sessions")
    assertEquals(9L, run.requests(ERollRequests.Login).count, "one login per session")
    assertEquals(9L, run.requests(ERollRequests.Logout).count, "one logout per session")
    SimulationRuns.assertNoErrors(run)
  }

  @Test def theReferenceWorkListCompressedToSmokeRunsWholeSessions(): Unit = {
    val run = SimulationRuns.run(
      classOf[ERollSimulation],
      "profile" -> "reference",
      "smoke" -> "true",
      "sandbox.stubs.delay.ms" -> "0"
    )
    // Workers each work through several sessions of the list: one login and one logout each.
    val sessions = run.requests(ERollRequests.Login).count
    assertTrue(sessions > run.users, s"$sessions sessions by ${run.users} workers")
    assertEquals(sessions, run.requests(ERollRequests.Logout).count, "one logout per session")
    // Not assertNoErrors: four sessions draw too few searches to reach the mononym variant, whose
    // threshold then fails Gatling's assertion (a path that never ran); the smoke profile sends it.
    assertEquals(Map.empty, run.errors, "no KO")
  }

  @Test def anUnknownRouteStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[ERollSimulation], "eroll.mix.search" -> "40")
    assertEquals(classOf[InputError], error.getClass)
    assertEquals("unknown setting 'eroll.mix.search'; did you mean 'eroll.mix.enrol'?", error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }
}
