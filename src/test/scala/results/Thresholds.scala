package results

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import io.gatling.commons.stats.assertion._

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigObject, ConfigValueType }

/** Limits for one subject (the whole run, a request or a group). Absent = not checked. */
final case class Limits(
    p99Ms: Option[Int],
    p95Ms: Option[Int],
    p90Ms: Option[Int],
    maxErrorPercent: Option[Double],
    minRequestsPerSecond: Option[Double]
) {
  /** This block's values where set, `fallback`'s elsewhere. */
  def orElse(fallback: Limits): Limits =
    Limits(
      p99Ms.orElse(fallback.p99Ms),
      p95Ms.orElse(fallback.p95Ms),
      p90Ms.orElse(fallback.p90Ms),
      maxErrorPercent.orElse(fallback.maxErrorPercent),
      minRequestsPerSecond.orElse(fallback.minRequestsPerSecond)
    )

  def percentilesMs: Seq[(Double, Int)] = Seq(99.0 -> p99Ms, 95.0 -> p95Ms, 90.0 -> p90Ms).collect { case (rank, Some(ms)) => rank -> ms }
}

object Limits {
  val None: Limits = Limits(scala.None, scala.None, scala.None, scala.None, scala.None)
  val Keys: Set[String] = Set("p99Ms", "p95Ms", "p90Ms", "maxErrorPercent", "minRequestsPerSecond")
}

/** How far a request's p99 may drift above the baseline run's before the gate fails.
  *
  * @param ignoreBelowMs a rise smaller than this is noise (a 3 ms request going to 4 ms is +33%)
  */
final case class BaselinePolicy(maxP99IncreasePercent: Double, ignoreBelowMs: Int) {
  def allowedP99(baselineP99Ms: Int): Double =
    math.max(baselineP99Ms * (1 + maxP99IncreasePercent / 100), (baselineP99Ms + ignoreBelowMs).toDouble)
}

object BaselinePolicy {
  /** What applies when a thresholds file has no `baseline` block. */
  val Default: BaselinePolicy = BaselinePolicy(maxP99IncreasePercent = 10, ignoreBelowMs = 10)
}

/** The thresholds of one simulation, from thresholds.conf (or the file -Dthresholds names).
  *
  * @param paths request or group paths (groups :+ request, as Gatling's `details(...)`) with their limits,
  *              each already completed from the defaults
  */
final case class Thresholds(source: String, key: String, global: Limits, paths: Seq[(List[String], Limits)], baseline: BaselinePolicy, warnings: Seq[String]) {

  /** The same limits as Gatling assertions, for `setUp(...).assertions(thresholds.assertions: _*)`:
    * a breach then fails `mvn gatling:test`. A path that never ran fails Gatling's assertion too
    * (Gatling cannot resolve it), while the results gate only warns about it.
    */
  def assertions: Seq[Assertion] =
    Thresholds.assertionsFor(AssertionPath.Global, global) ++
      paths.flatMap { case (path, limits) => Thresholds.assertionsFor(AssertionPath.Details(path), limits) }
}

object Thresholds {
  val ResourceName = "thresholds.conf"
  val FileProperty = "thresholds"
  val PathSeparator = " / "

  /** Thresholds for `thresholdsKey`: from `file`, else from the file -Dthresholds names, else thresholds.conf on the classpath. */
  def load(thresholdsKey: String, file: Option[Path]): Thresholds = {
    val chosen = file.orElse(sys.props.get(FileProperty).filter(_.trim.nonEmpty).map(Paths.get(_)))
    val (config, source) = chosen match {
      case Some(path) =>
        if (!Files.isRegularFile(path)) throw new ResultsException(s"thresholds: no file $path (named by -D$FileProperty or --thresholds)")
        (parse(path.toString, ConfigFactory.parseFile(path.toFile)), path.toString)
      case scala.None =>
        if (getClass.getClassLoader.getResource(ResourceName) == null) throw new ResultsException(s"thresholds: no $ResourceName on the classpath")
        (parse(ResourceName, ConfigFactory.parseResources(ResourceName)), s"classpath:$ResourceName")
    }
    fromConfig(config, source, thresholdsKey)
  }

  private def parse(source: String, parse: => Config): Config =
    try parse.resolve()
    catch { case e: ConfigException => throw new ResultsException(s"thresholds: cannot parse $source: ${oneLine(e.getMessage)}") }

