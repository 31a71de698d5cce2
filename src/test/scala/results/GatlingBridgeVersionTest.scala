package results

import io.gatling.charts.stats.SimulationLogAccess
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The one place the suite reaches into Gatling's package-private code is src/main/scala/io/gatling/:
  * the simulation.log reader (SimulationLogAccess), its writer (SimulationLogWriter, for benchmark logs)
  * and the in-process launcher (InProcessGatling). All are written against one Gatling version; this
  * test fails first when the pom's changes.
  */
class GatlingBridgeVersionTest {
  @Test def gatlingIsTheVersionTheBridgeWasWrittenFor(): Unit =
    assertEquals(
      SimulationLogAccess.BuiltFor,
      SimulationLogAccess.runningGatlingVersion,
      s"""Gatling changed from ${SimulationLogAccess.BuiltFor} to ${SimulationLogAccess.runningGatlingVersion}. Before relying on
         |the summaries: read the new io.gatling.charts.stats.LogFileReader (the bridge runs its two passes itself)
         |and io.gatling.app.Gatling sources, adapt src/main/scala/io/gatling/**, run GatlingReportEqualityTest (figures equal the HTML report's)
         |and the end-to-end tests, then set SimulationLogAccess.BuiltFor to the new version.""".stripMargin
    )
}
