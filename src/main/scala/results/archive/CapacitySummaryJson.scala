package results.archive

import results.model.{
  CapacityRecord,
  CapacityResult,
  CapacitySearch,
  CapacityStepRecord,
  GateCheck,
  InFlight,
  Metric,
  Side,
  StepFigures,
  StepRequest,
  StepVerdict,
  UnjudgedPercentile
}

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.{ NON_ABSENT, NON_EMPTY }
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import text.Formats.round
import config.InputError

import CapacitySummaryDocument._

/** A searched system's `capacity` in summary.json, as it is on disk: its steps' figures and, once gated, their
  * verdicts and the answer (null until then). Fields marked `required = false` are written for readers and
  * worked out again when read.
  */
private[results] final case class CapacitySummaryDocument(
    reference: Reference,
    judged: Boolean,
    headroom: Option[Double],
    headroomLoad: Option[Double],
    @JsonProperty(required = false) @JsonDeserialize(contentAs = classOf[java.lang.Double]) accuracy: Option[Double] =
      None,
    resolution: Double,
    maxMultiple: Double,
    maxDurationMs: Long,
    end: String,
    limitedBy: Option[String],
    firstFailure: Option[FirstFailure],
    steps: Seq[Step] = Nil,
    @JsonProperty(required = false) judgesPace: Boolean = true,
    @JsonProperty(required = false) minAnswers: Long = 0,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Double]) expectedOneX: Option[Double] =
      None
)

private[results] object CapacitySummaryDocument {
  final case class Reference(profile: String, load: Double, unit: String)

  final case class FirstFailure(
      multiple: Double,
      request: String,
      threshold: String,
      value: Double,
      allowed: Double,
      unit: String
  )

  final case class Window(startEpochMs: Long, endEpochMs: Long)

  final case class Request(
      @JsonProperty(required = false) name: String = "",
      path: List[String] = Nil,
      count: Long,
      ko: Long,
      p99Ms: Int,
      p95Ms: Int,
      p90Ms: Int
  )

  final case class Check(
      subject: String,
      metric: String,
      @JsonInclude(NON_ABSENT) metricFields: Option[MetricDocument],
      allowed: Double,
      @JsonDeserialize(contentAs = classOf[java.lang.Double]) measured: Option[Double],
      atMost: Boolean,
      @JsonProperty(required = false) unit: String = "",
      @JsonProperty(required = false) passed: Boolean = false
  )

  final case class InFlightUsers(atStart: Long, atEnd: Long)

  /** A percentile limit (its rank) the step had too few of the subject's own answers to judge. */
  final case class Unjudged(subject: String, rank: Double, answers: Long, needed: Long)

  /** @param answers  the requests that ended in the window (absent from files written before it was kept)
    * @param global   all its requests together (absent from files written before it was kept)
    * @param unjudged the percentile limits it did not judge, on too few answers
    */
  final case class Step(
      multiple: Double,
      passedLive: Boolean,
      steadyWindow: Window,
      verdict: Option[String],
      @JsonProperty(required = false) count: Long = 0,
      @JsonProperty(required = false) ko: Long = 0,
      @JsonProperty(required = false) koPercent: Double = 0,
      requests: Seq[Request] = Nil,
      checks: Seq[Check] = Nil,
      groups: Seq[Request] = Nil,
      @JsonDeserialize(contentAs = classOf[java.lang.Long]) answers: Option[Long] = None,
      usersInFlight: Option[InFlightUsers] = None,
      @JsonInclude(NON_ABSENT) global: Option[Request] = None,
      unjudged: Seq[Unjudged] = Nil,
      @JsonInclude(NON_EMPTY) answerBatches: Seq[Long] = Nil
  )
}

/** A system's [[CapacitySearch]] and, once gated, its [[CapacityResult]] to its [[CapacitySummaryDocument]]
  * and back. (run.json's record of the search is [[CapacityJson]]'s.)
  */
