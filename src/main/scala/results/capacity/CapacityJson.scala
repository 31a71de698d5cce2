package results.capacity

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode

import results.archive.JsonTree._

/** A system's [[CapacityRecord]] in run.json (`systemRecords[].capacity`), written and read back as is. */
private[results] object CapacityJson {

  def node(record: CapacityRecord): ObjectNode = {
    val node = obj()
      .put("referenceProfile", record.referenceProfile)
      .put("referenceLoad", record.referenceLoad)
      .put("loadUnit", record.loadUnit)
      .put("resolution", record.resolution)
      .put("maxMultiple", record.maxMultiple)
      .put("maxDurationMs", record.maxDurationMs)
      .put("end", record.end.name)
    node.set[JsonNode](
      "steps",
      record.steps.foldLeft(arr()) { (steps, s) =>
        steps.add(
          obj()
            .put("multiple", s.multiple)
            .put("fromEpochMs", s.fromEpochMs)
            .put("toEpochMs", s.toEpochMs)
            .put("passedLive", s.passedLive)
        )
      }
    )
    node
  }

  def read(node: JsonNode): CapacityRecord =
    CapacityRecord(
      referenceProfile = text(node, "referenceProfile"),
      referenceLoad = double(node, "referenceLoad"),
      loadUnit = text(node, "loadUnit"),
      resolution = double(node, "resolution"),
      maxMultiple = double(node, "maxMultiple"),
      maxDurationMs = long(node, "maxDurationMs"),
      steps = list(node, "steps").map { s =>
        CapacityStepRecord(
          double(s, "multiple"),
          long(s, "fromEpochMs"),
          long(s, "toEpochMs"),
          field(s, "passedLive").asBoolean()
        )
      },
      end = SearchEnd.named(text(node, "end")).getOrElse(
        throw new IllegalArgumentException(s"run.json: unknown capacity search end '${text(node, "end")}'")
      )
    )
}
