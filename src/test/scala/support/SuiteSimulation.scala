package support

import java.lang.management.ManagementFactory
import java.nio.file.Paths

import scala.util.control.NonFatal

import io.gatling.core.Predef._
import io.gatling.core.structure.PopulationBuilder
import results.{ PostRun, ResultsSettings, RunContext, RunWindow, Thresholds }
import sandbox.{ RunningSandbox, Sandbox, SandboxSettings }
import support.profiles.{ LoadProfile, LoadProfiles, WindowRecorder }

/** The base of every simulation: reads the config, checks every input, starts the sandbox for the
  * local target, checks the target answers, prints the plan, then sets up the systems' populations
  * with their thresholds as assertions. Nothing is sent until all of that has passed.
  */
abstract class SuiteSimulation extends Simulation {
  protected val suite: SuiteConfig = FailFast(SuiteConfig.load())
  private val windows = new WindowRecorder

  protected def setUpSystems(systems: SystemUnderTest*): SetUp = {
    val simulationName = getClass.getSimpleName
    val loads = FailFast(systems.map { system =>
      val profile = LoadProfiles.load(suite.root, system.key, suite.profileName, suite.scale, suite.shard, suite.smoke)
      SystemLoad(system, profile, system.journey(settingsOf(system)))
    })
    // thresholds.conf, or the file named by -Dthresholds=<file> for this run.
    val thresholds = FailFast(systems.map(s => Thresholds.load(s.key, None)))
    // Read now, not after the run: a bad results.* setting must stop the run before any load.
    val resultsSettings = FailFast(ResultsSettings.load())
    val throttling = FailFast(loads.filter(_.profile.throttling.nonEmpty) match {
      case Seq()    => Nil
      case Seq(one) => one.profile.throttling
      case many =>
        throw new SuiteError(s"profile: ${many.map(_.system.key).mkString(", ")} each set a throttle; Gatling's throttle is global, so run them one at a time")
    })

    val sandbox = if (suite.target.usesSandbox) Some(FailFast(startSandbox())) else None
    val baseUrls = FailFast.closing(sandbox)(systems.map(s => s.key -> baseUrl(s, sandbox)).toMap)
    FailFast.closing(sandbox)(Preflight.check(baseUrls, suite.preflightConnectTimeout))
    sandbox.foreach(running => after(running.close()))

    println(RunPlan.render(simulationName, suite, baseUrls, loads.map(l => l.system.key -> l.profile)))
    archiveWhenGatlingExits(simulationName, systems.map(_.key).mkString("+"), resultsSettings)

    setUp(loads.map(_.population(windows, baseUrls)): _*)
      .assertions(thresholds.flatMap(_.assertions).distinct: _*)
      .throttle(throttling: _*)
      .maxDuration(loads.map(_.profile.plan.maxDuration).max)
  }

  private def settingsOf(system: SystemUnderTest): SystemSettings =
    SystemSettings(system.key, suite.system(system.key), suite.thinkTimeMultiplier, suite.shard)

  private def startSandbox(): RunningSandbox = {
    val settings = SandboxSettings.fromConfig(suite.root)
    try Sandbox.start(settings)
    catch {
      case NonFatal(e) =>
        throw new SuiteError(s"sandbox: could not start on ${settings.host} (sandbox.raid.port, sandbox.stubs.port): ${e.getMessage}")
    }
  }

  private def baseUrl(system: SystemUnderTest, sandbox: Option[RunningSandbox]): String = sandbox match {
    case Some(running) =>
      running.baseUrls.getOrElse(system.key, throw new SuiteError(s"target ${suite.target.name}: the sandbox has no stand-in for ${system.key}"))
    case None =>
      if (!suite.system(system.key).hasPath("baseUrl"))
        throw new SuiteError(s"targets.${suite.target.name}.${system.key}.baseUrl: missing (where target ${suite.target.name} serves ${system.key})")
      settingsOf(system).string("baseUrl")
  }

  /** Under `mvn gatling:test` (the pom sets `suite.archive`), archive the report and write the
    * summaries once Gatling has written its report, which it does just before the JVM exits.
    */
  private def archiveWhenGatlingExits(simulationName: String, thresholdsKey: String, settings: ResultsSettings): Unit =
    if (sys.props.get("suite.archive").contains("true")) {
      val jvmStart = ManagementFactory.getRuntimeMXBean.getStartTime
      val gatlingResults = Paths.get(sys.props.getOrElse("suite.gatlingResultsDir", "target/gatling"))
      val resultsRoot = Paths.get(sys.props.getOrElse("suite.resultsDir", "results"))
      Runtime.getRuntime.addShutdownHook(new Thread(() =>
        try
          PostRun.newestRunDir(gatlingResults, jvmStart) match {
            case Some(runDir) => PostRun.process(runDir, resultsRoot, runContext(simulationName, thresholdsKey), settings)
            case None         => println(s"No Gatling report newer than this run in $gatlingResults: nothing archived.")
          }
        catch { case NonFatal(e) => println(s"results: ERROR the run was not archived: ${e.getMessage}") }
      ))
    }

  private def runContext(simulationName: String, thresholdsKey: String): RunContext =
    RunContext(
      simulation = simulationName,
      thresholdsKey = thresholdsKey,
      target = suite.target.name,
      profile = if (suite.smoke) s"${suite.profileName} (smoke)" else suite.profileName,
      shard = suite.shard.toString,
      overrides = suite.overrides,
      windows = windows.windows.map(w => RunWindow(w.kind, w.label, w.startEpochMs, w.endEpochMs))
    )
}

private final case class SystemLoad(system: SystemUnderTest, profile: LoadProfile, journey: io.gatling.core.structure.ChainBuilder) {
  def population(windows: WindowRecorder, baseUrls: Map[String, String]): PopulationBuilder =
    profile.population(system.scenarioName, journey, windows).protocols(system.protocol(baseUrls(system.key)))
}