private[results] object CapacitySummaryJson {

  def document(search: CapacitySearch, result: Option[CapacityResult]): CapacitySummaryDocument = {
    val r = search.record
    val verdicts = result.map(_.steps).getOrElse(Nil)
    CapacitySummaryDocument(
      Reference(r.referenceProfile, r.referenceLoad, r.loadUnit.text),
      judged = result.nonEmpty,
      headroom = result.flatMap(_.headroom),
      headroomLoad = result.flatMap(_.headroomLoad).map(round(_, 3)),
      accuracy = result.flatMap(_.accuracy).map(round(_, 4)),
      r.resolution,
      r.maxMultiple,
      r.maxDurationMs,
      r.end.name,
      limitedBy = result.flatMap(_.limitedBy).map(_.name),
      firstFailure = result.flatMap(res => res.firstFailure.flatMap(f => f.worst.map(f.multiple -> _))).map {
        case (multiple, c) =>
          val m = c.metric
          FirstFailure(multiple, c.subject, m.name, round(c.measured.getOrElse(0.0), 2), c.allowed, m.unit.suffix.trim)
      },
      search.steps.zipWithIndex.map { case (step, i) =>
        val verdict = verdicts.lift(i)
        Step(
          step.multiple,
          step.step.passedLive,
          Window(step.step.fromEpochMs, step.step.toEpochMs),
          verdict.map(_.label),
          step.count,
          step.ko,
          round(step.koPercent, 2),
          step.requests.map(request),
          verdict.fold(Seq.empty[GateCheck])(_.checks).map(CheckJson.stepDocument),
          step.groups.map(request),
          step.answers,
          step.usersInFlight.map(f => InFlightUsers(f.atStart, f.atEnd)),
          step.global.map(request),
          verdict.fold(Seq.empty[UnjudgedPercentile])(_.unjudged).map(u =>
            Unjudged(u.subject, u.metric.rank, u.answers, u.needed)
          ),
          step.answerBatches
        )
      },
      r.judgesPace,
      r.minAnswers,
      r.expectedOneX.map(round(_, 3))
    )
  }

  private def request(q: StepRequest): Request = Request(q.name, q.path, q.count, q.ko, q.p99Ms, q.p95Ms, q.p90Ms)

  private def unjudged(u: Unjudged): UnjudgedPercentile =
    UnjudgedPercentile(u.subject, Metric.Percentile(u.rank), u.answers, u.needed)

  private def stepRequest(q: Request): StepRequest = StepRequest(q.path, q.count, q.ko, q.p99Ms, q.p95Ms, q.p90Ms)

  /** The system `system`'s search. */
  def search(system: String, d: CapacitySummaryDocument): CapacitySearch = {
    val steps = d.steps.map { s =>
      StepFigures(
        CapacityStepRecord(s.multiple, s.steadyWindow.startEpochMs, s.steadyWindow.endEpochMs, s.passedLive),
        s.requests.map(stepRequest),
        s.groups.map(stepRequest),
        s.answers,
        s.usersInFlight.map(f => InFlight(f.atStart, f.atEnd)),
        s.global.map(stepRequest),
        s.answerBatches
      )
    }
    val record = CapacityRecord(
      d.reference.profile,
      d.reference.load,
      CapacityJson.unit(d.reference.unit),
      d.resolution,
      d.maxMultiple,
      d.maxDurationMs,
      steps.map(_.step),
      CapacityJson.end(d.end),
      d.judgesPace,
      d.minAnswers,
      d.expectedOneX
    )
    CapacitySearch(system, record, steps)
  }

  /** The system `system`'s judged search, if the run was gated, from a summary of schema `schema`. */
  def result(system: String, d: CapacitySummaryDocument, schema: Int): Option[CapacityResult] =
    Option.when(d.judged) {
      val found = search(system, d)
      val verdicts = d.steps.zip(found.steps).map { case (s, figures) =>
        StepVerdict(figures, s.checks.map(CheckJson.check(_, schema)), s.unjudged.map(unjudged))
      }
      val side = d.limitedBy.map(name =>
        Side.named(name).getOrElse(throw new InputError(s"capacity limitedBy '$name' is no side"))
      )
      CapacityResult(found, verdicts, side)
    }
}
