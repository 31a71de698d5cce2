package results.summarize

import results.model.{
  CapacitySearch,
  CapacityStepRecord,
  InFlight,
  StepFigures,
  StepRequest,
  SystemRecord,
  SystemSummary,
  Throughput
}

import scala.collection.mutable

import io.gatling.charts.stats.SimulationLogAccess._

/** Fills each searched system's step figures in the summary's one walk over the log (see results.summarize.RunSummarizer):
  * a request counts for the step whose judged window it ended in, or was still in flight at the end of, and for
  * its own system only.
  */
private[results] final class CapacityCollector(
    records: Seq[SystemRecord],
    ownership: SystemSummary.Ownership,
    settings: ResultsSettings,
    useGroupDuration: Boolean
) {
  private final class Step(val record: CapacityStepRecord, val open: Boolean) {
    val requests = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
    val groups = mutable.LinkedHashMap.empty[List[String], LatencyAccumulator]
    val global = new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs, settings.confidencePercent)
    var answers = 0L
    val batches = new Array[Long](Throughput.Batches)
    val users = new UsersAt(record.fromEpochMs, record.toEpochMs)

    /** An answer the window holds: one that ended in it. */
    def endedIn(end: Long): Boolean = end >= record.fromEpochMs && end < record.toEpochMs

    /** A record from `start` to `end` counts here, and for how long: its time, or its age at the window's end. */
    def judged(start: Long, end: Long, ms: Int): Option[Int] =
      if (endedIn(end)) Some(ms)
      else if (start < record.toEpochMs && end >= record.toEpochMs) Some((record.toEpochMs - start).toInt)
      else None

    def record(into: mutable.Map[List[String], LatencyAccumulator], path: List[String], ms: Int, ok: Boolean): Unit =
      into.getOrElseUpdate(
        path,
        new LatencyAccumulator(settings.apdexThresholdMs, settings.slowThresholdMs, settings.confidencePercent)
      ).record(ms, ok)
  }

  /** Users in flight at the window's start and end: those started, less those ended, by then. */
  private final class UsersAt(from: Long, to: Long) {
    var atStart = 0L
    var atEnd = 0L
    def started(at: Long, by: Long): Unit = { if (at <= from) atStart += by; if (at <= to) atEnd += by }
  }

  private val searches = records.flatMap(r => r.capacity.map(c => r -> c.steps.map(new Step(_, c.openReference)))).toMap
  private val byKey = searches.map { case (r, steps) => r.key -> steps }

  val collect: LogRecord => Unit = {
    case r: RequestRecorded if searches.nonEmpty =>
      val path = r.groupHierarchy :+ r.name
      ownership.ofRequest(path).flatMap(byKey.get).foreach(_.foreach { step =>
        if (step.endedIn(r.endEpochMs)) {
          step.answers += 1
          val record = step.record
          step.batches(Throughput.batchOf(r.endEpochMs, record.fromEpochMs, record.toEpochMs - record.fromEpochMs)) += 1
        }
        step.judged(r.startEpochMs, r.endEpochMs, r.responseTimeMs).foreach { ms =>
          step.record(step.requests, path, ms, r.ok)
          step.global.record(ms, r.ok)
        }
      })
    case g: GroupRecorded if searches.nonEmpty =>
      val ms = if (useGroupDuration) g.durationMs else g.cumulatedResponseTimeMs
      ownership.ofGroup(g.hierarchy).flatMap(byKey.get).foreach(_.foreach { step =>
        step.judged(g.startEpochMs, g.endEpochMs, ms).foreach(at => step.record(step.groups, g.hierarchy, at, g.ok))
      })
    case u: UserRecorded if searches.nonEmpty =>
      searches.foreach { case (system, steps) =>
        if (system.runs(u.scenario)) steps.foreach(_.users.started(u.timestampEpochMs, if (u.started) 1 else -1))
      }
    case _ =>
  }

  /** Each searched system's search, in the order the run recorded the systems. */
  def results: Seq[CapacitySearch] =
    records.flatMap(r => searches.get(r).map(r -> _)).flatMap { case (r, steps) =>
      r.capacity.map { record =>
        CapacitySearch(
          r.key,
          record,
          steps.map(s =>
            StepFigures(
              s.record,
              figures(s.requests),
              figures(s.groups),
              Some(s.answers),
              Option.when(s.open)(InFlight(s.users.atStart, s.users.atEnd)),
              Some(figuresOf(Nil, s.global)),
              s.batches.toSeq
            )
          )
        )
      }
    }

  private def figures(paths: mutable.LinkedHashMap[List[String], LatencyAccumulator]): Seq[StepRequest] =
    paths.toSeq.map { case (path, a) => figuresOf(path, a) }

  private def figuresOf(path: List[String], a: LatencyAccumulator): StepRequest =
    StepRequest(path, a.count, a.koCount, a.percentileMs(99), a.percentileMs(95), a.percentileMs(90))
}
