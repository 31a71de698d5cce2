package io.gatling.app

import java.nio.file.Path

/** Runs one simulation inside the current JVM, as the end-to-end tests need.
  *
  * `Gatling.fromArgs` is package-private; this bridge lives in Gatling's package to call it
  * (unlike `Gatling.main`, it returns the status code instead of exiting the JVM).
  */
object InProcessGatling {
  def run(simulationClass: String, resultsFolder: Path): Int =
    Gatling.fromArgs(
      Array(
        "--simulation",
        simulationClass,
        "--results-folder",
        resultsFolder.toAbsolutePath.toString,
        "--launcher",
        "junit"
      )
    )
}
