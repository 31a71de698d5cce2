package config

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.{
  Config,
  ConfigException,
  ConfigFactory,
  ConfigObject,
  ConfigParseOptions,
  ConfigResolveOptions,
  ConfigUtil
}

/** The keys a run can be given, read from the configuration files themselves, and the check that refuses a
  * misspelt one before any load: `-Dscael=0.5` would otherwise run at full scale, and `-Deroll.thinkTme=1s`
  * change nothing.
  *
  * A system property is the suite's when its first part names a top-level block or key of the suite's files
  * (application.conf and the files it includes, thresholds.conf, every systems/<key>.conf) or `suite`, or
  * is a misspelling of one; then it must be a key of those files or one of the few listed here that no file
  * sets. Any other property belongs to the JVM, Maven, the Gatling plugin or a library, and is left alone.
  * `gatling.<section>.*` keys are checked against Gatling's own defaults and gatling.conf, and a key a letter
  * or two from one of [[GatlingLaunchKeys]] (`gatling.simulationclass`) or from a section's name
  * (`gatling.htpp.requestTimeout`) is refused too; another `gatling.*` key may be a Gatling plugin's that no
  * list here holds (Gatling Enterprise's), and is left alone. An environment
  * variable named `LOADTEST_*` must be one a file reads (`${?LOADTEST_X}`) or a deploy script reads.
  */
object KnownSettings {

  /** A target's URL of its sandbox's CPU endpoint: in no target file, written by a standalone sandbox to its
    * base URLs file (sandbox.BaseUrlsFile) or given with -D.
    */
  val SandboxCpuUrlKey = "sandboxCpuUrl"

  /** Keys read when given, which no file sets: setting them in a file would change every run. */
  val Optional: Seq[(String, String)] = Seq(
    "thresholds" -> "a thresholds file of one's own for this run, instead of thresholds.conf",
    "earlyStop.maxServerErrorPercent" -> "stop the run when more of the window's answers were 5xx (below 100)",
    "earlyStop.maxP99Ms" -> "stop the run when the window's p99 is above this",
    "sandbox.stubs.delay.lower" -> "the uniform distribution's lower bound, ms",
    "sandbox.stubs.delay.upper" -> "the uniform distribution's upper bound, ms",
    "sandbox.stubs.delay.median" -> "the lognormal distribution's median, ms",
    "sandbox.stubs.delay.sigma" -> "the lognormal distribution's sigma"
  )

  /** Keys every system takes, as `<system>.<key>`, whether or not its file sets them. */
  val PerSystem: Seq[String] = Seq("profile", "shareConnections", "requestsPerJourney")

  /** The launch's own properties: the pom, deploy/shard.sh and the tests' launches set them. */
  val Launch: Seq[String] =
    Seq("suite.exitOnError", "suite.archive", "suite.gatlingResultsDir", "suite.resultsDir", "suite.watchParent")

  /** Environment variables the deploy scripts read (deploy/ and its k8s/ manifests); those the files read are
    * found in the files.
    */
  val ScriptVariables: Seq[String] = Seq(
    "LOADTEST_BASELINE",
    "LOADTEST_CLASSPATH",
    "LOADTEST_GIT_COMMIT",
    "LOADTEST_JAVA_OPTS",
    "LOADTEST_MERGE_WAIT_SECONDS",
    "LOADTEST_OPTS",
    "LOADTEST_RESULTS",
    "LOADTEST_RUN_ID",
    "LOADTEST_SHARDS",
    "LOADTEST_SIMULATION",
    "LOADTEST_START"
  )

  val EnvironmentPrefix = "LOADTEST_"

  private[config] val GatlingFiles = Seq("gatling-defaults.conf", "gatling.conf")
  private[config] val SuiteFiles = Seq(ConfigFiles.Application, "thresholds.conf")