  def fromConfig(config: Config, source: String, thresholdsKey: String): Thresholds = {
    def fail(key: String, problem: String) = throw new ResultsException(s"thresholds: $source: $key $problem")
    try {
      if (!config.hasPath("thresholds")) fail("thresholds", "block is missing")
      val root = config.getConfig("thresholds")
      val defaults = if (root.hasPath("defaults")) limits(root.getObject("defaults"), "thresholds.defaults", fail) else Limits.None
      val baseline = BaselinePolicy(
        if (root.hasPath("baseline.maxP99IncreasePercent")) root.getDouble("baseline.maxP99IncreasePercent") else BaselinePolicy.Default.maxP99IncreasePercent,
        if (root.hasPath("baseline.ignoreBelowMs")) root.getInt("baseline.ignoreBelowMs") else BaselinePolicy.Default.ignoreBelowMs
      )
      if (baseline.maxP99IncreasePercent < 0) fail("thresholds.baseline.maxP99IncreasePercent", s"must not be negative, got ${baseline.maxP99IncreasePercent}")
      if (baseline.ignoreBelowMs < 0) fail("thresholds.baseline.ignoreBelowMs", s"must not be negative, got ${baseline.ignoreBelowMs}")
      val simulations = if (root.hasPath("simulations")) root.getObject("simulations") else ConfigFactory.empty().root()
      Option(simulations.get(thresholdsKey)) match {
        case scala.None =>
          Thresholds(source, thresholdsKey, defaults, Nil, baseline, Seq(s"thresholds: $source has no block for '$thresholdsKey': only the defaults apply"))
        case Some(value) if value.valueType != ConfigValueType.OBJECT => fail(s"thresholds.simulations.$thresholdsKey", "must be a block")
        case Some(value) =>
          val simulation = value.asInstanceOf[ConfigObject]
          val prefix = s"thresholds.simulations.$thresholdsKey"
          simulation.keySet.asScala.filterNot(Set("global", "paths")).foreach(k => fail(s"$prefix.$k", "is not a known key (global, paths)"))
          val global = Option(simulation.get("global")).map(v => limits(asObject(v, s"$prefix.global", fail), s"$prefix.global", fail)).getOrElse(Limits.None)
          val paths = Option(simulation.get("paths")).map(v => asObject(v, s"$prefix.paths", fail)).toSeq.flatMap { pathsObject =>
            pathsObject.entrySet.asScala.toSeq.sortBy(_.getKey).map { entry =>
              val key = s"""$prefix.paths."${entry.getKey}""""
              val parts = entry.getKey.split(PathSeparator).map(_.trim).toList
              if (parts.exists(_.isEmpty)) fail(key, s"is not a request or group path (names joined by '$PathSeparator')")
              parts -> limits(asObject(entry.getValue, key, fail), key, fail).orElse(defaults)
            }
          }
          Thresholds(source, thresholdsKey, global.orElse(defaults), paths, baseline, Nil)
      }
    } catch {
      case e: ResultsException => throw e
      case e: ConfigException  => throw new ResultsException(s"thresholds: $source: ${oneLine(e.getMessage)}")
    }
  }

  private def asObject(value: com.typesafe.config.ConfigValue, key: String, fail: (String, String) => Nothing): ConfigObject =
    if (value.valueType == ConfigValueType.OBJECT) value.asInstanceOf[ConfigObject] else fail(key, "must be a block")

  private def limits(block: ConfigObject, key: String, fail: (String, String) => Nothing): Limits = {
    block.keySet.asScala.filterNot(Limits.Keys).foreach(k => fail(s"$key.$k", s"is not a known limit (${Limits.Keys.toSeq.sorted.mkString(", ")})"))
    val config = block.toConfig
    def number(name: String): Option[Double] =
      Option.when(config.hasPath(name)) {
        val value =
          try config.getDouble(name)
          catch { case NonFatal(_) => fail(s"$key.$name", s"must be a number, got '${config.getValue(name).unwrapped}'") }
        if (value < 0) fail(s"$key.$name", s"must not be negative, got $value")
        value
      }
    def millis(name: String): Option[Int] = number(name).map(_.round.toInt)
    Limits(millis("p99Ms"), millis("p95Ms"), millis("p90Ms"), number("maxErrorPercent"), number("minRequestsPerSecond"))
  }

  private def assertionsFor(path: AssertionPath, limits: Limits): Seq[Assertion] =
    limits.percentilesMs.map { case (rank, ms) =>
      Assertion(path, Target.Time(TimeMetric.ResponseTime, Stat.Percentile(rank)), Condition.Lte(ms.toDouble))
    } ++
      limits.maxErrorPercent.map(max => Assertion(path, Target.Percent(CountMetric.FailedRequests), Condition.Lte(max))) ++
      limits.minRequestsPerSecond.map(min => Assertion(path, Target.MeanRequestsPerSecond, Condition.Gte(min)))

  private def oneLine(message: String): String = Option(message).map(_.linesIterator.mkString(" ")).getOrElse("")
}
