package io.gatling.app

import java.nio.file.Path

import io.gatling.core.config.GatlingConfiguration

/** Runs one simulation inside the current JVM, as the end-to-end tests need.
  *
  * `Gatling.fromArgs` is package-private; this bridge lives in Gatling's package to call it
  * (unlike `Gatling.main`, it returns the status code instead of exiting the JVM).
  */
object InProcessGatling {

  /** Loads gatling.conf as Gatling does before it builds a simulation, so that journeys (whose checks read
    * it) can be built outside a run: tests of the run's assembly. `Predef._configuration` is Gatling's own.
    */
  def loadConfiguration(): Unit =
    if (io.gatling.core.Predef._configuration == null)
      io.gatling.core.Predef._configuration = GatlingConfiguration.load()

  /** @param htmlReport whether Gatling writes its HTML report: a second or so of CPU a run, which most tests,
    *                   reading the log and the suite's summaries, do without
    */
  def run(simulationClass: String, resultsFolder: Path, htmlReport: Boolean = false): Int =
    Gatling.fromArgs(
      Array(
        "--simulation",
        simulationClass,
        "--results-folder",
        resultsFolder.toAbsolutePath.toString,
        "--launcher",
        "junit"
      ) ++ (if (htmlReport) Nil else Seq("--no-reports"))
    )
}
