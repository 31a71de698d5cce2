package profiles

import config.Settings

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.Config

/** Typed, checked reads of one profile block, through the suite's one settings reader ([[config.Settings]]):
  * every failure names the full key path, in the suite's one wording.
  */
private[profiles] final class ProfileBlock(val config: Config, val path: String) {
  private val settings = new Settings(config, path)

  def fail(key: String, reason: String): Nothing = settings.fail(key, reason)

  def has(key: String): Boolean = config.hasPath(key)

  /** Keys that are not in `allowed` are most likely typos, which would silently fall back to a default. */
  def only(allowed: Set[String], what: String): Unit =
    config.root.keySet.asScala.toSeq.sorted.find(k => !allowed.contains(k)).foreach { key =>
      fail(key, s"unknown key for $what; known: ${allowed.toSeq.sorted.mkString(", ")}")
    }

  def string(key: String): String = settings.string(key)
  def optionalString(key: String): Option[String] = Option.when(has(key))(string(key))

  def boolean(key: String, default: Boolean): Boolean = if (has(key)) settings.boolean(key) else default

  def positive(key: String): Double = settings.positiveDouble(key)

  def positiveOr(key: String, default: Double): Double = if (has(key)) positive(key) else default

  def count(key: String): Long = settings.long(key, min = 0, max = Int.MaxValue)

  def positiveCount(key: String): Long = settings.long(key, min = 1, max = Int.MaxValue)

  def counts(key: String): Seq[Long] = {
    val levels = settings.longList(key)
    Levels.problem(levels).foreach(reason => fail(key, reason))
    levels
  }

  /** Whole seconds >= 0: Gatling's injection steps count in whole seconds. */
  def durationOrZero(key: String): FiniteDuration =
    if (!has(key)) Duration.Zero
    else {
      val value = settings.duration(key)
      if (value.toMillis % 1000 != 0) fail(key, s"must be a whole number of seconds (was ${settings.string(key)})")
      value.toSeconds.seconds
    }

  /** Whole seconds > 0. */
  def duration(key: String): FiniteDuration = {
    settings.positiveDuration(key)
    durationOrZero(key)
  }

  def optionalDuration(key: String): Option[FiniteDuration] = Option.when(has(key))(duration(key))

  def optionalBlock(key: String): Option[ProfileBlock] =
    Option.when(has(key)) {
      if (!settings.isBlock(key)) fail(key, s"must be a block { ... } (was '${settings.string(key)}')")
      new ProfileBlock(config.getConfig(key), s"$path.$key")
    }
}
