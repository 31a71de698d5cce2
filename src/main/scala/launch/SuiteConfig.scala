package launch

import signals.ShardsSettings
import watch.EarlyStopLimits

import config.{ ConfigFiles, InputError, Redaction, Settings }

import java.nio.file.Paths

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigFactory }
import profiles.Shard
import results.gate.Thresholds
import results.model.InjectorLimits
import sandbox.BaseUrlsFile

/** The environment a run sends load to: a block under `targets` in application.conf. */
/** @param production load above smoke is refused unless `-DallowProduction=<name>` names this target */
final case class Target(name: String, description: String, usesSandbox: Boolean, production: Boolean, block: Config)

/** Everything a run is configured with, read once from application.conf and its overrides. */
final case class SuiteConfig(
    root: Config,
    systemKeys: Seq[String],
    target: Target,
    profileName: String,
    smoke: Boolean,
    scale: Double,
    shard: Shard,
    thinkTimeMultiplier: Double,
    smokeThinkTimeMultiplier: Double,
    preflightConnectTimeout: FiniteDuration,
    allowProduction: Option[String],
    injectorLimits: InjectorLimits,
    earlyStop: EarlyStopLimits,
    planOnly: Boolean = false,
    shards: ShardsSettings = ShardsSettings.Off
) {

  /** Smoke runs check the journeys, not the pacing: they take `thinkTime.smokeMultiplier`. */
  def thinkTimeMultiplierOf(key: String): Double =
    if (isSmoke(key)) smokeThinkTimeMultiplier else thinkTimeMultiplier

  /** The system runs at smoke scale: the run is compressed, or its profile is its `smoke` block. */
  def isSmoke(key: String): Boolean = smoke || profileOf(key) == "smoke"

  /** A system's settings: the target's block for that system over the system's defaults. */
  def system(name: String): Config = {
    val defaults = if (root.hasPath(name)) root.getConfig(name) else ConfigFactory.empty()
    if (target.block.hasPath(name)) target.block.getConfig(name).withFallback(defaults) else defaults
  }

  /** The profile a system runs: `<key>.profile` when given, else the run-wide `profile`. */
  def profileOf(key: String): String = {
    val own = new Settings(root).optionalString(s"$key.profile")
    own.getOrElse(profileName)
  }

  /** The keys given on the command line or in the environment that differ from application.conf,
    * with credentials redacted ([[Redaction.redactSetting]]), for the plan and the run's files. Thresholds
    * are among them whatever the run's files hold: the results step reads them from here (run.json).
    */
  def overrides: Map[String, String] = {
    val file = ConfigFiles.withoutOverrides(systemKeys)
    val sections = file.root().keySet().asScala.toSet + Thresholds.FileProperty
    root
      .entrySet()
      .asScala
      .iterator
      .map(e => e.getKey -> e.getValue.unwrapped().toString)
      .filter { case (key, _) => sections.exists(s => key == s || key.startsWith(s + ".")) }
      .filter { case (key, value) => !file.hasPath(key) || file.getValue(key).unwrapped().toString != value }
      .map { case (key, value) => key -> Redaction.redactSetting(key, value) }
      .toMap ++ thresholdsFile
  }

  /** -Dthresholds=<file>, read as [[Thresholds.load]] reads it: beside a -Dthresholds.* key the configuration keeps
    * the block, not the file's name, which the run must record all the same.
    */
  private def thresholdsFile: Option[(String, String)] =
    sys.props.get(Thresholds.FileProperty).filter(_.trim.nonEmpty).map(file =>
      Thresholds.FileProperty -> Redaction.redactSetting(Thresholds.FileProperty, file)
    )
}

object SuiteConfig {

  /** The files a run is configured by, lowest priority last: system properties (-Dkey=value),
    * application.conf (with the environment variables it names), each system's systems/<key>.conf.
    */
  def load(systems: Seq[String]): SuiteConfig = fromConfig(ConfigFiles.load(systems), systems)

  def fromConfig(config: Config, systems: Seq[String]): SuiteConfig = {
    val s = new Settings(config)
    val targetName = s.string("target")
    val knownTargets = s.block("targets").names
    if (!knownTargets.contains(targetName))
      throw new InputError("target", s"unknown target '$targetName'; known: ${knownTargets.mkString(", ")}")
    val block = s.block(s"targets.$targetName")
    // The base URLs a standalone sandbox wrote, under those the target's block gives (-D ones included).
    val written = block.optionalString("baseUrlsFile").fold(ConfigFactory.empty())(f => BaseUrlsFile.read(Paths.get(f)))
    val target = Target(
      targetName,
      block.optionalString("description").getOrElse(targetName),
      block.boolean("sandbox"),
      block.has("production") && block.boolean("production"),
      block.config.withFallback(written)
    )
    SuiteConfig(
      root = config,
      systemKeys = systems,
      target = target,
      profileName = s.string("profile"),
      smoke = s.boolean("smoke"),
      scale = s.positiveDouble("scale"),
      shard = Shard.parse(s.string("shard")).fold(reason => throw new InputError(reason), identity),
      thinkTimeMultiplier = s.double("thinkTime.multiplier", min = 0),
      smokeThinkTimeMultiplier = s.double("thinkTime.smokeMultiplier", min = 0),
      preflightConnectTimeout = s.positiveDuration("preflight.connectTimeout"),
      allowProduction = s.optionalString("allowProduction"),
      injectorLimits = InjectorLimits(
        s.double("injector.maxCpuPercent", min = 0),
        s.double("injector.maxBusyPercent", min = 0),
        s.double("injector.maxGcPercent", min = 0),
        s.int("injector.minSamples", min = 0),
        s.long("injector.maxLateStartP99Ms", min = 0)
      ),
      earlyStop = EarlyStopLimits.read(s.block("earlyStop")),
      planOnly = s.boolean("planOnly"),
      shards = ShardsSettings.read(s)
    )
  }
}
