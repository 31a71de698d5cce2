package results.archive

import results.model.{ Entry, GateCheck, PlannedWindow, RunSummary, SystemRecord, SystemSummary, Verdict }

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode

import JsonTree._
import RunJson._
import SummaryJsonParts._

/** Each system of a run in summary.json (`systems`) and in run.json (`systemRecords`). */
private[results] object SystemsJson {

  /** A system's plan and requests, as the simulation recorded them. */
  def recordNode(r: SystemRecord): ObjectNode = {
    val node = obj().put("key", r.key).put("profile", r.profile)
    node.set[JsonNode]("scenarios", strings(r.scenarios))
    r.plannedUsers.fold(node.putNull("plannedUsers"))(node.put("plannedUsers", _))
    r.plannedSteady.foreach(w => node.set[JsonNode]("plannedSteady", plannedNode(w)))
    r.measuredSteady.foreach(w => node.set[JsonNode]("measuredSteady", windowNode(w)))
    node.set[JsonNode]("requests", r.requests.foldLeft(arr())((a, path) => a.add(strings(path))))
    r.capacity.foreach(c => node.set[JsonNode]("capacity", results.capacity.CapacityJson.node(c)))
    node
  }

  def record(node: JsonNode): SystemRecord =
    SystemRecord(
      text(node, "key"),
      text(node, "profile"),
      textList(node, "scenarios"),
      Option(node.get("plannedUsers")).filterNot(_.isNull).map(_.asLong()),
      Option(node.get("plannedSteady")).map(w =>
        PlannedWindow(text(w, "kind"), text(w, "label"), long(w, "fromMs"), long(w, "toMs"))
      ),
      Option(node.get("measuredSteady")).map(window),
      list(node, "requests").map(texts),
      Option(node.get("capacity")).map(results.capacity.CapacityJson.read)
    )

  /** Each system's figures, and with a gate its verdict and checks (read back from the gate, not from here). */
  def systemsNode(s: RunSummary): JsonNode = {
    s.systems.foldLeft(arr()) { (array, system) =>
      val node = obj().put("key", system.key).put("profile", system.profile)
      system.verdict.fold(node.putNull("verdict"))(v => node.put("verdict", v.word))
      node.set[JsonNode]("steady", steadyNode(system.steady))
      val g = system.global.figures
      node
        .put("count", g.count)
        .put("ko", g.ko)
        .put("koPercent", round(g.koPercent, 2))
        .put("requestsPerSecond", round(g.requestsPerSecond, 3))
        .put("p95Ms", g.p95Ms)
        .put("p99Ms", g.p99Ms)
        .put("startEpochMs", system.startEpochMs)
        .put("endEpochMs", system.endEpochMs)
      system.plannedUsers.fold(node.putNull("plannedUsers"))(node.put("plannedUsers", _))
      node.put("startedUsers", system.startedUsers).put("endedUsers", system.endedUsers)
      node.set[JsonNode]("scenarios", strings(system.scenarios))
      node.set[JsonNode]("requests", strings(system.requests.map(Entry.name)))
      node.set[JsonNode]("requestPaths", system.requests.foldLeft(arr())((a, p) => a.add(strings(p))))
      node.set[JsonNode]("groupPaths", system.groups.foldLeft(arr())((a, p) => a.add(strings(p))))
      node.set[JsonNode]("global", entryNode(system.global))
      node.set[JsonNode](
        "checks",
        s.gate.fold(Seq.empty[GateCheck])(system.checks).foldLeft(arr())((a, c) => a.add(c.name))
      )
      s.capacity.find(_.system == system.key).foreach(search =>
        node.set[JsonNode](
          "capacity",
          results.capacity.CapacitySummaryJson.searchNode(
            search,
            s.gate.flatMap(_.capacity.find(_.system == system.key))
          )
        )
      )
      array.add(node)
    }
  }

  def system(node: JsonNode): SystemSummary = {
    def paths(name: String) = list(node, name).map(texts)
    SystemSummary(
      key = text(node, "key"),
      profile = text(node, "profile"),
      scenarios = textList(node, "scenarios"),
      requests = paths("requestPaths"),
      groups = paths("groupPaths"),
      global = entry(field(node, "global")),
      startEpochMs = long(node, "startEpochMs"),
      endEpochMs = long(node, "endEpochMs"),
      steady = steadyState(field(node, "steady")),
      plannedUsers = Option(node.get("plannedUsers")).filterNot(_.isNull).map(_.asLong()),
      startedUsers = long(node, "startedUsers"),
      endedUsers = long(node, "endedUsers"),
      verdict = Option(node.get("verdict")).flatMap(v => Verdict.of(v.asText))
    )
  }
}
