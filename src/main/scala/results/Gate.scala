package results

import suite.InputError

/** Checks a run's summary against its thresholds and, optionally, a baseline run. */
object Gate {

  def evaluate(summary: RunSummary, thresholds: Thresholds, baseline: Option[RunSummary]): GateVerdict = {
    val thresholdChecks = checks(Entry.GlobalName, Some(summary.global), thresholds.global) ++
      thresholds.paths.flatMap { case (path, limits) => checks(Entry.name(path), summary.entry(path), limits) }
    val baselineChecks = baseline.toSeq.flatMap(regressionChecks(summary, _, thresholds.baseline))
    GateVerdict(
      thresholdChecks ++ duplicateLocksCheck(summary) ++ baselineChecks,
      thresholds.warnings,
      baseline.map(_.run.runId),
      summary.completion.problems,
      summary.injector.toSeq.flatMap(_.saturation) ++ InjectorSideErrors.reasons(summary.errors),
      summary.earlyStop.map(_.describe).toSeq
    )
  }

  /** A run that recorded claims fails when any resource went to two users, whatever its latencies. */
  private def duplicateLocksCheck(summary: RunSummary): Option[GateCheck] =
    summary.duplicateLocks.map(d =>
      GateCheck(Gate.DuplicateLocksSubject, "count", Some(d.count.toDouble), 0, atMost = true, "")
    )

  val DuplicateLocksSubject = "Duplicate locks"

  private def checks(subject: String, entry: Option[Entry], limits: Limits): Seq[GateCheck] = {
    val figures = entry.map(_.figures)
    limits.percentilesMs.map { case (rank, allowed) =>
      GateCheck(
        subject,
        s"p${rank.toInt}",
        figures.map(_.percentilesMs(rank).toDouble),
        allowed.toDouble,
        atMost = true,
        " ms"
      )
    } ++
      limits.maxErrorPercent.map(allowed =>
        GateCheck(subject, "error %", figures.map(_.koPercent), allowed, atMost = true, " %")
      ) ++
      limits.minRequestsPerSecond.map(allowed =>
        GateCheck(subject, "requests/s", figures.map(_.requestsPerSecond), allowed, atMost = false, " /s")
      )
  }

  /** One check per request both runs made: its p99 may not exceed the baseline's by more than the policy allows. */
  def regressionChecks(current: RunSummary, baseline: RunSummary, policy: BaselinePolicy): Seq[GateCheck] = {
    requireComparable(current, baseline)
    current.requests.flatMap { request =>
      baseline.requests.find(_.path == request.path).map { before =>
        GateCheck(
          request.name,
          "p99 vs baseline",
          Some(request.figures.p99Ms.toDouble),
          policy.allowedP99(before.figures.p99Ms),
          atMost = true,
          " ms"
        )
      }
    }
  }

  def requireComparable(current: RunSummary, baseline: RunSummary): Unit =
    if (current.run.simulation != baseline.run.simulation) {
      throw new InputError(
        s"baseline ${baseline.run.runId} is a run of ${baseline.run.simulation}, not of ${current.run.simulation}: choose a run of the same simulation"
      )
    }
}
