package config

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.control.NoStackTrace

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigUtil, ConfigValueType }

/** Wrong input (a setting, a file, a command-line argument), found before any load is sent or
  * before a result is written. The message is one line that names the key or file, e.g.
  * `scale: must be greater than 0 (was -1)`.
  *
  * @param key the setting or file it is about, where there is one: printed whole before the problem (see
  *            [[FailFast.errorLine]]), so that `eforms.password: missing` names its setting
  */
final class InputError private (val key: Option[String], val problem: String)
    extends RuntimeException(key.fold(problem)(k => s"$k: $problem"))
    with NoStackTrace {
  def this(key: String, problem: String) = this(Some(key), problem)

  /** An error that names no one key (a command's arguments, a run as a whole). */
  def this(message: String) = this(None, message)
}

object InputError {

  /** The first line of a typesafe-config message, without its "origin: " prefix. */
  def fromConfig(key: String, e: ConfigException): InputError = e match {
    case _: ConfigException.Missing => new InputError(s"$key", "missing")
    case other => new InputError(s"$key", s"${firstLine(other.getMessage).replaceFirst("^.*?: ", "")}")
  }

  /** A file the run needs that is not there, worded one way: `<file>: not found (<where it was looked for>)`. */
  def notFound(file: String, where: String): InputError = new InputError(s"$file", s"not found ($where)")

  def firstLine(s: String): String = Option(s).flatMap(_.linesIterator.nextOption()).getOrElse("")

  /** The message of an [[InputError]]; for anything else (an IO error, a bug) its type and first line. */
  def oneLine(e: Throwable): String = e match {
    case input: InputError => input.getMessage
    case other             => s"${other.getClass.getSimpleName}: ${firstLine(other.getMessage)}"
  }
}

/** The one way settings are read: every value is checked, and every problem is an [[InputError]]
  * naming the full key with one wording (`<key>: missing`, `<key>: must be at least 1 (was 0)`,
  * `<key>: must be a whole number (was 'ten')`).
  *
  * `prefix` is where this block sits in the whole configuration, so that a reader given
  * `sandbox.raid` reports `sandbox.raid.port`, not `port`.
  */
final class Settings(val config: Config, val prefix: String = "") {

  def key(path: String): String = if (prefix.isEmpty) path else s"$prefix.$path"

  def has(path: String): Boolean = config.hasPath(path)

  /** The block at `path` (empty when absent). */
  def block(path: String): Settings =
    new Settings(if (has(path)) read(path)(_.getConfig(path)) else ConfigFactory.empty(), key(path))

  /** The names directly under this block, sorted; quoted where they hold dots. */
  def names: Seq[String] = config.root.keySet.asScala.toSeq.sorted

  /** `name` as one path element, e.g. a stub mapping named `a.b`. */
  def element(name: String): String = ConfigUtil.joinPath(name)

  def isBlock(path: String): Boolean = has(path) && config.getValue(path).valueType == ConfigValueType.OBJECT

  def string(path: String): String = read(path)(_.getString(path)).trim

  def optionalString(path: String): Option[String] = Option.when(has(path))(string(path)).filter(_.nonEmpty)

  def oneOf(path: String, allowed: Seq[String]): String = {
    val value = string(path)
    if (!allowed.contains(value)) fail(path, s"must be one of ${allowed.mkString(", ")} (was '$value')")
    value
  }

  def boolean(path: String): Boolean = {
    val raw = string(path)
    raw.toLowerCase match {
      case "true" | "yes" | "on"  => true
      case "false" | "no" | "off" => false
      case _                      => fail(path, s"must be true or false (was '$raw')")
    }
  }

  def int(path: String, min: Int = Int.MinValue, max: Int = Int.MaxValue): Int = {
    val value = long(path, min.toLong, max.toLong)
    value.toInt
  }

  def long(path: String, min: Long = Long.MinValue, max: Long = Long.MaxValue): Long = {
    val raw = string(path)
    val value = raw.toLongOption.getOrElse(fail(path, s"must be a whole number (was '$raw')"))
    within(path, value, min, max)
  }

  def double(path: String, min: Double = Double.NegativeInfinity): Double = {
    val raw = string(path)
    val value =
      raw.toDoubleOption.filter(d => !d.isNaN && !d.isInfinite).getOrElse(fail(path, s"must be a number (was '$raw')"))
    if (value < min) fail(path, s"must be at least ${show(min)} (was ${show(value)})")
    value
  }

  def positiveDouble(path: String): Double = {
    val value = double(path)
    if (value <= 0) fail(path, s"must be greater than 0 (was ${show(value)})")
    value
  }

  def duration(path: String, min: FiniteDuration = Duration.Zero): FiniteDuration = {
    val value = read(path)(_.getDuration(path).toMillis.millis)
    if (value < min) fail(path, s"must be at least ${show(min)} (was ${string(path)})")
    value
  }

  def positiveDuration(path: String): FiniteDuration = {
    val value = duration(path)
    if (value <= Duration.Zero) fail(path, s"must be greater than 0 (was ${string(path)})")
    value
  }

  def longList(path: String): Seq[Long] = {
    val values = read(path)(_.getList(path)).asScala.toSeq
    values.zipWithIndex.map { case (v, i) =>
      val raw = String.valueOf(v.unwrapped)
      raw.toLongOption.getOrElse(fail(s"$path[$i]", s"must be a whole number (was '$raw')"))
    }
  }

  def stringList(path: String): Seq[String] = read(path)(_.getStringList(path)).asScala.toSeq.map(_.trim)

  def port(path: String): Int = int(path, min = 0, max = 65535)

  def fail(path: String, problem: String): Nothing = throw new InputError(s"${key(path)}", s"$problem")

  private def within(path: String, value: Long, min: Long, max: Long): Long = {
    if (value < min) fail(path, s"must be at least $min (was $value)")
    if (value > max) fail(path, s"must be at most $max (was $value)")
    value
  }

  private def read[A](path: String)(get: Config => A): A =
    try get(config)
    catch { case e: ConfigException => throw InputError.fromConfig(key(path), e) }

  private def show(d: Double): String = if (d == math.rint(d) && math.abs(d) < 1e15) d.toLong.toString else d.toString

  private def show(d: FiniteDuration): String = if (d.toMillis % 1000 == 0) s"${d.toSeconds}s" else s"${d.toMillis}ms"
}
