package live

import results.model.PercentileInterval
import results.render.{ RequestColumns, SitePages }

/** What the live view shows at one moment: every system's figures and would-be verdicts, the run's state.
  *
  * @param state        "running", "archiving" (the load has ended) or "ended"
  * @param verdict      the gate's verdict once the run is archived
  * @param runPage      the archived run.html, as a path under the live server (`/results/<run>/run.html`)
  * @param earlyStop    "off", what it watches, or why it stopped the run
  * @param injector     the injector's health so far, in one line, and what would make the run INVALID now
  * @param capacity     each system's capacity search so far, where one runs
  * @param confidencePercent the confidence of each p99's interval
  */
final case class LiveState(
    simulation: String,
    startedAtMs: Long,
    elapsedMs: Long,
    state: String,
    systems: Seq[SystemState],
    earlyStop: String,
    injector: Option[String],
    injectorProblems: Seq[String],
    verdict: Option[String] = None,
    runPage: Option[String] = None,
    capacity: Seq[CapacityProgress] = Nil,
    confidencePercent: Double = PercentileInterval.DefaultConfidencePercent
) {

  /** The page's data: plain values for the page's script (and anyone else reading /data.json). */
  def json: String = SitePages.json(
    SitePages.fields(
      "simulation" -> simulation,
      "state" -> state,
      "elapsedS" -> elapsedMs / 1000.0,
      "confidencePercent" -> confidencePercent,
      "verdict" -> verdict,
      "runPage" -> runPage,
      "earlyStop" -> earlyStop,
      "injector" -> injector,
      "injectorProblems" -> injectorProblems,
      "systems" -> systems.map(_.fields(startedAtMs)),
      "capacity" -> capacity.map(_.fields)
    )
  )
}

/** One system's figures with its thresholds' would-be verdicts; `plannedUsers` where the plan knows it. */
final case class SystemState(figures: SystemFigures, plannedUsers: Option[Long], checks: Seq[LiveCheck]) {
  def wouldPass: Boolean = checks.forall(_.passed)

  private[live] def fields(startedAtMs: Long): SitePages.Fields = {
    // p99Upper null where the sample is too small to bound the p99 from above; p99Text as run.html writes it
    def latency(l: Latency) = SitePages.fields(
      "count" -> l.count,
      "p50" -> l.p50Ms,
      "p95" -> l.p95Ms,
      "p99" -> l.p99Ms,
      "p99Lower" -> l.p99Interval.map(_.lowerMs),
      "p99Upper" -> l.p99Interval.flatMap(_.upperMs),
      "p99Text" -> RequestColumns.withInterval(l.p99Ms.toInt, l.p99Interval)
    )
    val points = figures.points
    SitePages.fields(
      "key" -> figures.key,
      "plannedUsers" -> plannedUsers,
      "usersStarted" -> figures.usersStarted,
      "usersActive" -> figures.usersActive,
      "ok" -> figures.ok,
      "ko" -> figures.ko,
      "requestsPerSecond" -> round(figures.requestsPerSecond),
      "interval" -> latency(figures.interval),
      "total" -> latency(figures.total),
      "errors" -> figures.errors.map { case (message, count) =>
        SitePages.fields("message" -> message, "count" -> count)
      },
      "checks" -> checks.map(c => SitePages.fields("text" -> c.describe, "pass" -> c.passed)),
      "wouldPass" -> wouldPass,
      "requests" -> figures.requests.map { r =>
        SitePages.fields(
          "name" -> r.path.mkString(" / "),
          "ok" -> r.ok,
          "ko" -> r.ko,
          "interval" -> latency(r.interval),
          "total" -> latency(r.total)
        )
      },
      "points" -> SitePages.fields(
        "t" -> points.map(p => round((p.epochMs - startedAtMs) / 1000.0)),
        "rps" -> points.map(p => round(p.requestsPerSecond)),
        "ko" -> points.map(p => round(p.koPerSecond)),
        "p50" -> points.map(_.latency.p50Ms),
        "p95" -> points.map(_.latency.p95Ms),
        "p99" -> points.map(_.latency.p99Ms),
        "active" -> points.map(_.active)
      )
    )
  }

  private def round(value: Double): Double = math.round(value * 10) / 10.0
}
