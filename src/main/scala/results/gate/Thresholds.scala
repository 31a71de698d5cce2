package results.gate

import config.{ ConfigFiles, InputError, Settings }

import java.nio.file.{ Files, Path, Paths }

import io.gatling.commons.stats.assertion.Assertion
import io.gatling.core.Predef.details
import io.gatling.core.assertion.{ AssertionPathParts, AssertionWithPath }
import io.gatling.core.config.GatlingConfiguration

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigResolveOptions }

/** The thresholds of a run's systems: `thresholds.defaults` and `baseline` from thresholds.conf, each
  * system's block `thresholds.simulations.<key>` from its systems/<key>.conf (or all of it from the file
  * -Dthresholds names).
  *
  * @param global the whole run's limits: each system's `global` over the defaults; with several systems,
  *               what theirs imply together (see [[Limits.together]]: a run has one set of global figures)
  * @param paths  request or group paths (groups :+ request, as Gatling's `details(...)`) with their limits,
  *               each already completed from the defaults; every system's own
  * @param systemGlobals each system's own `global` over the defaults, for the run's figures of that system
  * @param minHeadroom   per system, the least capacity headroom (a multiple of its reference load) its
  *                      capacity search must find: `capacity.minHeadroom` of its block, else of `thresholds`
  */
final case class Thresholds(
    source: String,
    keys: Seq[String],
    global: Limits,
    paths: Seq[(List[String], Limits)],
    baseline: BaselinePolicy,
    warnings: Seq[String],
    systemGlobals: Map[String, Limits] = Map.empty,
    minHeadroom: Map[String, Double] = Map.empty
) {

  /** Both systems' thresholds in one run. */
  def combine(other: Thresholds): Thresholds =
    Thresholds(
      source,
      keys ++ other.keys,
      global.together(other.global),
      paths ++ other.paths,
      baseline,
      warnings ++ other.warnings,
      systemGlobals ++ other.systemGlobals,
      minHeadroom ++ other.minHeadroom
    )

  /** The same limits as Gatling assertions, for `setUp(...).assertions(thresholds.assertions(...): _*)`:
    * a breach then fails `mvn gatling:test`. A path that never ran fails Gatling's assertion (Gatling
    * cannot resolve it) and the results gate's check alike: one verdict. Percentiles are Gatling assertions only
    * with `pointEstimates` (`results.intervals.gate = false`): Gatling judges a percentile as one number, and
    * otherwise the results step alone judges it by its interval (and exits 2 on a FAIL, as Gatling would).
    */
  def assertions(pointEstimates: Boolean)(implicit configuration: GatlingConfiguration): Seq[Assertion] =
    Thresholds.assertionsFor(io.gatling.core.Predef.global, global, pointEstimates) ++
      paths.flatMap { case (path, limits) =>
        Thresholds.assertionsFor(details(AssertionPathParts(path)), limits, pointEstimates)
      }
}

object Thresholds {
  val ResourceName = "thresholds.conf"
  val FileProperty = "thresholds"
  val PathSeparator = " / "

