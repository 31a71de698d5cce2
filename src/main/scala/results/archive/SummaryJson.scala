package results.archive

import results.model.{ ErrorCount, RunContext, RunMetadata, RunSummary, SummarySettings, WindowSummary }

import java.nio.file.Path

import scala.util.control.NonFatal

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode
import suite.InputError

import results.capacity.CapacitySummaryJson

import JsonTree._
import RunJson._
import SummaryJsonParts._

/** summary.json and run.json: written with Jackson's tree model (Jackson comes with Gatling), and read
  * back into the same model ([[RunSummary]], [[RunContext]]) for the gate, merges, trends and comparisons.
  */
object SummaryJson {
  val SchemaVersion = 2

  def write(summary: RunSummary): String = mapper.writeValueAsString(summaryNode(summary))

  def writeContext(context: RunContext, runId: String, gitCommit: String): String =
    mapper.writeValueAsString(contextNode(context, runId, gitCommit))

  def read(file: Path): RunSummary =
    try summary(parse(file))
    catch {
      case e: InputError => throw e
      case NonFatal(e)   => throw new InputError(
          s"$file is not a summary this suite wrote: ${Option(e.getMessage).getOrElse(e.toString).linesIterator.next()}"
        )
    }

  def readContext(file: Path): RunContext =
    try context(parse(file))
    catch {
      case e: InputError => throw e
      case NonFatal(e)   => throw new InputError(
          s"$file is not a run.json this suite wrote: ${Option(e.getMessage).getOrElse(e.toString).linesIterator.next()}"
        )
    }

  private def summaryNode(s: RunSummary): ObjectNode = {
    val root = obj().put("schema", SchemaVersion)
    val run = obj()
      .put("simulation", s.run.simulation)
      .put("simulationClass", s.run.simulationClass)
      .put("runId", s.run.runId)
      .put("startUtc", iso(s.run.startEpochMs))
      .put("endUtc", iso(s.run.endEpochMs))
      .put("startEpochMs", s.run.startEpochMs)
      .put("endEpochMs", s.run.endEpochMs)
      .put("target", s.run.target)
      .put("profile", s.run.profile)
      .put("shard", s.run.shard)
      .put("gitCommit", s.run.gitCommit)
      .put("gatlingVersion", s.run.gatlingVersion)
      .put("runDescription", s.run.runDescription)
    run.set[JsonNode]("systems", strings(s.run.systems))
    run.set[JsonNode]("overrides", stringMap(s.run.overrides))
    run.set[JsonNode]("mergedFrom", strings(s.run.mergedFrom))
    root.set[JsonNode]("run", run)
    root.set[JsonNode](
      "settings",
      obj()
        .put("apdexThresholdMs", s.settings.apdexThresholdMs)
        .put("slowThresholdMs", s.settings.slowThresholdMs)
        .put("groupMetric", s.settings.groupMetric)
        .put("percentileSource", s.settings.percentileSource)
    )
    root.set[JsonNode]("global", entryNode(s.global))
    root.set[JsonNode]("groups", entries(s.groups))
    root.set[JsonNode]("requests", entries(s.requests))
    // With several systems, a transactions per hour over all of them would add up unlike things.
    root.set[JsonNode]("steady", steadyNode(s.steady, withTransactionsPerHour = s.systems.size < 2))
    root.set[JsonNode]("systems", SystemsJson.systemsNode(s))
    root.set[JsonNode](
      "windows",
      s.windows.foldLeft(arr()) { (array, w) =>
        val node = windowNode(w.window).put("transactionsPerHour", round(w.transactionsPerHour, 1))
        w.global.foreach(g => node.set[JsonNode]("global", entryNode(g)))
        node.set[JsonNode]("groups", entries(w.groups))
        node.set[JsonNode]("requests", entries(w.requests))
        node.set[JsonNode]("transactions", transactionsNode(w.transactions))
        array.add(node)
      }
    )
    root.set[JsonNode]("warnings", strings(s.warnings))
    root.set[JsonNode]("completion", completionNode(s.completion))
    s.injector.foreach(record => root.set[JsonNode]("injector", injectorNode(record)))
    s.earlyStop.foreach(record => root.set[JsonNode]("earlyStop", earlyStopNode(record)))
    root.set[JsonNode]("sandboxExhaustion", strings(s.sandboxExhaustion))
    root.set[JsonNode](
      "errors",
      s.errors.foldLeft(arr()) { (array, e) =>
        val node = obj().put("message", e.message).put("count", e.count)
        node.set[JsonNode]("path", strings(e.path))
        e.status.foreach(status => node.put("status", status))
        array.add(node)
      }
    )
    s.duplicateLocks.foreach(d => root.set[JsonNode]("duplicateLocks", duplicateLocksNode(d)))
    root.set[JsonNode]("tallies", talliesNode(s.tallies))
    root.set[JsonNode]("curves", s.curves.map(curveNode).foldLeft(arr())(_.add(_)))
    s.gate.foreach(gate => root.set[JsonNode]("gate", gateNode(gate)))
    root.set[JsonNode]("sessions", s.sessions.foldLeft(arr())((array, f) => array.add(sessionsNode(f))))
    s.timeline.foreach(t => root.set[JsonNode]("timeline", timelineNode(t)))
    root
  }

