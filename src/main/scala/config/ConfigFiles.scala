package config

import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigParseOptions, ConfigResolveOptions }

/** Where settings come from, highest priority first: system properties (-Dkey=value), application.conf
  * (and the files it includes; the environment variables it names), then each system's own file
  * `systems/<key>.conf`, then the libraries' reference.conf.
  */
object ConfigFiles {
  val Application = "application.conf"

  def systemFile(key: String): String = s"systems/$key.conf"

  /** The whole configuration of a run of `systems`, resolved. */
  def load(systems: Seq[String]): Config = {
    ConfigFactory.invalidateCaches()
    val merged =
      ConfigFactory.defaultOverrides().withFallback(unresolved(systems)).withFallback(ConfigFactory.defaultReference())
    resolve(merged, ConfigResolveOptions.defaults())
  }

  /** The -D overrides of one system's settings (`-Deol.mix.x=1`): they win over a profile's `settings`. */
  def overridesOf(key: String): Config = {
    val overrides = ConfigFactory.defaultOverrides()
    if (overrides.hasPath(key)) overrides.getConfig(key) else ConfigFactory.empty()
  }

  /** The -D settings under `block` (none when it is given a value, not a block), keyed by their whole paths as
    * a run's overrides are: `thresholds.simulations.raid.global.p99Ms`.
    */
  def givenUnder(block: String): Map[String, String] = {
    val overrides = new Settings(ConfigFactory.defaultOverrides())
    if (!overrides.isBlock(block)) Map.empty
    else overrides.block(block).config.entrySet.asScala.map(e =>
      s"$block.${e.getKey}" -> String.valueOf(e.getValue.unwrapped)
    ).toMap
  }

  /** The files alone, without -D overrides: what a run's overrides are measured against. */
  def withoutOverrides(systems: Seq[String]): Config =
    resolve(unresolved(systems), ConfigResolveOptions.noSystem().setAllowUnresolved(true))

  private def unresolved(systems: Seq[String]): Config =
    systems.map(system).foldLeft(parse(Application, allowMissing = false))(_ withFallback _)

  private def system(key: String): Config = parse(systemFile(key), allowMissing = false)

  private[config] def parse(resource: String, allowMissing: Boolean): Config = {
    if (!allowMissing && getClass.getClassLoader.getResource(resource) == null)
      throw InputError.notFound(resource, "on the classpath: src/test/resources")
    try ConfigFactory.parseResources(resource, ConfigParseOptions.defaults().setAllowMissing(allowMissing))
    catch {
      case e: ConfigException => throw new InputError(
          s"src/test/resources/$resource",
          s"${InputError.firstLine(e.getMessage).replaceFirst("^.*?: ", "")}"
        )
    }
  }

  private def resolve(config: Config, options: ConfigResolveOptions): Config =
    try config.resolve(options)
    catch { case e: ConfigException => throw new InputError(InputError.firstLine(e.getMessage)) }
}