  /** Thresholds for `keys`: from `file`, else from the file -Dthresholds names (in this JVM, else among
    * `overrides`, the run's -D settings as [[results.model.RunContext]] records them), else from thresholds.conf
    * and the systems' files on the classpath; under the thresholds among `overrides`, which win over any file as
    * every setting's do.
    *
    * Every problem is an [[config.InputError]] of one line. A file's is `<source>: <problem>`, where `<source>`
    * is the file (a path, or `classpath:<files>` for the shipped ones) and `<problem>` is worded as by
    * [[config.Settings]], naming the full key where there is one:
    * `test.conf: thresholds.defaults.p99Ms: must be a number (was 'fast')`,
    * `/tmp/t.conf: not found (named by -Dthresholds or --thresholds)`,
    * `/tmp/t.conf: cannot parse line 1: Expecting close brace } or a comma, got end of file`.
    * An override's is `<key>: <problem>`, as every other setting's ([[ThresholdOverrides]]).
    */
  def load(keys: Seq[String], file: Option[Path], overrides: Map[String, String]): Thresholds = {
    val overridden = ThresholdOverrides.of(overrides, keys)
    val named = sys.props.get(FileProperty).orElse(overrides.get(FileProperty)).filter(_.trim.nonEmpty)
    val chosen = file.orElse(named.map(Paths.get(_)))
    val (config, source) = chosen match {
      case Some(path) =>
        if (!Files.isRegularFile(path))
          throw InputError.notFound(path.toString, s"named by -D$FileProperty or --thresholds")
        (parse(path.toString, ConfigFactory.parseFile(path.toFile)), path.toString)
      case scala.None =>
        if (getClass.getClassLoader.getResource(ResourceName) == null)
          throw InputError.notFound(ResourceName, "on the classpath: src/test/resources")
        val systems = keys.map(ConfigFiles.systemFile).filter(getClass.getClassLoader.getResource(_) != null)
        val merged = (ResourceName +: systems).map(file =>
          parse(s"classpath:$file", ConfigFactory.parseResources(file))
        ).reduce(_ withFallback _)
        (merged, s"classpath:${(ResourceName +: systems).mkString(", ")}")
    }
    val applied = overridden.withFallback(config)
    if (keys.isEmpty) fromConfig(applied, source, "")
    else keys.map(fromConfig(applied, source, _)).reduce(_ combine _)
  }

  /** `parse`, resolved; a syntax error is `<source>: cannot parse line N: <problem>`. A system's file
    * may refer to another's settings (a combined run's base URL is its parts'); read on its own, those
    * stay unresolved, and a threshold is never one of them.
    */
  private def parse(source: String, parse: => Config): Config =
    try parse.resolve(ConfigResolveOptions.defaults.setAllowUnresolved(true))
    catch {
      case e: ConfigException =>
        val origin = Option(e.origin)
        val problem = InputError.firstLine(e.getMessage)
        val withoutOrigin = origin.map(o => problem.stripPrefix(s"${o.description}: ")).getOrElse(problem)
        val line = origin.map(_.lineNumber).filter(_ > 0).map(n => s" line $n").getOrElse("")
        throw new InputError(s"$source", s"cannot parse$line: $withoutOrigin")
    }

  /** The thresholds of `thresholdsKey` (`thresholds.simulations.<thresholdsKey>`, none when empty) in
    * `config`, read from `source`. A problem is `<source>: <key>: <problem>`, e.g.
    * `test.conf: thresholds.defaults.maxErrorPercent: must be at least 0 (was -1)`; an unknown key is
    * `test.conf: thresholds.simulations.raid.paths.login.p99ms: unknown limit (known: maxErrorPercent, ...)`.
    */
  def fromConfig(config: Config, source: String, thresholdsKey: String): Thresholds =
    try read(config, source, thresholdsKey)
    catch {
      case e: InputError      => throw new InputError(s"$source", s"${e.getMessage}")
      case e: ConfigException => throw new InputError(s"$source", s"${InputError.firstLine(e.getMessage)}")
    }

