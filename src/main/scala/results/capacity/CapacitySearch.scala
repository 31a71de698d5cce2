package results.capacity

import results.model.{ SystemRecord, SystemSummary }
import results.summarize.{ LatencyAccumulator, ResultsSettings }

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess._

/** One request path's figures on one step's judged window: what the thresholds judge it by. */
final case class StepRequest(path: List[String], count: Long, ko: Long, p99Ms: Int, p95Ms: Int, p90Ms: Int) {
  def name: String = results.model.Entry.name(path)
  def koPercent: Double = if (count == 0) 0.0 else ko * 100.0 / count
}

/** One step as simulation.log measured it: its requests that started inside its judged window. */
final case class StepFigures(step: CapacityStepRecord, requests: Seq[StepRequest]) {
  def multiple: Double = step.multiple
  def count: Long = requests.map(_.count).sum
  def ko: Long = requests.map(_.ko).sum
  def koPercent: Double = if (count == 0) 0.0 else ko * 100.0 / count
}

/** A system's capacity search as the run recorded it, with each step's figures from the log. */
final case class CapacitySearch(system: String, record: CapacityRecord, steps: Seq[StepFigures])

/** Fills each searched system's step figures in the summary's one walk over the log (see results.summarize.RunSummarizer):
  * a request counts for the step whose judged window holds its start, and for its own system only.
  */
private[results] final class CapacityCollector(
    records: Seq[SystemRecord],
    ownership: SystemSummary.Ownership,
    settings: ResultsSettings
) {
  private final class Step(val record: CapacityStepRecord) {
    val requests = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
    def contains(epochMs: Long): Boolean = epochMs >= record.fromEpochMs && epochMs < record.toEpochMs
  }
  private val searches = records.flatMap(r => r.capacity.map(c => r.key -> (c, c.steps.map(new Step(_))))).toMap

  val collect: LogRecord => Unit = {
    case r: RequestRecorded if searches.nonEmpty =>
      val path = r.groupHierarchy :+ r.name
      ownership.ofRequest(path).flatMap(searches.get).foreach { case (_, steps) =>
        steps.filter(_.contains(r.startEpochMs)).foreach(
          _.requests
            .getOrElseUpdate(path, new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs))
            .record(r.responseTimeMs, r.ok)
        )
      }
    case _ =>
  }

  /** Each searched system's search, in the order the run recorded the systems. */
  def results: Seq[CapacitySearch] =
    records.flatMap(r => searches.get(r.key).map(r.key -> _)).map { case (key, (record, steps)) =>
      CapacitySearch(
        key,
        record,
        steps.map(s =>
          StepFigures(
            s.record,
            s.requests.toSeq.map { case (path, a) =>
              StepRequest(path, a.count, a.koCount, a.percentileMs(99), a.percentileMs(95), a.percentileMs(90))
            }
          )
        )
      )
    }
}
