package simulations

import publicapps.{ PublicAppsERoll, PublicAppsWeb }
import sandbox.{ Sandbox, SandboxSettings }
import suite.{ ConfigFiles, SystemUnderTest }

/** The sandbox on its own JVM, serving every system of [[MainSimulation]] and the combined run's two
  * hosts until Ctrl-C: `mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox
  * -Dsandbox.raid.port=18080` (a system left at port 0 gets a free port, printed at start). Bad input, a
  * port taken included: one line, exit code 3.
  */
object StandaloneSandbox {
  val systems: Seq[SystemUnderTest] = MainSimulation.systems ++ Seq(PublicAppsWeb, PublicAppsERoll)

  def main(args: Array[String]): Unit = {
    val keys = SystemUnderTest.withParts(systems).map(_.key)
    Sandbox.runStandalone(
      SandboxSettings.fromConfig(ConfigFiles.load(keys)),
      systems.map(s => s.key -> s.standIn),
      keys
    )
  }
}
