package simulations

import eol.{ Eol, EolRequests, EolTransactions }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.SimulationRuns

/** EnrolOnlineSimulation at smoke scale against the in-process sandbox: nine users take the seven
  * transactions in turn. The stand-in refuses a step out of order (409) or without the page's CSRF token
  * (403), so no KO also means every step ran in its transaction's order, on the values chained from the
  * answers before it.
  */
class EnrolOnlineSimulationEndToEndTest {
  private val burst = 4

  @Test def everyTransactionRunsItsStepsWithoutErrors(): Unit = {
    val run = SimulationRuns.run(classOf[EnrolOnlineSimulation], "sandbox.stubs.delay.ms" -> "20")
    assertEquals(Eol.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(EolTransactions.names.toSet, run.groups.keySet, "exactly the seven transactions, as groups")
    assertEquals(9L, run.groups.values.map(_.count).sum, "one transaction per user")

    val expected = for {
      t <- EolTransactions.All
      name <- EolRequests.names.toSeq
      times = t.sends(name, burst) if times > 0
    } yield s"${t.name} / $name" -> times.toLong * run.groups(t.name).count
    assertEquals(
      expected.toMap,
      run.paths.view.mapValues(_.count).toMap,
      "each transaction's requests, as often as its steps"
    )
    SimulationRuns.assertNoErrors(run)
  }

  @Test def theGoalProfileRunsItsOwnMix(): Unit = {
    val run = SimulationRuns.run(
      classOf[EnrolOnlineSimulation],
      "eol.profile" -> "goal",
      "smoke" -> "true",
      "eol.mix.Enrol with passport" -> "0",
      "sandbox.stubs.delay.ms" -> "0"
    )
    assertFalse(run.groups.contains("Enrol with passport"), "a -D weight of 0 wins over the profile's mix")
    assertEquals(6, run.groups.size, "the six other transactions ran")
    assertEquals(Map.empty, run.errors, "no KO")
  }
}
