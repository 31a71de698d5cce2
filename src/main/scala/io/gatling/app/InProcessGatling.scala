package io.gatling.app

import java.nio.file.Path

import ch.qos.logback.classic.LoggerContext
import ch.qos.logback.classic.util.ContextInitializer
import io.gatling.core.config.GatlingConfiguration
import org.slf4j.LoggerFactory

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
    try
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
    finally restoreLogging()

  /** Gatling stops logback as its run ends, which leaves the next run in this JVM with no configuration: every
    * logger at DEBUG, no appender, so its warnings go unseen and each debug line is still built. Configured
    * again as at the JVM's start, the next run logs as the first did.
    */
  private def restoreLogging(): Unit =
    LoggerFactory.getILoggerFactory match {
      case context: LoggerContext =>
        context.reset()
        new ContextInitializer(context).autoConfig()
      case _ => ()
    }
}
