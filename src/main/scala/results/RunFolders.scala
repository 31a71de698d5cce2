package results

import results.model.{ RunContext, RunShard }

import results.summarize.RunSummarizer

import java.nio.file.{ Files, Path }
import java.util.concurrent.TimeUnit

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Using
import scala.util.control.NonFatal

import io.gatling.charts.stats.SimulationLogAccess
import config.InputError

/** Where a run's folder is, and what it tells of the run without its run.json: the log's simulation, the commit. */
object RunFolders {

  /** The newest Gatling run folder of `simulationClass` written at or after `notBeforeEpochMs`: where a
    * run cannot see which log it holds open (no /proc), the best guess there is.
    */
  def newestRunDir(gatlingResultsDir: Path, notBeforeEpochMs: Long, simulationClass: String): Option[Path] =
    newestRunDir(
      gatlingResultsDir,
      notBeforeEpochMs,
      dir =>
        try
          SimulationLogAccess.readHeader(dir.resolve(RunSummarizer.LogFileName)).simulationClassName == simulationClass
        catch { case NonFatal(_) => false }
    )

  /** The newest Gatling run folder (one holding a simulation.log) written at or after `notBeforeEpochMs`. */
  def newestRunDir(gatlingResultsDir: Path, notBeforeEpochMs: Long, accept: Path => Boolean = _ => true): Option[Path] =
    if (!Files.isDirectory(gatlingResultsDir)) None
    else
      Using.resource(Files.list(gatlingResultsDir)) { dirs =>
        dirs.iterator.asScala
          .filter(d => Files.isRegularFile(d.resolve(RunSummarizer.LogFileName)))
          .map(d => d -> Files.getLastModifiedTime(d.resolve(RunSummarizer.LogFileName)).toMillis)
          .filter { case (d, modified) => modified >= notBeforeEpochMs && accept(d) }
          .maxByOption(_._2)
          .map(_._1)
      }

  /** The commit the suite was built from, so a summary says which version produced it: LOADTEST_GIT_COMMIT where
    * set (an image has no .git: deploy/Dockerfile records it so), else the checked-out one.
    */
  def gitCommit(): String =
    sys.env.get(GitCommitVariable).map(_.trim).filter(_.nonEmpty)
      .orElse(commandOutput(Seq("git", "rev-parse", "--short=12", "HEAD"), 5.seconds))
      .getOrElse(RunContext.UnknownCommit)

  val GitCommitVariable = "LOADTEST_GIT_COMMIT"

  /** What `command` printed, when it exits 0 within `timeout`; one still running then is killed. The
    * output is read only after the process ended, so a hung command never blocks past the timeout.
    */
  private[results] def commandOutput(command: Seq[String], timeout: FiniteDuration): Option[String] =
    try {
      val process = new ProcessBuilder(command: _*).redirectError(ProcessBuilder.Redirect.DISCARD).start()
      if (!process.waitFor(timeout.toMillis, TimeUnit.MILLISECONDS)) {
        process.destroyForcibly()
        None
      } else {
        val output = new String(process.getInputStream.readAllBytes()).trim
        Option.when(process.exitValue == 0 && output.nonEmpty)(output)
      }
    } catch { case NonFatal(_) => None }

  /** For a run folder without run.json (e.g. a bare Gatling folder): what the log itself tells. */
  def contextFromLog(runDir: Path): RunContext = {
    val header =
      try SimulationLogAccess.readHeader(runDir.resolve(RunSummarizer.LogFileName))
      catch { case e: SimulationLogAccess.UnreadableLogException => throw new InputError(e.getMessage) }
    val simulation = header.simulationClassName.split('.').last
    RunContext(simulation, Nil, "unknown", "unknown", RunShard.Whole, Map.empty, Nil, Nil)
  }
}
