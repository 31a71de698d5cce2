package results.archive

import results.model.{
  CapacityRecord,
  CapacityStepRecord,
  InjectorFigures,
  LateStartFigures,
  LoadUnit,
  MachineFigures,
  SandboxCpu,
  SearchEnd
}

import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.databind.annotation.JsonDeserialize
import text.Formats.round
import config.InputError

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
    @JsonProperty(required = false) judgesPace: Boolean = true,
    @JsonProperty(required = false) minAnswers: Long = 0,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Double]) expectedOneX: Option[Double] =
      None
)

private[results] object CapacityDocument {

  /** @param injector     the injector's health over the window
    * @param sandboxAdded the built-in sandbox's added time over the window, by "system: request", then range
    *                     (both absent from runs archived before they were measured; the latter from a run
    *                     against a target of its own)
    */
  final case class Step(
      multiple: Double,
      fromEpochMs: Long,
      toEpochMs: Long,
      passedLive: Boolean,
      @JsonInclude(NON_ABSENT) injector: Option[Injector] = None,
      @JsonInclude(NON_ABSENT) sandboxAdded: Option[Seq[AddedTime]] = None,
      @JsonInclude(NON_ABSENT) machine: Option[MachineFigures] = None,
      @JsonInclude(NON_ABSENT) sandboxCpu: Option[SandboxCpu] = None
  )

  /** One request's count of answers by the range of time the sandbox added to them. */
  final case class AddedTime(
      request: String,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) counts: Map[String, Long]
  )

  /** The injector over one window: its CPU share (mean, max, samples at the limit of all its samples), its
    * garbage-collection pauses and how late its users started.
    */
  final case class Injector(
      cores: Int,
      cpuMeanPercent: Double,
      cpuMaxPercent: Double,
      busySamples: Int,
      samples: Int,
      gcPercent: Double,
      gcPauses: Int,
      lateStartUsers: Long,
      lateStartP99Ms: Long,
      lateStartMaxMs: Long
  )
}

/** A [[CapacityRecord]] to its [[CapacityDocument]] and back, as is. */
private[results] object CapacityJson {

  def document(record: CapacityRecord): CapacityDocument =
    CapacityDocument(
      record.referenceProfile,
      record.referenceLoad,
      record.loadUnit.text,
      record.resolution,
      record.maxMultiple,
      record.maxDurationMs,
      record.end.name,
      record.steps.map(s =>
        CapacityDocument.Step(
          s.multiple,
          s.fromEpochMs,
          s.toEpochMs,
          s.passedLive,
          s.injector.map(injector),
          s.sandboxAdded.map(_.toSeq.sortBy(_._1).map { case (request, counts) =>
            CapacityDocument.AddedTime(request, counts)
          }),
          // the model's own figures, rounded as they are shown
          s.machine.map(m =>
            MachineFigures(
              round(m.busyPercent, 1),
              round(m.stolenPercent, 1),
              round(m.ownPercent, 1),
              round(m.waitPerCpuSecond, 2)
            )
          ),
          s.sandboxCpu.map(c => c.copy(percent = round(c.percent, 1)))
        )
      ),
      record.judgesPace,
      record.minAnswers,
      record.expectedOneX.map(round(_, 3))
    )

  def record(d: CapacityDocument): CapacityRecord =
    CapacityRecord(
      d.referenceProfile,
      d.referenceLoad,
      unit(d.loadUnit),
      d.resolution,
      d.maxMultiple,
      d.maxDurationMs,
      d.steps.map(s =>
        CapacityStepRecord(
          s.multiple,
          s.fromEpochMs,
          s.toEpochMs,
          s.passedLive,
          s.injector.map(injector),
          s.sandboxAdded.map(_.map(added => added.request -> added.counts).toMap),
          s.machine,
          s.sandboxCpu
        )
      ),
      end(d.end),
      d.judgesPace,
      d.minAnswers,
      d.expectedOneX
    )

  private def injector(f: InjectorFigures): CapacityDocument.Injector =
    CapacityDocument.Injector(
      f.cores,
      round(f.cpuMeanPercent, 1),
      round(f.cpuMaxPercent, 1),
      f.busySamples,
      f.samples,
      round(f.gcPercent, 2),
      f.gcPauses,
      f.lateStarts.users,
      f.lateStarts.p99Ms,
      f.lateStarts.maxMs
    )

  private def injector(i: CapacityDocument.Injector): InjectorFigures =
    InjectorFigures(
      i.cores,
      i.cpuMeanPercent,
      i.cpuMaxPercent,
      i.busySamples,
      i.gcPercent,
      i.samples,
      LateStartFigures(i.lateStartUsers, i.lateStartP99Ms, i.lateStartMaxMs),
      i.gcPauses
    )

  def end(name: String): SearchEnd =
    SearchEnd.named(name).getOrElse(
      throw new InputError(s"capacity end '$name' is none of ${SearchEnd.All.map(_.name).mkString(", ")}")
    )

  def unit(text: String): LoadUnit =
    LoadUnit.named(text).getOrElse(
      throw new InputError(s"capacity loadUnit '$text' is none of ${LoadUnit.All.map(_.text).mkString(", ")}")
    )
}
