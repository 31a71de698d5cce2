package simulations

import journey.SystemUnderTest

import java.nio.file.Paths

import sandbox.{ Sandbox, SandboxSettings }
import config.{ ConfigFiles, FailFast, Settings }

/** The sandbox on its own JVM, serving every system of [[Systems]] until Ctrl-C:
  * `mvn -q test-compile exec:java -Dexec.mainClass=simulations.StandaloneSandbox` (a system left at port 0, as
  * all are by default, gets a free port, printed at start and written to the target's `baseUrlsFile`). Bad input,
  * a port taken included: one line, exit code 3.
  */
object StandaloneSandbox {
  def main(args: Array[String]): Unit = serve(Systems)

  /** Serves every system of `registry` until Ctrl-C, their base URLs written where the `standalone-sandbox`
    * target reads them.
    */
  def serve(registry: Registry): Unit = {
    // The stubs and settings of the systems they are made of come with them.
    val keys = SystemUnderTest.withParts(registry.sandboxed).map(_.key)
    val config = FailFast.exiting(ConfigFiles.load(keys))
    Sandbox.runStandalone(
      SandboxSettings.fromConfig(config),
      registry.sandboxed.map(s => s.key -> s.standIn),
      keys,
      Some(Paths.get(FailFast.exiting(new Settings(config).string("targets.standalone-sandbox.baseUrlsFile"))))
    )
  }
}
