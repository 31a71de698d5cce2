package simulations

import java.nio.file.{ Files, Path }

import scala.collection.mutable

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

  def run(simulation: Class[_], properties: (String, String)*): Run = {
    val resultsFolder = Files.createTempDirectory("e2e-")
    properties.foreach { case (k, v) => System.setProperty(k, v) }
    try {
      val started = System.currentTimeMillis()
      val status = InProcessGatling.run(simulation.getName, resultsFolder)
      val runDir = PostRun.newestRunDir(resultsFolder, started - 1000).getOrElse(throw new AssertionError(s"no run folder in $resultsFolder"))
      read(status, runDir)
    } finally properties.foreach { case (k, _) => System.clearProperty(k) }
  }

  /** Runs a simulation expected to stop before sending load; returns the error and the folder Gatling would have written to. */
  def failure(simulation: Class[_], properties: (String, String)*): (Throwable, Path) = {
    val resultsFolder = Files.createTempDirectory("e2e-")
    properties.foreach { case (k, v) => System.setProperty(k, v) }
    try {
      val error =
        try {
          InProcessGatling.run(simulation.getName, resultsFolder)
          throw new AssertionError(s"${simulation.getSimpleName} ran although ${properties.mkString(", ")} should have stopped it")
        } catch { case e: Exception => rootCause(e) }
      (error, resultsFolder)
    } finally properties.foreach { case (k, _) => System.clearProperty(k) }
  }

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
