package results

import java.nio.file.{ Path, Paths }
import java.util.concurrent.TimeUnit

import scala.util.control.NonFatal

import com.typesafe.config.{ Config, ConfigException, ConfigFactory }

/** The `results` block (src/test/resources/results.conf; system properties override, e.g. -Dresults.apdexThresholdMs=500). */
final case class ResultsSettings(
    root: Path,
    apdexThresholdMs: Int,
    slowThresholdMs: Int,
    steadyExcludeStartMs: Long,
    steadyExcludeEndMs: Long,
    baseline: String
)

object ResultsSettings {
  val LastPassing = "last-passing"
  val NoBaseline = "none"

  /** The `results` block as this JVM sees it. Throws a [[ResultsException]] with one line naming the key;
    * a simulation calls it at its start, so a bad setting stops the run before any load.
    */
  def load(): ResultsSettings = fromConfig(ConfigFactory.load().withFallback(ConfigFactory.parseResources("results.conf")).resolve())

  def fromConfig(config: Config): ResultsSettings =
    try {
      val results = config.getConfig("results")
      ResultsSettings(
        root = Paths.get(results.getString("root")),
        apdexThresholdMs = positive(results, "apdexThresholdMs"),
        slowThresholdMs = positive(results, "slowThresholdMs"),
        steadyExcludeStartMs = results.getDuration("steadyWindow.excludeStart", TimeUnit.MILLISECONDS),
        steadyExcludeEndMs = results.getDuration("steadyWindow.excludeEnd", TimeUnit.MILLISECONDS),
        baseline = baselineChoice(results.getString("baseline"), "results.baseline")
      )
    } catch {
      case e: ResultsException => throw e
      case e: ConfigException  => throw new ResultsException(s"results settings: ${e.getMessage.linesIterator.mkString(" ")}")
      case NonFatal(e)         => throw new ResultsException(s"results settings: ${ResultsException.oneLine(e)}")
    }

  /** `value` as a baseline choice named by `key` (a setting or a command-line option). Whether a named
    * run folder exists is only known when the gate runs (it warns then); an empty value, or a misspelt
    * last-passing or none, is refused here.
    */
  def baselineChoice(value: String, key: String): String = {
    val allowed = s"$LastPassing, $NoBaseline or an archived run's folder name"
    val squashed = value.toLowerCase.filter(_.isLetterOrDigit)
    if (value.trim.isEmpty) throw new ResultsException(s"results settings: $key is empty: use $allowed")
    if (value != LastPassing && squashed == LastPassing.filter(_.isLetterOrDigit))
      throw new ResultsException(s"results settings: $key is '$value': did you mean $LastPassing? (use $allowed)")
    if (value != NoBaseline && squashed == NoBaseline)
      throw new ResultsException(s"results settings: $key is '$value': did you mean $NoBaseline? (use $allowed)")
    value
  }

  private def positive(config: Config, key: String): Int = {
    val value = config.getInt(key)
    if (value <= 0) throw new ResultsException(s"results settings: results.$key must be positive, got $value")
    value
  }
}

/** A failure of the results pipeline with a one-line message naming the file or key at fault. */
final class ResultsException(message: String) extends RuntimeException(message)

object ResultsException {
  /** The message of a [[ResultsException]]; for anything else (an IO error, a bug) its type and first line. */
  def oneLine(e: Throwable): String = e match {
    case r: ResultsException => r.getMessage
    case other               => s"${other.getClass.getSimpleName}: ${Option(other.getMessage).flatMap(_.linesIterator.nextOption()).getOrElse("")}"
  }
}
