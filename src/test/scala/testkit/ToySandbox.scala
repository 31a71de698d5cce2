package testkit

import sandbox.{ Sandbox, SandboxSettings }
import config.ConfigFiles
import testkit.toy.Toy

/** The toy system's sandbox on its own JVM until stopped, for tests that start it under limits of its own
  * (a lowered `ulimit -n`): `-Dsandbox.toy.port=...` picks its port; with
  * `-Dtargets.standalone-sandbox.baseUrlsFile=...` it writes its base URL there, as the suite's does.
  */
object ToySandbox {
  def main(args: Array[String]): Unit = {
    Sandbox.runStandalone(
      SandboxSettings.fromConfig(ConfigFiles.load(Seq(Toy.key))),
      Seq(Toy.key -> Toy.standIn),
      Seq(Toy.key),
      sys.props.get("targets.standalone-sandbox.baseUrlsFile").map(java.nio.file.Paths.get(_))
    )
  }
}
