package results.capacity

import com.fasterxml.jackson.annotation.JsonProperty
import suite.InputError

/** A system's capacity search in run.json (`systemRecords[].capacity`), as it is on disk. */
private[results] final case class CapacityDocument(
    referenceProfile: String,
    referenceLoad: Double,
    loadUnit: String,
    resolution: Double,
    maxMultiple: Double,
    maxDurationMs: Long,
    end: String,
    steps: Seq[CapacityDocument.Step] = Nil,
    @JsonProperty(required = false) judgesPace: Boolean = true
)

private[results] object CapacityDocument {
  final case class Step(multiple: Double, fromEpochMs: Long, toEpochMs: Long, passedLive: Boolean)
}

/** A [[CapacityRecord]] to its [[CapacityDocument]] and back, as is. */
private[results] object CapacityJson {

  def document(record: CapacityRecord): CapacityDocument =
    CapacityDocument(
      record.referenceProfile,
      record.referenceLoad,
      record.loadUnit,
      record.resolution,
      record.maxMultiple,
      record.maxDurationMs,
      record.end.name,
      record.steps.map(s => CapacityDocument.Step(s.multiple, s.fromEpochMs, s.toEpochMs, s.passedLive)),
      record.judgesPace
    )

  def record(d: CapacityDocument): CapacityRecord =
    CapacityRecord(
      d.referenceProfile,
      d.referenceLoad,
      d.loadUnit,
      d.resolution,
      d.maxMultiple,
      d.maxDurationMs,
      d.steps.map(s => CapacityStepRecord(s.multiple, s.fromEpochMs, s.toEpochMs, s.passedLive)),
      end(d.end),
      d.judgesPace
    )

  def end(name: String): SearchEnd =
    SearchEnd.named(name).getOrElse(
      throw new InputError(s"capacity end '$name' is none of ${SearchEnd.All.map(_.name).mkString(", ")}")
    )
}
