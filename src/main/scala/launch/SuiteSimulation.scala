package launch

import journey.SystemUnderTest
import machine.{ InjectorHealth, MachineLoad }
import signals.{ ParentWatch, StopSignals, SynchronisedStart }
import watch.EarlyStop

import results.model.{ EarlyStopRecord, ExitCodes, InjectorHealthRecord, RunCourse, ShardStart }
import config.{ FailFast, InputError, KnownSettings, Redaction }

import java.nio.file.{ Path, Paths }

import scala.util.control.NonFatal

import io.gatling.core.Predef._
import linespeed.ShapingProxy
import live.LiveView
import profiles.WindowRecorder
import results.{ PostRun, RunFolders }
import sandbox.{ RunningSandbox, Sandbox }

/** The base of every simulation, a thin shell over [[RunAssembly]]: assembles and checks the run,
  * starts the sandbox for a local target, checks the targets answer, prints the plan, then sets up
  * one population per system with its thresholds as assertions. Nothing is sent until all of that
  * has passed.
  */
abstract class SuiteSimulation extends Simulation {
  private val windows = new WindowRecorder
  // Gatling runs `after` only when the simulation ends (its plan done, or its load stopped: early stop, a stop
  // signal); a killed run never does.
  @volatile private var ended = false
  @volatile private var startedAtMs = 0L
  @volatile private var liveView: Option[LiveView] = None
  private val gatlingResults = Paths.get(sys.props.getOrElse("suite.gatlingResultsDir", "target/gatling"))
  private val ownRunFolder = new OwnRunFolder(gatlingResults)
  // The shards of a sharded run wait for their common start before anything else of the run starts its clock.
  @volatile private var synchronisedStart: Option[SynchronisedStart] = None
  @volatile private var shardStart: Option[ShardStart] = None
  before {
    shardStart = synchronisedStart.flatMap(_.await())
    startedAtMs = System.currentTimeMillis()
    ownRunFolder.watch(timeoutMs = 60000)
  }
  after { ended = true }