  /** Throws an [[InputError]] naming the first unknown setting among `properties` and `environment`, and the
    * nearest known one, for a run of `systems`.
    */
  def check(
      systems: Seq[String],
      properties: Map[String, String] = sys.props.toMap,
      environment: Map[String, String] = sys.env
  ): Unit = {
    val known = new KnownSettings(systems)
    properties.keys.toSeq.sorted.find(known.refuses).foreach { key =>
      throw new InputError(s"unknown setting '$key'; did you mean '${known.nearest(key)}'?")
    }
    val variables = known.environmentVariables
    environment.keys.toSeq.sorted.filter(_.startsWith(EnvironmentPrefix)).find(!variables.contains(_)).foreach {
      name =>
        throw new InputError(
          s"unknown setting '$name' (environment); did you mean '${nearest(name, variables)}'?"
        )
    }
  }

  /** Every system with a file: systems/<key>.conf on the classpath. */
  def allSystems: Seq[String] = {
    val loader = getClass.getClassLoader
    loader.getResources("systems").asScala.toSeq.filter(_.getProtocol == "file").flatMap { url =>
      Using.resource(Files.list(Paths.get(url.toURI)))(_.iterator.asScala.map(_.getFileName.toString).toList)
    }.filter(_.endsWith(".conf")).map(_.stripSuffix(".conf")).distinct.sorted
  }

  private[config] def firstPart(key: String): String = key.takeWhile(_ != '.')

  /** Every path in `config`, blocks and values, unresolved: a value taken from the environment is a key too. */
  def paths(config: Config): Seq[String] = {
    def walk(prefix: String, obj: ConfigObject): Seq[String] =
      obj.keySet.asScala.toSeq.flatMap { name =>
        val path = if (prefix.isEmpty) ConfigUtil.joinPath(name) else s"$prefix.${ConfigUtil.joinPath(name)}"
        val below =
          try obj.get(name) match {
              case block: ConfigObject => walk(path, block)
              case _                   => Nil
            }
          catch { case _: ConfigException.NotResolved => Nil }
        path +: below
      }
    walk("", config.root)
  }

  /** `config` with its own substitutions made, those of the environment left out. */
  private[config] def resolvedWithin(config: Config): Config =
    config.resolve(ConfigResolveOptions.noSystem().setAllowUnresolved(true))

  private[config] def parse(resource: String): Config =
    ConfigFactory.parseResources(resource, ConfigParseOptions.defaults().setAllowMissing(true))

  /** The environment variables a file reads: `${?NAME}`. */
  private[config] def variablesIn(resource: String): Seq[String] =
    Option(getClass.getClassLoader.getResource(resource)).toSeq.flatMap { url =>
      val text = Using.resource(url.openStream())(in => new String(in.readAllBytes(), "UTF-8"))
      """\$\{\?([A-Za-z0-9_]+)\}""".r.findAllMatchIn(text).map(_.group(1)).toSeq
    }

  /** A path as it is given after -D: its names joined by dots, unquoted (`eol.mix.Enrol with passport`). */
  def asProperty(path: String): String = ConfigUtil.splitPath(path).asScala.mkString(".")

  /** The known key nearest to `key`: the fewest letters added, removed, changed or swapped. */
  def nearest(key: String, candidates: Iterable[String]): String =
    candidates.minBy(c => (distance(key.toLowerCase, c.toLowerCase), c))

  /** Optimal string alignment distance: Levenshtein's, where swapping two neighbours costs one. */
  def distance(a: String, b: String): Int = {
    val d = Array.tabulate(a.length + 1, b.length + 1)((i, j) => if (i == 0) j else if (j == 0) i else 0)
    for (i <- 1 to a.length; j <- 1 to b.length) {
      val cost = if (a(i - 1) == b(j - 1)) 0 else 1
      d(i)(j) = math.min(math.min(d(i - 1)(j) + 1, d(i)(j - 1) + 1), d(i - 1)(j - 1) + cost)
      if (i > 1 && j > 1 && a(i - 1) == b(j - 2) && a(i - 2) == b(j - 1))
        d(i)(j) = math.min(d(i)(j), d(i - 2)(j - 2) + 1)
    }
    d(a.length)(b.length)
  }

