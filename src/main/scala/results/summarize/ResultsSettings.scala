package results.summarize

import results.model.{ PercentileInterval, ShardOverlap }

import config.{ InputError, Settings }

import java.nio.file.{ InvalidPathException, Path, Paths }

import com.typesafe.config.{ Config, ConfigFactory }

/** The `results` block (src/test/resources/results.conf; system properties override, e.g. -Dresults.apdexThresholdMs=500). */
final case class ResultsSettings(
    root: Path,
    apdexThresholdMs: Int,
    slowThresholdMs: Int,
    steadyExcludeStartMs: Long,
    steadyExcludeEndMs: Long,
    baseline: String,
    degradationMinSamples: Long,
    minSharedSteady: Double = ResultsSettings.DefaultMinSharedSteady,
    startToleranceMs: Long = ResultsSettings.DefaultStartToleranceMs,
    maxShortfall: Double = ShardOverlap.DefaultMaxShortfall,
    allowUnknownCommit: Boolean = false,
    historyGate: Boolean = false,
    deployedVersionUrl: Option[java.net.URI] = None,
    deployedVersionHeader: Option[String] = None,
    systemVersionSources: Map[String, ResultsSettings.VersionSource] = Map.empty,
    confidencePercent: Double = PercentileInterval.DefaultConfidencePercent,
    pointEstimateGate: Boolean = false
)

object ResultsSettings {

  /** Where a system deployed on its own tells the version it runs (`results.deployedVersion.<system>`). */
  final case class VersionSource(url: java.net.URI, header: Option[String])

  val LastPassing = "last-passing"
  val NoBaseline = "none"
  val DefaultMinSharedSteady = 0.95
  val DefaultStartToleranceMs = 1000L

  /** The `results` block as this JVM sees it. Throws an [[InputError]] of one line, `<key>: <problem>`
    * worded as by [[config.Settings]] (e.g. `results.apdexThresholdMs: must be at least 1 (was 0)`);
    * a simulation calls it at its start, so a bad setting stops the run before any load.
    */
  def load(): ResultsSettings =
    fromConfig(ConfigFactory.load().withFallback(ConfigFactory.parseResources("results.conf")).resolve())

  /** The `results` block of `config`; problems as for [[load]]. */
  def fromConfig(config: Config): ResultsSettings = {
    val all = new Settings(config)
    if (all.has("results") && !all.isBlock("results")) all.fail("results", "must be a block")
    val results = all.block("results")
    ResultsSettings(
      root = path(results, "root"),
      apdexThresholdMs = results.int("apdexThresholdMs", min = 1),
      slowThresholdMs = results.int("slowThresholdMs", min = 1),
      steadyExcludeStartMs = results.duration("steadyWindow.excludeStart").toMillis,
      steadyExcludeEndMs = results.duration("steadyWindow.excludeEnd").toMillis,
      baseline = baselineChoice(results.string("baseline"), results.key("baseline")),
      degradationMinSamples = results.long("degradation.minSamplesPerQuarter", min = 1),
      minSharedSteady = {
        val share = results.double("merge.minSharedSteady", min = 0)
        if (share > 1) results.fail("merge.minSharedSteady", s"must be at most 1 (was $share)")
        share
      },
      startToleranceMs = results.duration("merge.startTolerance").toMillis,
      maxShortfall = {
        val shortfall = results.double("merge.maxShortfall", min = 0)
        if (shortfall >= 1) results.fail("merge.maxShortfall", s"must be below 1 (was $shortfall)")
        shortfall
      },
      allowUnknownCommit = results.boolean("merge.allowUnknownCommit"),
      historyGate = results.boolean("history.gate"),
      deployedVersionUrl =
        Option(results.string("deployedVersion.url")).filter(_.nonEmpty).map(url(results, "deployedVersion.url", _)),
      deployedVersionHeader = Option(results.string("deployedVersion.header")).filter(_.nonEmpty),
      systemVersionSources = systemVersionSources(results.block("deployedVersion")),
      confidencePercent = {
        val confidence = results.double("intervals.confidencePercent", min = 50)
        if (confidence <= 50 || confidence >= 100)
          results.fail("intervals.confidencePercent", s"must be above 50 and below 100 (was $confidence)")
        confidence
      },
      pointEstimateGate = !results.boolean("intervals.gate")
    )
  }

  /** The blocks of `results.deployedVersion` other than its own url and header: one per system that tells its
    * own version, each with a url and, optionally, a header.
    */
  private def systemVersionSources(block: Settings): Map[String, VersionSource] =
    block.names.filterNot(Set("url", "header")).map { system =>
      val path = block.element(system)
      if (!block.isBlock(path)) block.fail(path, "must be a block of url and header")
      val source = block.block(path)
      source.names.filterNot(Set("url", "header")).foreach(k =>
        source.fail(source.element(k), "unknown key (known: url, header)")
      )
      system -> VersionSource(
        url(source, "url", source.string("url")),
        source.optionalString("header")
      )
    }.toMap

  /** `value` as a baseline choice named by `key` (a setting or a command-line option). Whether a named
    * run folder exists is only known when the gate runs (it warns then); an empty value, or a misspelt
    * last-passing or none, is refused here with one line naming `key`, e.g.
    * `results.baseline: must be last-passing, none or an archived run's folder name (was 'last_passing'; did you mean last-passing?)`.
    */
  def baselineChoice(value: String, key: String): String = {
    val allowed = s"must be $LastPassing, $NoBaseline or an archived run's folder name"
    val squashed = value.toLowerCase.filter(_.isLetterOrDigit)
    def refuse(hint: String) = throw new InputError(s"$key", s"$allowed (was '$value'$hint)")
    if (value.trim.isEmpty) refuse("")
    if (value != LastPassing && squashed == LastPassing.filter(_.isLetterOrDigit))
      refuse(s"; did you mean $LastPassing?")
    if (value != NoBaseline && squashed == NoBaseline) refuse(s"; did you mean $NoBaseline?")
    value
  }

  /** An http or https URL (the target's, where it tells its version). */
  private def url(s: Settings, key: String, raw: String): java.net.URI = {
    val parsed =
      try Some(new java.net.URI(raw))
      catch { case _: java.net.URISyntaxException => None }
    parsed.filter(u => Set("http", "https").contains(u.getScheme) && u.getHost != null).getOrElse(
      s.fail(key, s"must be an http or https URL (was '$raw')")
    )
  }

  private def path(s: Settings, key: String): Path = {
    val raw = s.string(key)
    try Paths.get(raw)
    catch { case _: InvalidPathException => s.fail(key, s"must be a path (was '$raw')") }
  }
}