  protected def setUpSystems(systems: SystemUnderTest*): SetUp = {
    // Under `mvn gatling:test` the pom sets suite.archive: the run is archived to suite.resultsDir.
    val archiveTo = Option.when(sys.props.get("suite.archive").contains("true"))(
      Paths.get(sys.props.getOrElse("suite.resultsDir", "results"))
    )
    val systemKeys = SystemUnderTest.withParts(systems).map(_.key)
    FailFast(KnownSettings.check(systemKeys))
    val run = FailFast {
      val suite = SuiteConfig.load(systemKeys)
      // Before the sandbox starts or the plan is printed: every later line and file can drop them by value.
      Redaction.learn(suite.root)
      RunAssembly.assemble(getClass.getSimpleName, systems, suite, archiveTo)
    }
    val undecidable = RunPlan.undecidableWarnings(run).map("WARNING: " + _)
    if (run.suite.planOnly) PlanOnly.stop((RunPlan.render(run, run.baseUrls) +: undecidable).mkString("\n"))
    synchronisedStart = Option.when(run.suite.shards.waits)(new SynchronisedStart(run.suite.shards, run.suite.shard))
    val sandbox = run.sandbox.map { case (settings, systems) => FailFast(startSandbox(settings, systems)) }
    val baseUrls = run.baseUrls ++ sandbox.fold(Map.empty[String, String])(_.baseUrls)
    FailFast.closing(sandbox)(Preflight.check(baseUrls, run.suite.preflightConnectTimeout))
    val checked = run.loads.flatMap(_.connectivityCheck).map { check =>
      check -> FailFast.closing(sandbox)(check.run(baseUrls(check.system)))
    }
    // The sandbox's own timings go to run.json with the journeys' tallies, before it stops.
    sandbox.foreach(running => after { running.countInto(run.tallies); running.close() })
    after(writeClaims(run))
    val injector =
      new InjectorHealth(intervalMs = 1000, run.suite.injectorLimits.maxCpuPercent, windows.lateStarts)
    before(injector.start())
    after(injector.stop())

    println(RunPlan.render(run, baseUrls))
    checked.foreach { case (check, rate) =>
      println(
        f"Connectivity check: ${check.system} GET ${check.path} ran at $rate%,.0f requests/s (over ${check.minRequestsPerSecond}%,.0f required)"
      )
    }
    run.capacityWarnings.foreach(warning => println(s"WARNING: $warning"))
    undecidable.foreach(println)
    if (sys.props.get("suite.watchParent").contains("true")) ParentWatch.start(() => parentGone())
    val earlyStop = Option.when(run.suite.earlyStop.enabled)(new EarlyStop(run.suite.earlyStop))
    earlyStop.foreach { stop =>
      before(stop.start())
      after(stop.stop())
    }
    val health = () => injector.figures.map(InjectorHealthRecord(_, run.suite.injectorLimits))
    val keys = run.loads.map(_.system.key) ++ run.companions.map(_.system.key)
    liveView = FailFast.closing(sandbox)(
      LiveView.start(
        run.simulation,
        run.live,
        keys.distinct,
        run.suite.overrides,
        health,
        earlyStop,
        run.archiveTo,
        run.results.confidencePercent
      )
    )
    val searches = run.capacitySearches
    searches.foreach { search =>
      search.endsTogetherWith(searches)
      val system = search.plan.system
      before(
        search.start(
          run.thresholds.paths,
          run.thresholds.systemGlobals.getOrElse(system, run.thresholds.global),
          injector,
          sandbox.map(running => profiles.capacity.SandboxWatch.of(() => running.addedCounts)),
          new MachineLoad(),
          run.loads.find(_.system.key == system).flatMap(_.requestsPerJourney),
          SandboxCpuSource.of(run.suite.target, sandbox, injector)
        )
      )
      after(search.stop())
    }
    val watch = new LoadWatch(earlyStop, run.owners +: (searches.map(_.recorder) ++ LiveView.listeners(liveView)))
    val proxyPorts = startLineSpeedProxy(run)
    val populations =
      run.loads.map(load => load.population(windows, baseUrls(load.system.key), watch, proxyPorts)) ++
        run.companions.map(c => c.population(baseUrls(c.system.key), watch))
    liveView.foreach { view =>
      view.plan(keys.zip(populations))
      if (searches.nonEmpty) view.followCapacity(() => searches.map(CapacityLive.progress))
      view.address.foreach(address => println(s"live view: $address"))
      before(view.start())
      after(view.loadEnded())
    }
    // A search injects its ceiling for as long as it might take: how many users start depends on when it ends.
    val plannedUsers =
      if (searches.nonEmpty) None
      else populations.map(_.injectionProfile.totalUserCount).reduce((a, b) => a.zip(b).map { case (x, y) => x + y })
    archiveWhenGatlingExits(run, plannedUsers, injector, earlyStop, sandbox)
    // An archived run has its JVM to itself (`mvn gatling:test`, deploy/shard.sh, the tests' forked runs): the
    // first INT or TERM stops its load, the second aborts.
    if (run.archiveTo.nonEmpty) StopSignals.install()

    // A search's failing steps are meant to fail: its verdict is the capacity gate's, not the whole run's.
    setUp(populations: _*)
      .assertions((if (searches.isEmpty) run.thresholds.assertions(run.results.pointEstimateGate) else Nil): _*)
      .throttle(run.throttling: _*)
      .maxDuration(run.maxDuration)
  }

  /** Maven went without passing a signal on: stop the load as a signal does, and exit if it has not stopped
    * within a minute (a closed profile's users mid-way through long journeys), keeping what was flushed.
    */
  private def parentGone(): Unit = {
    StopSignals.request("the process that started the run has gone")
    val fallback = new Thread(
      () => {
        Thread.sleep(SuiteSimulation.ParentGoneGraceMs)
        if (!ended) sys.exit(ParentWatch.ExitStatus)
      },
      "parent-gone"
    )
    fallback.setDaemon(true)
    fallback.start()
  }

  /** The line-speed proxy, one port per line class of the run's loads (none without classes); it prints the
    * CPU its threads used when the run ends.
    */
  private def startLineSpeedProxy(run: RunSetup): Map[String, Int] = {
    val lines = run.loads.flatMap(_.line).distinct
    if (lines.isEmpty) Map.empty
    else {
      val proxy = ShapingProxy.start(SystemLoad.ProxyHost, lines)
      val startedAt = System.nanoTime()
      after {
        val cpu = proxy.cpuNanos / 1e9
        val elapsed = (System.nanoTime() - startedAt) / 1e9
        println(
          f"line-speed proxy: $cpu%.1f s CPU over $elapsed%.0f s (${100 * cpu / elapsed}%.1f %% of one core, ${lines.map(_.name).mkString(", ")})"
        )
        proxy.close()
      }
      proxy.ports
    }
  }