  /** How far a name may be from a known one and still be taken for its misspelling: one letter in a short
    * name (`raid`, `live`), two in a longer.
    */
  private[config] def near(a: String, b: String): Boolean =
    distance(a.toLowerCase, b.toLowerCase) <= (if (math.min(a.length, b.length) <= 5) 1 else 2)

  /** The JVM's own namespaces (what `System.getProperties` holds under every launch) and Scala's: never the
    * suite's, though `line.separator` and `file.encoding` are a letter from `live`, `scala.*` from `scale`.
    */
  private[config] val Foreign =
    Set("java", "javax", "jdk", "sun", "user", "file", "line", "path", "os", "awt", "native", "scala")
}

/** The known keys: those of the suite's files and of every system's file (a key of a system outside the run
  * changes nothing, but is no misspelling), and those listed in [[KnownSettings]]. Besides them:
  *   - open subtrees, whose reader names an unknown key itself: `profiles.<system>.*` (by the profile's type),
  *     `thresholds.capacity.*`, `thresholds.defaults.*` and `thresholds.simulations.*` (by the limits);
  *   - blocks that take another's keys: `sandbox.<system>.faults` those of `sandbox.faults`,
  *     `sandbox.stubs.faultOverrides.<stub>` of `sandbox.stubs.faults`, `sandbox.stubs.delayOverrides.<stub>` of
  *     `sandbox.stubs.delay`, `targets.<target>.<system>` of `<system>` and `baseUrl`, and a target of one's own
  *     (`targets.<name>`) the keys the files' targets have and `sandboxCpuUrl`, `results.deployedVersion.<system>` those of
  *     `results.deployedVersion`.
  */
final class KnownSettings(systems: Seq[String]) {
  import KnownSettings._

  private val everySystem = (systems ++ allSystems).distinct
  private val files: Seq[String] = SuiteFiles ++ everySystem.map(ConfigFiles.systemFile)
  private val suiteConfig: Config = files.map(parse).foldLeft(ConfigFactory.empty())(_ withFallback _)
  // Both views: unresolved, a value the environment sets is a key; resolved, so is a key of a block copied from
  // another (`surveys = ${eforms.surveys}`).
  private val fileKeys: Set[String] = (paths(suiteConfig) ++ paths(resolvedWithin(suiteConfig))).toSet
  private val gatlingKeys: Set[String] = GatlingFiles.flatMap(f => paths(parse(f))).toSet

  /** The first parts that make a key the suite's. */
  private val namespaces: Set[String] = suiteConfig.root.keySet.asScala.toSet ++ everySystem ++ Launch.map(firstPart)

  private val gatlingSections: Set[String] =
    gatlingKeys.filter(_.count(_ == '.') == 1).map(_.stripPrefix("gatling."))

  private val targetKeys: Set[String] = {
    val targets = new Settings(suiteConfig).block("targets")
    targets.names.flatMap(t => targets.block(t).names).filterNot(everySystem.contains).toSet
  }

  /** Every key a suggestion may name, as given after -D: the files' values, and the keys listed in
    * [[KnownSettings]].
    */
  lazy val candidates: Seq[String] = {
    val leaves = fileKeys.filterNot(k => fileKeys.exists(_.startsWith(k + "."))).map(asProperty)
    (leaves ++ Optional.map(_._1) ++ Launch ++ everySystem.flatMap(s => PerSystem.map(k => s"$s.$k"))).toSeq.sorted
  }

  def environmentVariables: Seq[String] =
    (files.flatMap(variablesIn) ++ ScriptVariables).filter(_.startsWith(EnvironmentPrefix)).distinct.sorted

