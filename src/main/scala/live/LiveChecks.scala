package live

import results.gate.{ Limits, Thresholds }
import results.model.{ GateCheck, Metric, Verdict }

/** One threshold of a system's block against its live figures, worded for the page. */
final case class LiveCheck(check: GateCheck) {
  def passed: Boolean = check.passed

  /** "toy - look up: p99 3,120 ms, limit 3,000 ms: would FAIL" */
  def describe: String = {
    val unit = check.metric.unit
    val measured = check.measured.fold("nothing answered yet")(unit.live)
    val limit = s"${if (check.atMost) "limit" else "at least"} ${unit.live(check.allowed)}"
    s"${check.subject}: ${check.metric.name} $measured, $limit: would ${(if (passed) Verdict.Pass else Verdict.Fail).word}"
  }
}

/** The thresholds of a system's block (the same [[results.gate.Thresholds]] the gate judges, as the run loaded them)
  * against what the run has answered so far: each percentile over every answer since the start, the error
  * share and requests/s since the start. The degradation check is judged at the end only (it compares the
  * steady window's first and last quarters), and a group's limits too (the live figures are per request).
  */
object LiveChecks {
  def of(thresholds: Thresholds, figures: SystemFigures, elapsedMs: Long): Seq[LiveCheck] = {
    val global = checks(figures.key, Some(figures.total), figures.ok, figures.ko, thresholds.global, elapsedMs)
    val paths = thresholds.paths.flatMap { case (path, limits) =>
      val request = figures.requests.find(_.path == path)
      checks(
        path.mkString(Thresholds.PathSeparator),
        request.map(_.total).filter(_.count > 0),
        request.fold(0L)(_.ok),
        request.fold(0L)(_.ko),
        limits,
        elapsedMs
      )
    }
    (global ++ paths).map(LiveCheck)
  }

  private def checks(
      subject: String,
      latency: Option[Latency],
      ok: Long,
      ko: Long,
      limits: Limits,
      elapsedMs: Long
  ): Seq[GateCheck] = {
    val answered = Option.when(ok + ko > 0)(ok + ko)
    limits.percentilesMs.map { case (rank, allowed) =>
      GateCheck(
        subject,
        Metric.Percentile(rank),
        latency.filter(_.count > 0).map(_.percentileMs(rank).toDouble),
        allowed.toDouble,
        atMost = true
      )
    } ++
      limits.maxErrorPercent.map(allowed =>
        GateCheck(subject, Metric.ErrorShare, answered.map(ko * 100.0 / _), allowed, atMost = true)
      ) ++
      limits.minRequestsPerSecond.map(allowed =>
        GateCheck(
          subject,
          Metric.RequestRate,
          answered.map(_ * 1000.0 / math.max(1L, elapsedMs)),
          allowed,
          atMost = false
        )
      )
  }
}