  /** The claims the journeys recorded go into the run's own folder, where the results step finds them. */
  private def writeClaims(run: RunSetup): Unit =
    if (!run.claims.isEmpty) {
      val jvmStart = java.lang.management.ManagementFactory.getRuntimeMXBean.getStartTime
      ownRunFolder.folder.orElse(RunFolders.newestRunDir(gatlingResults, jvmStart, getClass.getName)) match {
        case Some(runDir) => run.claims.writeTo(runDir)
        case None => println(s"results: ERROR no Gatling run folder of this run in $gatlingResults: claims not kept")
      }
    }

  private def startSandbox(settings: sandbox.SandboxSettings, systems: Seq[SystemUnderTest]): RunningSandbox =
    Sandbox.start(settings, systems.map(s => s.key -> s.standIn), SystemUnderTest.withParts(systems).map(_.key))

  /** When the run is archived, archive the report and write the summaries once Gatling has written its
    * report, which it does just before the JVM exits. (The assembly checked the results folder first: a
    * run whose results cannot be kept is not worth its load.)
    */
  private def archiveWhenGatlingExits(
      run: RunSetup,
      plannedUsers: Option[Long],
      injector: InjectorHealth,
      earlyStop: Option[EarlyStop],
      sandbox: Option[RunningSandbox]
  ): Unit =
    run.archiveTo.foreach { resultsRoot =>
      PostRun.prepare(run.context(
        windows,
        RunCourse(plannedUsers, run.plannedDurationMs, reachedEnd = false, None, None)
      ))
      Runtime.getRuntime.addShutdownHook(new Thread(() => {
        val status = archive(
          run,
          plannedUsers,
          injector,
          earlyStop.flatMap(_.record),
          sandbox.toSeq.flatMap(_.exhaustion),
          resultsRoot
        )
        if (status != 0) Runtime.getRuntime.halt(status)
      }))
    }

  /** Archives and gates this run; returns the exit status the JVM must end with instead of Gatling's,
    * or 0 to keep Gatling's.
    */
  private def archive(
      run: RunSetup,
      plannedUsers: Option[Long],
      injector: InjectorHealth,
      earlyStop: Option[EarlyStopRecord],
      sandboxExhaustion: Seq[String],
      resultsRoot: Path
  ): Int =
    try {
      val jvmStart = java.lang.management.ManagementFactory.getRuntimeMXBean.getStartTime
      ownRunFolder.folder.orElse(guessedRunFolder(jvmStart)) match {
        case Some(runDir) =>
          val elapsed = Option.when(startedAtMs > 0)(System.currentTimeMillis() - startedAtMs)
          // A run whose load a signal stopped ended, but short of its plan.
          val reachedEnd = ended && StopSignals.reason.isEmpty
          val health = injector.figures.map(InjectorHealthRecord(_, run.suite.injectorLimits))
          val course =
            RunCourse(plannedUsers, run.plannedDurationMs, reachedEnd, elapsed, health, earlyStop, sandboxExhaustion)
          val context = run.context(windows, course, shardStart)
          val outcome =
            if (StopSignals.abortAsked) PostRun.processAborted(runDir, resultsRoot, context, run.results)
            else PostRun.process(runDir, resultsRoot, context, run.results)
          liveView.foreach(_.archived(outcome, keepServing = !StopSignals.abortAsked))
          // Gatling exits 0 after a run that ended; one that did so without completing its plan (users cut
          // off by maxDuration, its load stopped by a signal), on a saturated injector, stopped early, or
          // failing only the results gate's own checks (a baseline regression) must not look like a success
          // to CI. A FAIL exits as Gatling's failed assertions do. A killed run keeps its signal's status.
          outcome.verdict.map(_.exitCode) match {
            case _ if !ended => 0
            case Some(1)     => ExitCodes.FailedAssertions
            case Some(code)  => code
            case None        => 0
          }
        case None =>
          println(s"results: ERROR no simulation.log held open by this run in $gatlingResults: nothing archived")
          ExitCodes.NotArchived
      }
    } catch {
      case NonFatal(e) =>
        println(s"results: ERROR the run was not archived to $resultsRoot: ${InputError.oneLine(e)}")
        ExitCodes.NotArchived
    }

  /** Where the JVM cannot list its open files, the newest log of this simulation written since it started,
    * said to be a guess: on Linux a run never guesses, since a run beside it may have written a newer one.
    */
  private def guessedRunFolder(jvmStart: Long): Option[Path] =
    if (OwnRunFolder.supported) None
    else {
      println("results: this system cannot show which simulation.log the run holds open: archiving the newest one")
      RunFolders.newestRunDir(gatlingResults, jvmStart, getClass.getName)
    }
}

object SuiteSimulation {

  /** How long a run whose parent went may take to stop its load before its JVM exits. */
  val ParentGoneGraceMs = 60000L
}