  /** A key this run refuses: the suite's (or a misspelling of it) and none of its known keys; a key of one
    * of Gatling's sections that Gatling does not have, or a misspelling of a section or of a launch key.
    */
  def refuses(key: String): Boolean = {
    val parts = segments(key)
    if (parts.head == "gatling") refusesGatlings(key, parts) else isSuites(key) && !isKnown(parts)
  }

  def nearest(key: String): String =
    KnownSettings.nearest(
      key,
      if (key.startsWith("gatling.")) gatlingKeys.map(asProperty) ++ GatlingLaunchKeys.All else candidates
    )

  private def refusesGatlings(key: String, parts: Seq[String]): Boolean = {
    val section = parts.lift(1).getOrElse("")
    if (GatlingLaunchKeys.All.contains(key)) false
    else if (gatlingSections(section)) !isGatlingKey(parts)
    else (parts.size > 2 && misspeltSections(section)) || GatlingLaunchKeys.All.exists(near(key, _))
  }

  // Of sections of 4 letters or more: a letter from `jms` or `ssl` is another library's name (`gatling.js.*`).
  private def misspeltSections(name: String): Boolean = gatlingSections.exists(s => s.length >= 4 && near(name, s))

  /** `parts`, a key split at its dots, names a known key, or an item of one (`-Dsandbox.x.paths.0=`, as a list's). */
  def isKnown(parts: Seq[String]): Boolean = {
    val key = path(parts)
    fileKeys(key) || Optional.exists(_._1 == key) || Launch.contains(key) ||
    (parts.size == 2 && everySystem.contains(parts.head) && PerSystem.contains(parts(1))) ||
    (parts.size >= 3 && parts.head == "profiles" && everySystem.contains(parts(1))) ||
    (parts.size >= 3 && parts.head == "thresholds" && Seq("capacity", "defaults", "simulations").contains(parts(1))) ||
    sameShape(parts) || (isItem(parts) && isKnown(parts.init))
  }

  private def isGatlingKey(parts: Seq[String]): Boolean =
    gatlingKeys(path(parts)) || (isItem(parts) && gatlingKeys(path(parts.init)))

  private def isItem(parts: Seq[String]): Boolean =
    parts.size > 1 && parts.last.nonEmpty && parts.last.forall(_.isDigit)

  private def sameShape(parts: Seq[String]): Boolean =
    parts match {
      case Seq("sandbox", system, "faults", key) if everySystem.contains(system) =>
        isKnown(Seq("sandbox", "faults", key))
      case Seq("sandbox", system, "maxRequestsPerSecond")    => everySystem.contains(system)
      case Seq("sandbox", "stubs", "faultOverrides", _, key) => isKnown(Seq("sandbox", "stubs", "faults", key))
      case Seq("sandbox", "stubs", "delayOverrides", _, key) => isKnown(Seq("sandbox", "stubs", "delay", key))
      case Seq("targets", _, system, rest @ _*) if everySystem.contains(system) =>
        rest.isEmpty || rest == Seq("baseUrl") || isKnown(system +: rest)
      // Where a standalone sandbox serves its CPU: its base-URLs file gives it, or a -D where the file is not read.
      case Seq("targets", _, key) => targetKeys(key) || key == KnownSettings.SandboxCpuUrlKey
      case Seq("targets", _)      => true
      case Seq("results", "deployedVersion", system, key) if everySystem.contains(system) =>
        isKnown(Seq("results", "deployedVersion", key))
      case _ => false
    }

  private def isSuites(key: String): Boolean = {
    val first = firstPart(key)
    !Foreign(first) && (
      namespaces(first) || namespaces.exists(near(first, _)) || (key.length > 5 && candidates.exists(near(key, _)))
    )
  }

  /** A system property's key as typesafe-config reads it: split at every dot, quotes and spaces kept. */
  private def segments(key: String): Seq[String] = key.split("\\.", -1).toSeq

  private def path(parts: Seq[String]): String = ConfigUtil.joinPath(parts.asJava)
}
