package simulations

import java.nio.file.{ Files, Path }

import scala.collection.mutable
import scala.util.Using

import io.gatling.app.InProcessGatling
import io.gatling.charts.stats.SimulationLogAccess
import io.gatling.charts.stats.SimulationLogAccess.{ RequestRecorded, UserRecorded }
import io.gatling.core.config.GatlingConfiguration
import results.PostRun

/** Runs a simulation in this JVM against the in-process sandbox and reads its simulation.log back
  * with Gatling's own reader, for the end-to-end tests.
  */
object SimulationRuns {

  final case class RequestFigures(count: Long, ko: Long, minMs: Int, maxMs: Int)

  final case class Run(statusCode: Int, runDir: Path, users: Int, requests: Map[String, RequestFigures], reportCounts: Map[String, Long])

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
  private val Unset = Seq("thresholds", "raid.feeder", "sandbox.stubs.delay.ms")

  def run(simulation: Class[_], properties: (String, String)*): Run = {
    val resultsFolder = Files.createTempDirectory("e2e-")
    withProperties(properties) {
      val started = System.currentTimeMillis()
      val status = InProcessGatling.run(simulation.getName, resultsFolder)
      val runDir = PostRun.newestRunDir(resultsFolder, started - 1000).getOrElse(throw new AssertionError(s"no run folder in $resultsFolder"))
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
          throw new AssertionError(s"${simulation.getSimpleName} ran although ${properties.mkString(", ")} should have stopped it")
        } catch { case e: Exception => rootCause(e) }
      (error, resultsFolder)
    }
  }

  /** Sets the pinned and the given system properties for one run, then puts back what was there. */
  private def withProperties[T](properties: Seq[(String, String)])(run: => T): T = {
    val keys = (Pinned.keys ++ Unset ++ properties.map(_._1)).toSeq.distinct
    val saved = keys.map(k => k -> Option(System.getProperty(k)))
    Unset.foreach(System.clearProperty)
    (Pinned ++ properties).foreach { case (k, v) => System.setProperty(k, v) }
    try run
    finally saved.foreach {
      case (k, Some(v)) => System.setProperty(k, v)
      case (k, None)    => System.clearProperty(k)
    }
  }

  def isEmpty(folder: Path): Boolean = Using.resource(Files.list(folder))(_.findAny().isEmpty)

  private def rootCause(e: Throwable): Throwable = Option(e.getCause).filter(_ ne e).fold(e)(rootCause)

  private def read(status: Int, runDir: Path): Run = {
    val log = runDir.resolve("simulation.log")
    val requests = mutable.Map.empty[String, RequestFigures]
    var users = 0
    SimulationLogAccess.walk(log) {
      case r: RequestRecorded =>
        val before = requests.getOrElse(r.name, RequestFigures(0, 0, Int.MaxValue, 0))
        requests(r.name) = RequestFigures(
          before.count + 1,
          before.ko + (if (r.ok) 0 else 1),
          before.minMs.min(r.responseTimeMs),
          before.maxMs.max(r.responseTimeMs)
        )
      case u: UserRecorded if u.started => users += 1
      case _                            =>
    }
    val report = SimulationLogAccess.reportStatistics(log, GatlingConfiguration.load())
    val reportCounts = report.requestPaths.map(path => path.mkString(" / ") -> report.request(path, None).fold(0L)(_.count)).toMap
    Run(status, runDir, users, requests.toMap, reportCounts)
  }
}
