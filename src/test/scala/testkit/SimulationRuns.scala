package testkit

import journey.SystemUnderTest

import java.nio.file.{ Files, Path }

import scala.collection.mutable
import scala.util.Using

import io.gatling.app.InProcessGatling
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ GroupRecorded, RequestRecorded, UserRecorded }
import io.gatling.core.config.GatlingConfiguration
import org.junit.jupiter.api.Assertions._
import results.RunFolders
import simulations.Systems
import config.ConfigFiles

/** Runs a simulation in this JVM against the in-process sandbox, without Gatling's HTML report, and reads its
  * simulation.log back with Gatling's own reader, for the end-to-end tests.
  */
object SimulationRuns {

  final case class RequestFigures(count: Long, ko: Long, minMs: Int, maxMs: Int)

  /** @param requests figures by request name, whatever group it ran in
    * @param paths    figures by request path, its groups first: "Search only / EOL - Search"
    * @param groups   completed group executions by group path, and how many of them failed
    * @param errors   KO requests by Gatling's error message
    */
  final case class Run(
      statusCode: Int,
      runDir: Path,
      usersByScenario: Map[String, Int],
      requests: Map[String, RequestFigures],
      paths: Map[String, RequestFigures],
      groups: Map[String, RequestFigures],
      reportCounts: Map[String, Long],
      errors: Map[String, Long]
  ) {
    def users: Int = usersByScenario.values.sum
    def scenarios: Set[String] = usersByScenario.keySet
  }

  /** What every end-to-end run starts from, whatever -D options the Maven build was given: the tests
    * must never follow `mvn verify -Dtarget=demo -Dprofile=reference` to a real environment.
    */
  private val Pinned = Map(
    "target" -> "local",
    "profile" -> "smoke",
    "smoke" -> "false",
    "scale" -> "1",
    "shard" -> "1/1",
    "thinkTime.multiplier" -> "1",
    "thinkTime.smokeMultiplier" -> "0"
  )

  /** Also cleared: -D options that name a file or tune the sandbox, a profile or a system (e.g.
    * `-Draid.feeder=...` given to `mvn verify`); a key's first part names a system when
    * systems/<part>.conf exists.
    */
  private def unset: Seq[String] =
    sys.props.keys.toSeq.filter { key =>
      val top = key.takeWhile(_ != '.')
      key == "thresholds" || Seq("sandbox", "profiles", "targets").contains(top) ||
      (key.contains('.') && getClass.getClassLoader.getResource(ConfigFiles.systemFile(top)) != null)
    }

  def run(simulation: Class[_], properties: (String, String)*): Run = {
    val resultsFolder = Files.createTempDirectory("e2e-")
    // The simulation finds its own run folder there (it writes its claims into it).
    withProperties(properties :+ ("suite.gatlingResultsDir" -> resultsFolder.toString)) {
      val started = System.currentTimeMillis()
      val status = InProcessGatling.run(simulation.getName, resultsFolder)
      val runDir = RunFolders.newestRunDir(
        resultsFolder,
        started - 1000
      ).getOrElse(throw new AssertionError(s"no run folder in $resultsFolder"))
      read(status, runDir)
    }
  }

  /** Runs a simulation expected to stop before sending load; returns the error and the folder Gatling would have written to. */
  def failure(simulation: Class[_], properties: (String, String)*): (Throwable, Path) = {
    val resultsFolder = Files.createTempDirectory("e2e-")
    withProperties(properties) {
      val error =
        try {
          InProcessGatling.run(simulation.getName, resultsFolder)
          throw new AssertionError(
            s"${simulation.getSimpleName} ran although ${properties.mkString(", ")} should have stopped it"
          )
        } catch { case e: Exception => rootCause(e) }
      (error, resultsFolder)
    }
  }

  /** Sets the pinned and the given system properties for one run, then puts back what was there. */
  private def withProperties[T](properties: Seq[(String, String)])(run: => T): T = {
    val cleared = unset
    val keys = (Pinned.keys ++ cleared ++ properties.map(_._1)).toSeq.distinct
    val saved = keys.map(k => k -> Option(System.getProperty(k)))
    cleared.foreach(System.clearProperty)
    (Pinned ++ properties).foreach { case (k, v) => System.setProperty(k, v) }
    try run
    finally saved.foreach {
        case (k, Some(v)) => System.setProperty(k, v)
        case (k, None)    => System.clearProperty(k)
      }
  }

  /** What every system's end-to-end test checks: the run sent exactly the system's contract names,
    * each `perJourney(name)` times per user, with no KO, Gatling's own report agreeing with the log,
    * and Gatling's assertions (the thresholds) passing.
    */
  def assertWholeJourneys(run: Run, system: SystemUnderTest, perJourney: Map[String, Int]): Unit = {
    assertEquals(system.requestNames, perJourney.keySet, s"${system.key}: the test names every contract request")
    assertEquals(
      system.requestNames,
      run.requests.keySet.intersect(system.requestNames),
      s"${system.key}: every contract request ran"
    )
    val users = run.usersByScenario.getOrElse(system.scenarioName, 0)
    assertTrue(users > 0, s"${system.scenarioName}: users ran")
    perJourney.foreach { case (name, times) =>
      assertEquals(times.toLong * users, run.requests(name).count, s"$name: $times per user")
    }
    assertNoErrors(run)
  }

