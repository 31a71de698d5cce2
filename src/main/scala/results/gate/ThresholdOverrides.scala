package results.gate

import config.{ InputError, Settings }

import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigUtil }

/** Thresholds given as settings (`-Dthresholds.simulations.raid.global.p99Ms=1500`): they win over the files'
  * limits as every setting's -D does over its file. They are read from the run's overrides as it recorded them
  * (run.json), so that the results step, in the run's JVM or in `ResultsCli`'s later, judges by the limits the
  * run's Gatling assertions used.
  */
object ThresholdOverrides {
  val Prefix = s"${Thresholds.FileProperty}."

  /** The blocks under `thresholds` a setting may change. */
  val Blocks: Seq[String] = Seq("baseline", "capacity", "defaults", "simulations")

  /** The thresholds among `overrides` (keys as the configuration writes them: `paths."mint raid".p99Ms`) for a
    * run of `systems`, checked alone, so that a problem names the key as given: `<key>: <problem>`, e.g.
    * `thresholds.simulations.raid.global.p99ms: unknown limit (known: ...)`, or
    * `thresholds.simulations.eol: not a system of this run (raid): its limits would judge nothing`.
    */
  def of(overrides: Map[String, String], systems: Seq[String]): Config = {
    val settings = ConfigFactory.parseMap(overrides.filter(_._1.startsWith(Prefix)).asJava)
    if (settings.hasPath(Thresholds.FileProperty)) {
      val root = new Settings(settings).block(Thresholds.FileProperty)
      root.names.filterNot(Blocks.contains).foreach(name =>
        root.fail(root.element(name), s"unknown key (known: ${Blocks.mkString(", ")})")
      )
      val simulations = root.block("simulations")
      simulations.names.filterNot(systems.contains).foreach(name =>
        simulations.fail(
          simulations.element(name),
          s"not a system of this run (${systems.mkString(", ")}): its limits would judge nothing"
        )
      )
      try (if (systems.isEmpty) Seq("") else systems).foreach(Thresholds.read(settings, "-D", _))
      catch { case e: ConfigException => throw new InputError(InputError.firstLine(e.getMessage)) }
    }
    settings
  }

  /** `overrides` without the thresholds of systems other than `system`: what a view of that system alone takes. */
  def forSystem(overrides: Map[String, String], system: String): Map[String, String] =
    overrides.filter { case (key, _) =>
      ConfigUtil.splitPath(key).asScala.toList match {
        case Thresholds.FileProperty :: "simulations" :: other :: _ => other == system
        case _                                                      => true
      }
    }
}
