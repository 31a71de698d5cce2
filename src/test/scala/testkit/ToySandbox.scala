package testkit

import sandbox.{ Sandbox, SandboxSettings }
import suite.{ ConfigFiles, FailFast }
import testkit.toy.Toy

/** The toy system's sandbox on its own JVM until stopped, for tests that start it under limits of its own
  * (a lowered `ulimit -n`): `-Dsandbox.toy.port=...` picks its port.
  */
object ToySandbox {
  def main(args: Array[String]): Unit = {
    val settings = FailFast(SandboxSettings.fromConfig(ConfigFiles.load(Seq(Toy.key))))
    Sandbox.runStandalone(settings, Seq(Toy.key -> Toy.standIn), Seq(Toy.key))
  }
}
