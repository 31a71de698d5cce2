package simulations

import keyall.{ KeyAll, KeyAllRequests, Queues }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.Claims
import testkit.SimulationRuns

/** KeyAllSimulation at smoke scale against the in-process sandbox and its embedded PostgreSQL. */
class KeyAllSimulationEndToEndTest {
  import KeyAllRequests._

  /** Smaller queues than the spec's 100,000 forms each keep the test's seeding short. */
  private val smallQueues = Seq("DET", "SVD", "EROE5").map(q => s"sandbox.key-all.seed.$q.forms" -> "2000")

  @Test def everyQueueRunsWithItsNamesAndEveryUserIsADistinctAccount(): Unit = {
    val run = SimulationRuns.run(classOf[KeyAllSimulation], smallQueues: _*)
    assertEquals(KeyAll.requestNames, run.requests.keySet, "exactly the contract's request names")
    assertEquals(14, run.users, "14 users")
    val groups = Queues.all.map(q => q -> run.groups(q).count).toMap
    assertEquals(14L, groups.values.sum, s"one queue per user: $groups")
    assertTrue(groups.values.forall(_ >= 4), s"every queue drawn in turn: $groups")
    assertEquals(14L, run.requests(LoginPage).count, "one login per user")
    assertEquals(groups("SVD") * 9, run.requests(RescanRequired).count, "9 rescans per SVD user")
    SimulationRuns.assertNoErrors(run)

    val claims = Claims.read(run.runDir).getOrElse(fail("the run wrote no claims"))
    assertEquals(
      groups("DET") + groups("EROE5") + groups("SVD") * 10,
      claims.size.toLong,
      "10 locks per SVD user, 1 else"
    )
    assertEquals(14, claims.map(_.claimant).distinct.size, "every user a distinct account")
    assertEquals(0L, Claims.duplicates(claims).count, "skip-locked: no form given twice")
  }
}
