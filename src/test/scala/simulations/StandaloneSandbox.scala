package simulations

import sandbox.{ Sandbox, SandboxSettings }
import suite.{ ConfigFiles, SystemUnderTest }

/** The sandbox on its own JVM, serving every system of [[Systems]] until Ctrl-C:
  * `mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox` (a system left at port 0 gets a
  * free port, printed at start). Bad input, a port taken included: one line, exit code 3.
  */
object StandaloneSandbox {
  def main(args: Array[String]): Unit = serve(Systems)

  /** Serves every system of `registry` until Ctrl-C. */
  def serve(registry: Registry): Unit = {
    // The stubs and settings of the systems they are made of come with them.
    val keys = SystemUnderTest.withParts(registry.sandboxed).map(_.key)
    Sandbox.runStandalone(
      SandboxSettings.fromConfig(ConfigFiles.load(keys)),
      registry.sandboxed.map(s => s.key -> s.standIn),
      keys
    )
  }
}
