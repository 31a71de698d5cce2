package support

import scala.concurrent.duration.FiniteDuration

import com.typesafe.config.Config
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import support.profiles.Shard

/** One system of journeys.md as the simulations see it: its journey, its protocol, and the key of
  * its blocks in application.conf, profiles.conf and thresholds.conf.
  */
trait SystemUnderTest {
  def key: String

  /** The Gatling scenario name; reports and the profile's windows are labelled with it. */
  def scenarioName: String

  /** One iteration of the journey; the load profile decides how many users run it and how often.
    * Built before any load is sent, so feeder and config problems surface first.
    */
  def journey(settings: SystemSettings): ChainBuilder

  def protocol(baseUrl: String): HttpProtocolBuilder
}

/** A system's settings for this run: its config block (target over defaults) and the run-wide knobs. */
final case class SystemSettings(key: String, config: Config, thinkTimeMultiplier: Double, shard: Shard) {
  // Scoped under the system's key so that errors name the full path, e.g. "raid.thinkTime".
  private val scoped = config.atPath(key)

  def string(path: String): String = SuiteConfig.string(scoped, s"$key.$path")

  def duration(path: String): FiniteDuration = SuiteConfig.duration(scoped, s"$key.$path")

  def thinkTime(path: String): ThinkTime = ThinkTime(duration(path), thinkTimeMultiplier)
}
