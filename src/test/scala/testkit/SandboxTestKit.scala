package testkit

import com.typesafe.config.ConfigFactory
import sandbox.{ RunningSandbox, Sandbox, SandboxSettings, StandIn }
import suite.ConfigFiles

/** Starts a sandbox for the given systems as a run would: their systems/<key>.conf, then `hocon` over it. */
object SandboxTestKit {
  def start(hocon: String, systems: (String, StandIn)*): RunningSandbox = {
    val files = systems.map { case (key, _) => ConfigFactory.parseResources(ConfigFiles.systemFile(key)) }
    val config = files.foldLeft(ConfigFactory.parseString(hocon))(_ withFallback _)
    Sandbox.start(SandboxSettings.fromConfig(config), systems, systems.map(_._1))
  }

  def withSandbox[T](hocon: String, systems: (String, StandIn)*)(test: RunningSandbox => T): T = {
    val sandbox = start(hocon, systems: _*)
    try test(sandbox)
    finally sandbox.close()
  }
}
