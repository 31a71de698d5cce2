package support

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.control.NoStackTrace

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigResolveOptions }
import support.profiles.Shard

/** A problem with the run's input (config, feeder, target), found before any load is sent. The
  * message is one line that names the key or file.
  */
final class SuiteError(message: String) extends RuntimeException(message) with NoStackTrace

/** The environment a run sends load to: a block under `targets` in application.conf. */
final case class Target(name: String, description: String, usesSandbox: Boolean, block: Config)

/** Everything a run is configured with, read once from application.conf and its overrides. */
final case class SuiteConfig(
    root: Config,
    target: Target,
    profileName: String,
    smoke: Boolean,
    scale: Double,
    shard: Shard,
    thinkTimeMultiplier: Double,
    preflightConnectTimeout: FiniteDuration
) {

  /** A system's settings: the target's block for that system over the suite-wide defaults. */
  def system(name: String): Config = {
    val defaults = if (root.hasPath(name)) root.getConfig(name) else ConfigFactory.empty()
    if (target.block.hasPath(name)) target.block.getConfig(name).withFallback(defaults) else defaults
  }

  /** The keys given on the command line or in the environment that differ from application.conf,
    * with secret-looking values replaced, for the run's metadata.
    */
  def overrides: Map[String, String] = {
    val file = ConfigFactory.parseResources("application.conf").resolve(ConfigResolveOptions.noSystem().setAllowUnresolved(true))
    val sections = file.root().keySet().asScala
    root
      .entrySet()
      .asScala
      .iterator
      .map(e => e.getKey -> e.getValue.unwrapped().toString)
      .filter { case (key, _) => sections.exists(s => key == s || key.startsWith(s + ".")) }
      .filter { case (key, value) => !file.hasPath(key) || file.getValue(key).unwrapped().toString != value }
      .map { case (key, value) => key -> (if (SuiteConfig.isSecretKey(key)) "***" else RunPlan.redactUrl(value)) }
      .toMap
  }
}

object SuiteConfig {
  /** Keys whose values are credentials; `...Env` keys name an environment variable, not a secret. */
  def isSecretKey(key: String): Boolean = {
    val k = key.toLowerCase
    !k.endsWith("env") && (k.contains("token") || k.contains("secret") || k.contains("password"))
  }

  /** Reads application.conf under the current system properties (-Dkey=value). */
  def load(): SuiteConfig = {
    ConfigFactory.invalidateCaches()
    val config =
      try ConfigFactory.load()
      catch { case e: ConfigException => throw new SuiteError(s"application.conf: ${firstLine(e.getMessage)}") }
    fromConfig(config)
  }

  def fromConfig(config: Config): SuiteConfig = {
    val targetName = string(config, "target")
    val knownTargets = config.getConfig("targets").root().keySet().asScala.toList.sorted
    if (!knownTargets.contains(targetName))
      throw new SuiteError(s"target: unknown target '$targetName'; known: ${knownTargets.mkString(", ")}")
    val block = config.getConfig(s"targets.$targetName")
    val target = Target(
      targetName,
      if (block.hasPath("description")) block.getString("description") else targetName,
      boolean(config, s"targets.$targetName.sandbox"),
      block
    )

    val scale = positiveDouble(config, "scale")
    val shardText = string(config, "shard")
    val shard = Shard.parse(shardText).fold(reason => throw new SuiteError(reason), identity)
    val profileName = string(config, "profile")
    val smoke = boolean(config, "smoke")
    val multiplier = nonNegativeDouble(config, if (smoke || profileName == "smoke") "thinkTime.smokeMultiplier" else "thinkTime.multiplier")

    val preflightTimeout = duration(config, "preflight.connectTimeout")
    if (preflightTimeout <= Duration.Zero) throw new SuiteError(s"preflight.connectTimeout: must be greater than 0 (was ${config.getString("preflight.connectTimeout")})")

    SuiteConfig(
      config,
      target,
      profileName,
      smoke,
      scale,
      shard,
      multiplier,
      preflightTimeout
    )
  }

  private def firstLine(s: String): String = s.linesIterator.nextOption().getOrElse(s)

  private def guarded[T](key: String)(read: => T): T =
    try read
    catch {
      case _: ConfigException.Missing => throw new SuiteError(s"$key: missing")
      case e: ConfigException         => throw new SuiteError(s"$key: ${firstLine(e.getMessage).replaceFirst("^.*?: ", "")}")
    }

  def string(config: Config, key: String): String = guarded(key)(config.getString(key)).trim

  def boolean(config: Config, key: String): Boolean = guarded(key)(config.getBoolean(key))

  def duration(config: Config, key: String): FiniteDuration = {
    val d = guarded(key)(config.getDuration(key)).toMillis.millis
    if (d < Duration.Zero) throw new SuiteError(s"$key: must not be negative (was ${config.getString(key)})")
    d
  }

  private def double(config: Config, key: String): Double = {
    val raw = string(config, key)
    raw.toDoubleOption.filter(d => !d.isNaN && !d.isInfinite).getOrElse(throw new SuiteError(s"$key: not a number: '$raw'"))
  }

  def positiveDouble(config: Config, key: String): Double = {
    val d = double(config, key)
    if (d <= 0) throw new SuiteError(s"$key: must be greater than 0 (was $d)")
    d
  }

  def nonNegativeDouble(config: Config, key: String): Double = {
    val d = double(config, key)
    if (d < 0) throw new SuiteError(s"$key: must not be negative (was $d)")
    d
  }
}