  /** As [[fromConfig]], a problem worded `<key>: <problem>` without its source. */
  private[gate] def read(config: Config, source: String, thresholdsKey: String): Thresholds =
    try {
      val all = new Settings(config)
      if (!all.has("thresholds")) all.fail("thresholds", "missing")
      val root = blockAt(all, "thresholds")
      val defaults = if (root.has("defaults")) limits(blockAt(root, "defaults")) else Limits.None
      val baselineBlock = blockAt(root, "baseline")
      baselineBlock.names.filterNot(Set("maxP99IncreasePercent", "ignoreBelowMs")).foreach(k =>
        baselineBlock.fail(baselineBlock.element(k), "unknown key (known: ignoreBelowMs, maxP99IncreasePercent)")
      )
      val baseline = BaselinePolicy(
        if (baselineBlock.has("maxP99IncreasePercent")) baselineBlock.double("maxP99IncreasePercent", min = 0)
        else BaselinePolicy.Default.maxP99IncreasePercent,
        if (baselineBlock.has("ignoreBelowMs")) baselineBlock.int("ignoreBelowMs", min = 0)
        else BaselinePolicy.Default.ignoreBelowMs
      )
      val simulations = blockAt(root, "simulations")
      val defaultHeadroom = capacity(root)
      def headroom(block: Settings) =
        capacity(block).orElse(defaultHeadroom).map(thresholdsKey -> _).toMap
      if (thresholdsKey.isEmpty) Thresholds(source, Nil, defaults, Nil, baseline, Nil)
      else if (!simulations.has(simulations.element(thresholdsKey))) {
        val warning =
          s"$source: ${simulations.key(simulations.element(thresholdsKey))}: missing; only the defaults apply"
        Thresholds(
          source,
          Seq(thresholdsKey),
          defaults,
          Nil,
          baseline,
          Seq(warning),
          Map(thresholdsKey -> defaults),
          defaultHeadroom.map(thresholdsKey -> _).toMap
        )
      } else {
        val simulation = blockAt(simulations, simulations.element(thresholdsKey))
        simulation.names.filterNot(Set("global", "paths", "capacity")).foreach(k =>
          simulation.fail(simulation.element(k), "unknown key (known: capacity, global, paths)")
        )
        val global = if (simulation.has("global")) limits(blockAt(simulation, "global")) else Limits.None
        val pathsBlock = blockAt(simulation, "paths")
        val paths = pathsBlock.names.map { name =>
          val parts = name.split(PathSeparator, -1).map(_.trim).toList
          if (parts.exists(_.isEmpty)) pathsBlock.fail(
            pathsBlock.element(name),
            s"must be a request or group path (names joined by '$PathSeparator')"
          )
          // Degradation is the whole run's, over its steady window: a path's defaults leave it out.
          parts -> limits(blockAt(pathsBlock, pathsBlock.element(name)), Limits.PathKeys).orElse(
            defaults.copy(maxDegradationPercent = scala.None)
          )
        }
        val own = global.orElse(defaults)
        Thresholds(
          source,
          Seq(thresholdsKey),
          own,
          paths,
          baseline,
          Nil,
          Map(thresholdsKey -> own),
          headroom(simulation)
        )
      }
    } catch { case e: ConfigException => throw new InputError(InputError.firstLine(e.getMessage)) }

  /** `capacity.minHeadroom` of `s`'s `capacity` block, if set: a multiple of the reference load, above 0. */
  private def capacity(s: Settings): Option[Double] = {
    val block = blockAt(s, "capacity")
    block.names.filterNot(_ == "minHeadroom").foreach(k =>
      block.fail(block.element(k), "unknown key (known: minHeadroom)")
    )
    Option.when(block.has("minHeadroom"))(block.positiveDouble("minHeadroom"))
  }

  /** The block at `path` of `s` (empty when absent); anything else there is refused. */
  private def blockAt(s: Settings, path: String): Settings = {
    if (s.has(path) && !s.isBlock(path)) s.fail(path, "must be a block")
    s.block(path)
  }

  private def limits(block: Settings, keys: Set[String] = Limits.Keys): Limits = {
    val known = keys.toSeq.sorted
    block.names.filterNot(keys).foreach(k =>
      block.fail(block.element(k), s"unknown limit (known: ${known.mkString(", ")})")
    )
    def number(name: String): Option[Double] = Option.when(block.has(name))(block.double(name, min = 0))
    def millis(name: String): Option[Int] = number(name).map { ms =>
      if (ms > Int.MaxValue) block.fail(name, s"must be at most ${Int.MaxValue} (was ${block.string(name)})")
      ms.round.toInt
    }
    Limits(
      millis("p99Ms"),
      millis("p95Ms"),
      millis("p90Ms"),
      number("maxErrorPercent"),
      number("minRequestsPerSecond"),
      number("maxDegradationPercent")
    )
  }

  private def assertionsFor(subject: AssertionWithPath, limits: Limits, percentiles: Boolean): Seq[Assertion] =
    limits.percentilesMs.filter(_ => percentiles).map { case (rank, ms) =>
      subject.responseTime.percentile(rank).lte(ms)
    } ++
      limits.maxErrorPercent.map(max => subject.failedRequests.percent.lte(max)) ++
      limits.minRequestsPerSecond.map(min => subject.requestsPerSec.gte(min))
}
