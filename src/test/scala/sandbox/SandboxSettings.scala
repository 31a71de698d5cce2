package sandbox

import java.net.InetAddress

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.typesafe.config.{Config, ConfigException, ConfigFactory, ConfigUtil}

/** How long a stub waits before answering. All times in milliseconds. */
sealed trait StubDelay
object StubDelay {
  final case class Fixed(ms: Int) extends StubDelay
  final case class Uniform(lowerMs: Int, upperMs: Int) extends StubDelay
  final case class LogNormal(medianMs: Double, sigma: Double) extends StubDelay
}

final case class RaidSettings(
    port: Int,
    ioThreads: Int,
    listLimit: Int,
    seedRaids: Int,
    seedFirstServicePointId: Long,
    seedServicePointCount: Int,
    stubTimeout: FiniteDuration
)

final case class StubSettings(
    port: Int,
    asyncResponseThreads: Int,
    delay: StubDelay,
    delayOverrides: Map[String, StubDelay]
)

final case class SandboxSettings(host: String, raid: RaidSettings, stubs: StubSettings)

/** Thrown for a bad `sandbox` setting; the message is one line naming the key. */
final class SandboxConfigException(message: String) extends RuntimeException(message)

object SandboxSettings {

  /** The defaults shipped in sandbox.conf (the suite's application.conf includes that file). */
  private def defaults: Config = ConfigFactory.parseResources("sandbox.conf")

  /** The usual stack: system properties, then application.conf, then sandbox.conf. */
  def load(): SandboxSettings =
    fromConfig(ConfigFactory.load())

  /** Reads the `sandbox { }` block; keys missing from `config` take their sandbox.conf defaults. */
  def fromConfig(config: Config): SandboxSettings = {
    val c = config.withFallback(defaults).resolve()
    SandboxSettings(
      host = loopbackHost(c, "sandbox.host"),
      raid = RaidSettings(
        port = port(c, "sandbox.raid.port"),
        ioThreads = int(c, "sandbox.raid.ioThreads", min = 1),
        listLimit = int(c, "sandbox.raid.listLimit", min = 1),
        seedRaids = int(c, "sandbox.raid.seedRaids", min = 0),
        seedFirstServicePointId = long(c, "sandbox.raid.seedServicePoints.firstId", min = 1),
        seedServicePointCount = int(c, "sandbox.raid.seedServicePoints.count", min = 1),
        stubTimeout = duration(c, "sandbox.raid.stubTimeout")
      ),
      stubs = StubSettings(
        port = port(c, "sandbox.stubs.port"),
        asyncResponseThreads = int(c, "sandbox.stubs.asyncResponseThreads", min = 1),
        delay = delay(c, "sandbox.stubs.delay"),
        delayOverrides = delayOverrides(c, "sandbox.stubs.delayOverrides")
      )
    )
  }

  private def delay(c: Config, path: String): StubDelay =
    read(c, s"$path.distribution", "one of fixed, uniform, lognormal")(_.getString(s"$path.distribution")) match {
      case "fixed" => StubDelay.Fixed(int(c, s"$path.ms", min = 0))
      case "uniform" =>
        val lower = int(c, s"$path.lower", min = 0)
        val upper = int(c, s"$path.upper", min = 0)
        if (upper < lower) fail(s"$path.upper", s"must be >= $path.lower ($lower), got $upper")
        StubDelay.Uniform(lower, upper)
      case "lognormal" =>
        StubDelay.LogNormal(double(c, s"$path.median", min = 0), double(c, s"$path.sigma", min = 0))
      case other =>
        fail(s"$path.distribution", s"expected fixed, uniform or lognormal, got '$other'")
    }

  private def delayOverrides(c: Config, path: String): Map[String, StubDelay] = {
    val block = read(c, path, "an object of stub name -> delay")(_.getObject(path))
    block.keySet.asScala.toList.sorted.map { name =>
      // Quoted so a stub name with dots stays one path element.
      name -> delay(c, s"$path.${ConfigUtil.joinPath(name)}")
    }.toMap
  }

  private def loopbackHost(c: Config, path: String): String = {
    val host = read(c, path, "a host name or address")(_.getString(path))
    val loopback =
      try InetAddress.getByName(host).isLoopbackAddress
      catch { case NonFatal(_) => false }
    if (!loopback) fail(path, s"must be a loopback address such as 127.0.0.1, got '$host'")
    host
  }

  private def port(c: Config, path: String): Int = {
    val p = int(c, path, min = 0)
    if (p > 65535) fail(path, s"must be a port number 0-65535 (0 = any free port), got $p")
    p
  }

  private def int(c: Config, path: String, min: Int): Int = {
    val v = read(c, path, "a whole number")(_.getInt(path))
    if (v < min) fail(path, s"must be >= $min, got $v")
    v
  }

  private def long(c: Config, path: String, min: Long): Long = {
    val v = read(c, path, "a whole number")(_.getLong(path))
    if (v < min) fail(path, s"must be >= $min, got $v")
    v
  }

  private def double(c: Config, path: String, min: Double): Double = {
    val v = read(c, path, "a number")(_.getDouble(path))
    if (v < min) fail(path, s"must be >= $min, got $v")
    v
  }

  private def duration(c: Config, path: String): FiniteDuration = {
    val v = read(c, path, "a duration such as 30s")(_.getDuration(path).toMillis.millis)
    if (v <= Duration.Zero) fail(path, s"must be positive, got $v")
    v
  }

  /** Turns typesafe-config's multi-part messages into one line naming the key. */
  /** Turns typesafe-config's multi-part messages into one line naming the key. */
  private def read[A](c: Config, path: String, expected: String)(get: Config => A): A =
    try get(c)
    catch {
      case _: ConfigException.Missing                              => fail(path, "is missing")
      case _: ConfigException.WrongType | _: ConfigException.BadValue => fail(path, s"must be $expected")
    }

  private def fail(path: String, problem: String): Nothing =
    throw new SandboxConfigException(s"sandbox config: $path $problem")
}
