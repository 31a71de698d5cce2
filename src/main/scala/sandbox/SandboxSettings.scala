package sandbox

import java.net.InetAddress

import scala.concurrent.duration.FiniteDuration
import scala.util.control.NonFatal

import com.typesafe.config.{ Config, ConfigFactory }
import config.Settings

/** How long a stub waits before answering. All times in milliseconds. */
sealed trait StubDelay
object StubDelay {
  final case class Fixed(ms: Int) extends StubDelay
  final case class Uniform(lowerMs: Int, upperMs: Int) extends StubDelay
  final case class LogNormal(medianMs: Double, sigma: Double) extends StubDelay
}

/** @param callTimeout    a stub call that has not answered by then fails the stand-in's request with 504
  * @param faults         the faults every stub injects (`sandbox.stubs.faults`)
  * @param faultOverrides per stub, keyed by mapping name, replacing `faults` (`sandbox.stubs.faultOverrides`)
  */
final case class StubSettings(
    port: Int,
    asyncResponseThreads: Int,
    callTimeout: FiniteDuration,
    delay: StubDelay,
    delayOverrides: Map[String, StubDelay],
    faults: FaultPlan,
    faultOverrides: Map[String, FaultPlan]
)

/** The sandbox-wide settings (`sandbox { }` in sandbox.conf); each stand-in reads its own block
  * `sandbox.<key>` (its port and its own knobs), given to it in its [[StandInContext]].
  */
final case class SandboxSettings(host: String, ioThreads: Int, stubs: StubSettings, all: Settings) {
  import SandboxSettings.MaxRequestsPerSecond

  /** The block of one system's stand-in. */
  def system(key: String): Settings = all.block(key)

  def port(key: String): Int = if (all.has(s"$key.port")) all.port(s"$key.port") else 0

  /** One system's stand-in's capacity, `sandbox.<key>.maxRequestsPerSecond` (off unless set; see [[ServingCap]]). */
  def cap(key: String): Option[ServingCap] =
    Option.when(
      all.has(s"$key.$MaxRequestsPerSecond")
    )(new ServingCap(all.positiveDouble(s"$key.$MaxRequestsPerSecond")))

  /** The faults one system's stand-in injects: `sandbox.<key>.faults`, else `sandbox.faults`. */
  def faults(key: String): FaultPlan =
    FaultPlan.fromSettings(if (all.has(s"$key.faults")) all.block(s"$key.faults") else all.block("faults"))
}

object SandboxSettings {
  val MaxRequestsPerSecond = "maxRequestsPerSecond"

  /** The defaults shipped in sandbox.conf. */
  private def defaults: Config = ConfigFactory.parseResources("sandbox.conf")

  /** Reads the `sandbox { }` block; keys missing from `config` take their sandbox.conf defaults. */
  def fromConfig(config: Config): SandboxSettings = {
    val whole = new Settings(config.withFallback(defaults).resolve())
    val s = whole.block("sandbox")
    SandboxSettings(
      host = loopbackHost(s, "host"),
      ioThreads = s.int("ioThreads", min = 1),
      stubs = StubSettings(
        port = s.port("stubs.port"),
        asyncResponseThreads = s.int("stubs.asyncResponseThreads", min = 1),
        callTimeout = s.positiveDuration("stubs.callTimeout"),
        delay = delay(s.block("stubs.delay")),
        delayOverrides = perStub(s.block("stubs.delayOverrides"))(delay),
        faults = FaultPlan.fromSettings(s.block("stubs.faults")),
        faultOverrides = perStub(s.block("stubs.faultOverrides"))(FaultPlan.fromSettings)
      ),
      all = s
    )
  }

  private def perStub[T](overrides: Settings)(read: Settings => T): Map[String, T] =
    overrides.names.map(name => name -> read(overrides.block(overrides.element(name)))).toMap

  private def delay(d: Settings): StubDelay =
    d.oneOf("distribution", Seq("fixed", "uniform", "lognormal")) match {
      case "fixed"   => StubDelay.Fixed(d.int("ms", min = 0))
      case "uniform" =>
        val lower = d.int("lower", min = 0)
        StubDelay.Uniform(lower, d.int("upper", min = lower))
      case _ => StubDelay.LogNormal(d.double("median", min = 0), d.double("sigma", min = 0))
    }

  private def loopbackHost(s: Settings, path: String): String = {
    val host = s.string(path)
    val loopback =
      try InetAddress.getByName(host).isLoopbackAddress
      catch { case NonFatal(_) => false }
    if (!loopback) s.fail(path, s"must be a loopback address such as 127.0.0.1 (was '$host')")
    host
  }
}