  /** No KO, the log and Gatling's report agree, and Gatling ran to its assertions. Whether they pass is not
    * asserted: with no KO, only a response time or a rate can miss its limit, and that is the machine's speed
    * at the time (beside other load on 2 cores, eol and eroll went over their p99s), not the journey's
    * behaviour. A test of a limit's verdict sets one far from what a busy machine reaches.
    */
  def assertNoErrors(run: Run): Unit = {
    run.paths.foreach { case (path, figures) =>
      assertEquals(0L, figures.ko, s"KOs for $path")
      assertEquals(figures.count, run.reportCounts.getOrElse(path, 0L), s"$path: log and Gatling's report agree")
    }
    run.groups.foreach { case (path, figures) => assertEquals(0L, figures.ko, s"failed group $path") }
    assertTrue(
      Set(SuccessStatus, AssertionsFailedStatus)(run.statusCode),
      s"Gatling ran to its assertions: status ${run.statusCode}"
    )
  }

  // Gatling's exit statuses (io.gatling.app.cli.StatusCode): passed, and an assertion failed.
  private val SuccessStatus = 0
  private val AssertionsFailedStatus = 2

  /** Every run of each of `groups` sent the requests its documented steps expand to (`sent(step)`), in
    * order: the steps are the table on the system's page (see [[SystemDocs.steps]]).
    */
  def assertStepsInOrder(run: Run, key: String, groups: Seq[String], sent: String => Seq[String]): Unit = {
    val documented = SystemDocs.steps(key)
    assertEquals(groups.toSet, documented.keySet, s"${Systems.pageOf(key)} lists every one")
    groupRuns(run).foreach { case (group, runs) =>
      val expected = documented(group).flatMap(sent)
      assertEquals(run.groups(group).count, runs.size.toLong, s"$group: every run read back")
      runs.foreach(requests => assertEquals(expected, requests, s"$group: its steps in the order of its docs page"))
    }
  }

  /** Each run of each group (a transaction), by group path, as the request names it sent in order,
    * runs ordered by their start. simulation.log does not record which user sent a request, so a request
    * goes to the run of its group whose time span holds it; one user's requests are sequential, so the
    * log holds them in the order they were sent. Two runs of one group holding the same request in their
    * spans (they overlapped) cannot be told apart: that fails the test rather than be guessed.
    */
  def groupRuns(run: Run): Map[String, Seq[Seq[String]]] = {
    val requests = mutable.ArrayBuffer.empty[RequestRecorded]
    val groups = mutable.ArrayBuffer.empty[GroupRecorded]
    SimulationLogAccess.walk(run.runDir.resolve("simulation.log")) {
      case r: RequestRecorded if r.groupHierarchy.nonEmpty => requests += r
      case g: GroupRecorded                                => groups += g
      case _                                               =>
    }
    def holds(g: GroupRecorded, r: RequestRecorded) =
      g.hierarchy == r.groupHierarchy && g.startEpochMs <= r.startEpochMs && r.endEpochMs <= g.endEpochMs
    requests.foreach { r =>
      val runs = groups.filter(holds(_, r))
      if (runs.size != 1)
        throw new AssertionError(
          s"${(r.groupHierarchy :+ r.name).mkString(" / ")} at ${r.startEpochMs}: in ${runs.size} runs of its group " +
            s"(${runs.map(g => s"${g.startEpochMs}-${g.endEpochMs}").mkString(", ")}), not 1: start them further apart"
        )
    }
    groups.sortBy(_.startEpochMs).groupBy(_.hierarchy.mkString(" / ")).view.mapValues(_.toSeq.map(g =>
      requests.filter(holds(g, _)).map(_.name).toSeq
    )).toMap
  }

  def isEmpty(folder: Path): Boolean = Using.resource(Files.list(folder))(_.findAny().isEmpty)

  private def rootCause(e: Throwable): Throwable = Option(e.getCause).filter(_ ne e).fold(e)(rootCause)

  /** A run folder read back: one this object ran, or one a [[GatlingProcess]] archived (ended with `status`). */
  def read(status: Int, runDir: Path): Run = {
    val log = runDir.resolve("simulation.log")
    val requests = mutable.Map.empty[String, RequestFigures]
    val paths = mutable.Map.empty[String, RequestFigures]
    val groups = mutable.Map.empty[String, RequestFigures]
    def add(figures: mutable.Map[String, RequestFigures], key: String, ok: Boolean, ms: Int): Unit = {
      val before = figures.getOrElse(key, RequestFigures(0, 0, Int.MaxValue, 0))
      figures(key) =
        RequestFigures(before.count + 1, before.ko + (if (ok) 0 else 1), before.minMs.min(ms), before.maxMs.max(ms))
    }
    val users = mutable.Map.empty[String, Int].withDefaultValue(0)
    val errors = mutable.Map.empty[String, Long].withDefaultValue(0L)
    SimulationLogAccess.walk(log) {
      case r: RequestRecorded =>
        add(requests, r.name, r.ok, r.responseTimeMs)
        add(paths, (r.groupHierarchy :+ r.name).mkString(" / "), r.ok, r.responseTimeMs)
        r.error.foreach(errors(_) += 1)
      case g: GroupRecorded =>
        add(groups, g.hierarchy.mkString(" / "), g.ok, (g.endEpochMs - g.startEpochMs).toInt)
      case u: UserRecorded if u.started => users(u.scenario) += 1
      case _                            =>
    }
    val report = SimulationLogAccess.reportStatistics(log, GatlingConfiguration.load())
    val reportCounts =
      report.requestPaths.map(path => path.mkString(" / ") -> report.request(path, None).fold(0L)(_.count)).toMap
    Run(status, runDir, users.toMap, requests.toMap, paths.toMap, groups.toMap, reportCounts, errors.toMap)
  }
}
