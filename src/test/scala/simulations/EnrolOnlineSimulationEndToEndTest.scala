package simulations

import eol.{ Eol, EolRequests, EolTransactions }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.SimulationRuns

/** EnrolOnlineSimulation at smoke scale against the in-process sandbox: seven users take the seven
  * transactions in turn. The stand-in refuses a step out of order (409) or without the page's CSRF token
  * (403), so no KO also means every step ran on the values chained from the answers before it; the log
  * read back shows each run of a transaction sent its steps in the order its docs page gives.
  */
class EnrolOnlineSimulationEndToEndTest {
  private val burst = 4

  /** One user per transaction, all started within a second, instead of the smoke profile's nine users: with
    * no two runs of one transaction, none can overlap another of its group however slow the machine, so the
    * log can tell which run sent each request (nine users needed 18 s of spacing for that).
    */
  private val onePerTransaction = Seq(
    "profiles.eol.smoke.warmUp" -> "0",
    "profiles.eol.smoke.rate" -> EolTransactions.All.size.toString,
    "profiles.eol.smoke.duration" -> "1 second"
  )

  @Test def everyTransactionRunsItsStepsWithoutErrors(): Unit = {
    val run = SimulationRuns.run(
      classOf[EnrolOnlineSimulation],
      onePerTransaction :+ ("sandbox.stubs.delay.ms" -> "20"): _*
    )
    assertEquals(Eol.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(EolTransactions.names.toSet, run.groups.keySet, "exactly the seven transactions, as groups")
    assertEquals(
      EolTransactions.names.map(_ -> 1L).toMap,
      run.groups.view.mapValues(_.count).toMap,
      "one transaction per user, each once"
    )

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
    // Each transaction's steps in the order of docs/systems/eol.md, address completion a burst, each followed
    // by one analytics call.
    SimulationRuns.assertStepsInOrder(
      run,
      "eol",
      EolTransactions.names,
      step => {
        val request = s"EOL - $step"
        Seq.fill(if (request == EolRequests.AddressCompletion) burst else 1)(request) :+ EolRequests.Analytics
      }
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
