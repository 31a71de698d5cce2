package results.capacity

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode

import results.model.GateCheck
import results.archive.JsonTree._

/** Each searched system's `capacity` in summary.json: its steps' figures and, once gated, their verdicts and
  * the answer, written and read back. (run.json's record of the search is [[CapacityJson]]'s.)
  */
private[results] object CapacitySummaryJson {

  private def end(node: JsonNode): SearchEnd = {
    val name = text(node, "end")
    SearchEnd.named(name).getOrElse(
      throw new suite.InputError(s"capacity end '$name' is none of ${SearchEnd.All.map(_.name).mkString(", ")}")
    )
  }

  private def stepRecordNode(s: CapacityStepRecord): ObjectNode =
    obj().put("multiple", s.multiple).put("passedLive", s.passedLive).set[ObjectNode](
      "steadyWindow",
      obj().put("startEpochMs", s.fromEpochMs).put("endEpochMs", s.toEpochMs)
    )

  private def stepRecord(node: JsonNode): CapacityStepRecord = {
    val window = field(node, "steadyWindow")
    CapacityStepRecord(
      double(node, "multiple"),
      long(window, "startEpochMs"),
      long(window, "endEpochMs"),
      field(node, "passedLive").asBoolean()
    )
  }

  /** A searched system's `capacity` in summary.json; the answer's fields are null until the run is gated. */
  def searchNode(search: CapacitySearch, result: Option[CapacityResult]): ObjectNode = {
    val r = search.record
    val node = obj()
    node.set[JsonNode](
      "reference",
      obj().put("profile", r.referenceProfile).put("load", r.referenceLoad).put("unit", r.loadUnit)
    )
    node.put("judged", result.nonEmpty)
    result.flatMap(_.headroom).fold(node.putNull("headroom"))(node.put("headroom", _))
    result.flatMap(_.headroomLoad).fold(node.putNull("headroomLoad"))(h => node.put("headroomLoad", round(h, 3)))
    node.put("resolution", r.resolution).put("maxMultiple", r.maxMultiple).put("maxDurationMs", r.maxDurationMs)
    node.put("end", r.end.name)
    result.flatMap(_.limitedBy).fold(node.putNull("limitedBy"))(side => node.put("limitedBy", side.name))
    result.flatMap(res => res.firstFailure.flatMap(f => f.worst.map(f.multiple -> _))) match {
      case Some((multiple, check)) =>
        val failure = obj()
          .put("multiple", multiple)
          .put("request", check.subject)
          .put("threshold", check.metric)
          .put("value", round(check.measured.getOrElse(0.0), 2))
          .put("allowed", check.allowed)
          .put("unit", check.unit.trim)
        node.set[JsonNode]("firstFailure", failure)
      case None => node.putNull("firstFailure")
    }
    val verdicts = result.map(_.steps).getOrElse(Nil)
    node.set[JsonNode](
      "steps",
      search.steps.zipWithIndex.foldLeft(arr()) { case (array, (step, i)) =>
        val verdict = verdicts.lift(i)
        val s = stepRecordNode(step.step)
        verdict.fold(s.putNull("verdict"))(v => s.put("verdict", v.label))
        s.put("count", step.count).put("ko", step.ko).put("koPercent", round(step.koPercent, 2))
        s.set[JsonNode](
          "requests",
          step.requests.foldLeft(arr()) { (requests, q) =>
            val request = obj().put("name", q.name)
            request.set[JsonNode]("path", strings(q.path))
            requests.add(
              request.put("count", q.count).put("ko", q.ko).put("p99Ms", q.p99Ms).put("p95Ms", q.p95Ms).put(
                "p90Ms",
                q.p90Ms
              )
            )
          }
        )
        s.set[JsonNode](
          "checks",
          verdict.fold(Seq.empty[GateCheck])(_.checks).foldLeft(arr())((a, c) => a.add(checkNode(c)))
        )
        array.add(s)
      }
    )
    node
  }

  private def checkNode(c: GateCheck): ObjectNode = {
    val node = obj().put("subject", c.subject).put("metric", c.metric).put("allowed", c.allowed)
    c.measured.fold(node.putNull("measured"))(node.put("measured", _))
    node.put("atMost", c.atMost).put("unit", c.unit).put("passed", c.passed)
  }

  private def check(node: JsonNode): GateCheck =
    GateCheck(
      text(node, "subject"),
      text(node, "metric"),
      Option(node.get("measured")).filterNot(_.isNull).map(_.asDouble()),
      double(node, "allowed"),
      field(node, "atMost").asBoolean(),
      text(node, "unit")
    )

  /** A system node's search, if it has one. */
  def search(system: JsonNode): Option[CapacitySearch] =
    Option(system.get("capacity")).filterNot(_.isNull).map { node =>
      val reference = field(node, "reference")
      val steps = list(node, "steps").map { s =>
        StepFigures(
          stepRecord(s),
          list(s, "requests").map(q =>
            StepRequest(
              textList(q, "path"),
              long(q, "count"),
              long(q, "ko"),
              int(q, "p99Ms"),
              int(q, "p95Ms"),
              int(q, "p90Ms")
            )
          )
        )
      }
      CapacitySearch(
        text(system, "key"),
        CapacityRecord(
          text(reference, "profile"),
          double(reference, "load"),
          text(reference, "unit"),
          double(node, "resolution"),
          double(node, "maxMultiple"),
          long(node, "maxDurationMs"),
          steps.map(_.step),
          end(node)
        ),
        steps
      )
    }

  /** A system node's judged search, if it has one and the run was gated. */
  def result(system: JsonNode): Option[CapacityResult] =
    search(system).filter(_ => field(field(system, "capacity"), "judged").asBoolean()).map { search =>
      val node = field(system, "capacity")
      val verdicts = list(node, "steps").zip(search.steps).map { case (s, figures) =>
        StepVerdict(figures, list(s, "checks").map(check))
      }
      val side = Option(node.get("limitedBy")).filterNot(_.isNull).map(_.asText()).map(name =>
        Side.named(name).getOrElse(throw new suite.InputError(s"capacity limitedBy '$name' is no side"))
      )
      CapacityResult(search, verdicts, side)
    }
}
