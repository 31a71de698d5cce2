package simulations

import sandbox.{ Sandbox, SandboxSettings }
import suite.{ ConfigFiles, FailFast, SystemUnderTest }

/** The sandbox on its own JVM, serving every system of [[MainSimulation]] until Ctrl-C:
  * `mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox -Dsandbox.raid.port=18080`
  */
object StandaloneSandbox {
  def main(args: Array[String]): Unit = {
    val systems = MainSimulation.systems
    val settings = FailFast(SandboxSettings.fromConfig(ConfigFiles.load(SystemUnderTest.withParts(systems).map(_.key))))
    Sandbox.runStandalone(settings, systems.map(s => s.key -> s.standIn), SystemUnderTest.withParts(systems).map(_.key))
  }
}
