package io.gatling.core.stats.writer

import java.nio.file.Path
import java.time.ZoneOffset

import io.gatling.commons.stats.{ KO, OK }
import io.gatling.commons.util.GatlingVersion

/** Bridge to Gatling's own `simulation.log` writer (`LogFileDataWriter`), for logs a run did not make:
  * the benchmark of results processing writes millions of records exactly as a run's injector would.
  * Calls the writer's record handlers directly, without its actor.
  */
final class SimulationLogWriter private (
    scenario: String,
    writer: LogFileDataWriter,
    data: FileData,
    val logFile: Path
) {

  /** @param of the user's scenario: the log's first unless named */
  def user(started: Boolean, epochMs: Long, of: String = scenario): Unit =
    writer.onMessage(DataWriterMessage.LoadEvent.User(of, epochMs, started), data)

  /** @param error  why a KO request failed, as Gatling words it
    * @param groups the groups it was sent in, outermost first
    */
  def request(
      name: String,
      startEpochMs: Long,
      endEpochMs: Long,
      error: Option[String],
      groups: List[String] = Nil
  ): Unit =
    writer.onMessage(
      DataWriterMessage.LoadEvent.Response(
        scenario,
        groups,
        name,
        startEpochMs,
        endEpochMs,
        if (error.isEmpty) OK else KO,
        None,
        error
      ),
      data
    )

  /** A group's end, as Gatling records it once its last request is answered.
    *
    * @param path        the group and the groups it is in, outermost first
    * @param cumulatedMs its requests' response times added up
    */
  def group(path: List[String], startEpochMs: Long, endEpochMs: Long, cumulatedMs: Int, ok: Boolean): Unit =
    writer.onMessage(
      DataWriterMessage.LoadEvent.Group(scenario, path, startEpochMs, endEpochMs, cumulatedMs, if (ok) OK else KO),
      data
    )

  def close(): Unit = writer.onStop(data)
}

object SimulationLogWriter {

  /** A log of one scenario's run (and of `otherScenarios`' users) in `resultsDir/<run id>/simulation.log`,
    * the run id being Gatling's own (the simulation's id and the start time).
    */
  def open(
      resultsDir: Path,
      simulationClassName: String,
      runStartEpochMs: Long,
      scenario: String,
      otherScenarios: Seq[String] = Nil
  ): SimulationLogWriter = {
    val simulationId = simulationClassName.split('.').last.toLowerCase
    val run =
      RunMessage(
        simulationClassName,
        simulationId,
        runStartEpochMs,
        "",
        GatlingVersion.ThisVersion.fullVersion,
        ZoneOffset.UTC
      )
    val writer = LogFileDataWriter(
      run,
      (scenario +: otherScenarios).toList.map(ShortScenarioDescription(_, None)),
      Nil,
      resultsDir
    )
    new SimulationLogWriter(scenario, writer, writer.onInit(), LogFileDataWriter.logFile(resultsDir, run.runId, false))
  }
}