  private def summary(root: JsonNode): RunSummary = {
    if (int(root, "schema") != SchemaVersion)
      throw new InputError(s"summary schema ${int(root, "schema")} is not $SchemaVersion")
    val run = field(root, "run")
    val settings = field(root, "settings")
    val steady = field(root, "steady")
    RunSummary(
      run = RunMetadata(
        simulation = text(run, "simulation"),
        systems = textList(run, "systems"),
        simulationClass = text(run, "simulationClass"),
        runId = text(run, "runId"),
        startEpochMs = long(run, "startEpochMs"),
        endEpochMs = long(run, "endEpochMs"),
        target = text(run, "target"),
        profile = text(run, "profile"),
        shard = text(run, "shard"),
        gitCommit = text(run, "gitCommit"),
        gatlingVersion = text(run, "gatlingVersion"),
        overrides = textMap(run, "overrides"),
        runDescription = text(run, "runDescription"),
        mergedFrom = textList(run, "mergedFrom")
      ),
      settings = SummarySettings(
        int(settings, "apdexThresholdMs"),
        int(settings, "slowThresholdMs"),
        text(settings, "groupMetric"),
        text(settings, "percentileSource")
      ),
      global = entry(field(root, "global")),
      groups = list(root, "groups").map(entry),
      requests = list(root, "requests").map(entry),
      steady = steadyState(steady),
      windows = list(root, "windows").map { w =>
        WindowSummary(
          window(w),
          Option(w.get("global")).map(entry),
          list(w, "requests").map(entry),
          list(w, "groups").map(entry),
          transactions(w, "transactions")
        )
      },
      warnings = textList(root, "warnings"),
      completion = completion(field(root, "completion")),
      injector = Option(root.get("injector")).map(injector),
      // Summaries written before errors were kept per request have no path.
      errors = list(root, "errors").map(e => ErrorCount(text(e, "message"), long(e, "count"), textList(e, "path"))),
      gate = Option(root.get("gate")).map(gate(_).copy(capacity =
        list(root, "systems").flatMap(CapacitySummaryJson.result)
      )),
      earlyStop = Option(root.get("earlyStop")).map(earlyStop),
      duplicateLocks = Option(root.get("duplicateLocks")).map(duplicateLocks),
      // Summaries written before session figures existed have none.
      sessions = list(root, "sessions").map(sessions),
      tallies = tallies(root),
      // Summaries written before the timeline existed have none.
      timeline = Option(root.get("timeline")).map(timeline),
      curves = list(root, "curves").map(curve),
      sandboxExhaustion = textList(root, "sandboxExhaustion"),
      // Summaries written before runs were read system by system have none: read as one run.
      systems = list(root, "systems").map(SystemsJson.system),
      capacity = list(root, "systems").flatMap(CapacitySummaryJson.search)
    )
  }
}
