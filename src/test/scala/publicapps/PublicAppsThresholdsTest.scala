package publicapps

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.gate.Thresholds

/** The combined run's thresholds are written out in its own files (a thresholds file is read on its
  * own); they must stay those of the systems whose journeys it runs.
  */
class PublicAppsThresholdsTest {
  private def paths(key: String) = Thresholds.load(Seq(key), None, Map.empty).paths.toMap

  @Test def theWebListHoldsEolTransactionsToEolsLimits(): Unit = {
    val web = paths(PublicAppsWeb.key)
    assertEquals(paths("eol") - List("Search only"), web, "every EOL transaction the list runs, at EOL's limits")
  }

  @Test def theERollListHoldsLoginAndLogoutToERollsLimits(): Unit = {
    val eroll = paths(PublicAppsERoll.key)
    assertEquals(Set(List("eRoll - Login"), List("eRoll - Logout")), eroll.keySet)
    assertEquals(paths("eroll").view.filterKeys(eroll.keySet).toMap, eroll)
  }
}
