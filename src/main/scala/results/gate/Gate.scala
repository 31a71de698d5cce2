package results.gate

import results.model.{
  AllowedRange,
  CheckRule,
  Entry,
  Figures,
  GateCheck,
  GateVerdict,
  Metric,
  Problem,
  ProblemKind,
  RunSummary,
  SteadyState
}
import results.summarize.{ InjectorSideErrors, LatencyAccumulator, OrderStatistics }

import config.InputError

/** Checks a run's summary against its thresholds and, optionally, a baseline run. */
object Gate {

  /** @param pointEstimates judge each percentile as one number (`results.intervals.gate = false`), not by its interval */
  def evaluate(
      summary: RunSummary,
      thresholds: Thresholds,
      baseline: Option[RunSummary],
      pointEstimates: Boolean = false
  ): GateVerdict = {
    val rule = percentileRule(summary, pointEstimates)
    val confidence = summary.settings.confidencePercent
    // A run of several systems is held system by system to each one's global limits, over its own
    // requests and its own steady window: the union of systems that ran at other times is no subject.
    // A searched system's whole-run figures span steps meant to fail: its capacity search is judged instead.
    val searched = CapacityGate.searched(summary) _
    val wholes =
      if (summary.systems.size > 1)
        summary.systems.filterNot(s => CapacityGate.searchedSystem(summary)(s.key)).map(s =>
          (s.subject, s.global, s.steady, thresholds.systemGlobals.getOrElse(s.key, thresholds.global))
        )
      else Seq((Entry.GlobalName, summary.global, summary.steady, thresholds.global)).filterNot(_ => searched(Nil))
    val thresholdChecks = wholes.flatMap { case (subject, global, _, limits) =>
      checks(subject, Some(global), limits, rule, confidence)
    } ++
      thresholds.paths.filterNot(p => searched(p._1)).flatMap { case (path, limits) =>
        checks(Entry.name(path), summary.entry(path), limits, rule, confidence)
      }
    val baselineChecks =
      baseline.toSeq.flatMap(regressionChecks(summary, _, thresholds.baseline, rule)).filterNot(c =>
        summary.requests.exists(r => r.name == c.subject && searched(r.path))
      )
    val capacity = CapacityGate.results(summary, thresholds)
    val degradations = wholes.flatMap { case (subject, _, steady, limits) =>
      limits.maxDegradationPercent.map(degradationCheck(steady, _, thresholds.baseline.ignoreBelowMs, subject))
    }
    val (degradationChecks, degradationWarnings) = (degradations.flatMap(_._1), degradations.flatMap(_._2))
    GateVerdict(
      thresholdChecks ++ duplicateLocksCheck(summary) ++ baselineChecks ++ degradationChecks ++
        CapacityGate.checks(capacity, thresholds),
      thresholds.warnings ++ degradationWarnings ++ CapacityGate.warnings(capacity),
      baseline.map(_.run.runId),
      summary.completion.problems ++ CapacityGate.incomplete(capacity),
      CapacityGate.runInjectorSaturation(summary).map(Problem.ofRun(ProblemKind.InjectorSaturated, _)) ++
        InjectorSideErrors.reasons(summary.errors).map(Problem.ofRun(ProblemKind.InjectorOutOfResources, _)) ++
        summary.sandboxExhaustion.map(Problem.ofRun(ProblemKind.SandboxExhausted, _)) ++
        summary.shardOverlap.filter(_.apart).map(o => Problem.ofRun(ProblemKind.ShardsApart, o.describe)) ++
        summary.shardOverlap.filter(_.uneven).map(o => Problem.ofRun(ProblemKind.ShardsUneven, o.describeUneven)) ++
        CapacityGate.invalid(capacity, thresholds),
      summary.earlyStop.map(e => Problem.ofRun(ProblemKind.StoppedEarly, e.describe)).toSeq,
      capacity
    )
  }

  /** A run that recorded claims fails when any resource went to two users, whatever its latencies. */
  private def duplicateLocksCheck(summary: RunSummary): Option[GateCheck] =
    summary.duplicateLocks.map(d =>
      GateCheck(Gate.DuplicateLocksSubject, Metric.DuplicateLockCount, Some(d.count.toDouble), 0, atMost = true)
    )

  val DuplicateLocksSubject = "Duplicate locks"

  /** The percentile rule of a run: its intervals' unless `pointEstimates`; a smoke run's fails only an interval
    * wholly beyond its limit, since its few samples prove its journeys work and little more.
    */
  def percentileRule(summary: RunSummary, pointEstimates: Boolean): CheckRule =
    if (pointEstimates) CheckRule.Point else if (summary.run.smoke) CheckRule.WhollyBeyond else CheckRule.Interval

  private def checks(
      subject: String,
      entry: Option[Entry],
      limits: Limits,
      rule: CheckRule,
      confidencePercent: Double
  ): Seq[GateCheck] = {
    val figures = entry.map(_.figures)
    limits.percentilesMs.map { case (rank, allowed) =>
      val check = GateCheck(
        subject,
        Metric.Percentile(rank),
        figures.map(_.percentilesMs(rank).toDouble),
        allowed.toDouble,
        atMost = true,
        figures.flatMap(_.intervalsMs.get(rank)),
        rule
      )
      check.copy(moreSamples = entry.filter(_ => check.inconclusive).flatMap { e =>
        val histogram = LatencyAccumulator.decode(e.mergeable.histogram)
        OrderStatistics.samplesToDecide(histogram, rank, allowed, confidencePercent).map(_ - e.figures.count)
      })
    } ++
      limits.maxErrorPercent.map(allowed =>
        GateCheck(subject, Metric.ErrorShare, figures.map(_.koPercent), allowed, atMost = true)
      ) ++
      limits.minRequestsPerSecond.map(allowed =>
        GateCheck(subject, Metric.RequestRate, figures.map(_.requestsPerSecond), allowed, atMost = false)
      )
  }

  /** The last quarter's p95 of the steady window may exceed the first quarter's by `maxPercent` at most (rises
    * under `ignoreBelowMs` are noise); a window too short or too thin to judge is a warning, not a pass or a fail.
    */
  def degradationCheck(
      steady: SteadyState,
      maxPercent: Double,
      ignoreBelowMs: Int,
      subject: String = Entry.GlobalName
  ): (Seq[GateCheck], Seq[String]) =
    steady.degradation match {
      case Some(d) if d.judged =>
        val allowed = math.max(d.first.p95Ms * (1 + maxPercent / 100), (d.first.p95Ms + ignoreBelowMs).toDouble)
        (
          Seq(GateCheck(subject, Metric.SteadyDegradation, Some(d.last.p95Ms.toDouble), allowed, atMost = true)),
          Nil
        )
      case Some(d) =>
        (
          Nil,
          Seq(
            s"${label(subject)}degradation not judged: the steady window's first and last quarters hold ${d.first.requests} and ${d.last.requests} requests (at least ${d.minSamples} each needed)"
          )
        )
      case scala.None =>
        (Nil, Seq(s"${label(subject)}degradation not judged: no requests in the steady window's first or last quarter"))
    }

  private def label(subject: String) = if (subject == Entry.GlobalName) "" else s"$subject: "

  /** One check per request both runs made: its p99 may not exceed the baseline's by more than the policy allows. */
  def regressionChecks(
      current: RunSummary,
      baseline: RunSummary,
      policy: BaselinePolicy,
      rule: CheckRule
  ): Seq[GateCheck] = {
    requireComparable(current, baseline)
    current.requests.flatMap { request =>
      baseline.requests.find(_.path == request.path).map { before =>
        regressionCheck(request.name, before.figures, request.figures, policy, rule)
      }
    }
  }

  /** A p99 against its baseline's: by the intervals (unless `rule` is [[CheckRule.Point]]), beyond the policy
    * only when the current interval lies wholly above the policy applied to the baseline's upper bound, within it
    * only when at or below the policy applied to the baseline's lower bound; otherwise not resolved.
    */
  def regressionCheck(
      subject: String,
      before: Figures,
      after: Figures,
      policy: BaselinePolicy,
      rule: CheckRule
  ): GateCheck = {
    val range =
      before.intervalsMs.get(99).map(i => AllowedRange(policy.allowedP99(i.lowerMs), i.upperMs.map(policy.allowedP99)))
    GateCheck(
      subject,
      Metric.P99VsBaseline,
      Some(after.p99Ms.toDouble),
      policy.allowedP99(before.p99Ms),
      atMost = true,
      after.intervalsMs.get(99).filter(_ => range.isDefined),
      rule,
      allowedRange = range.filter(_ => after.intervalsMs.contains(99))
    )
  }

  def requireComparable(current: RunSummary, baseline: RunSummary): Unit =
    if (current.run.simulation != baseline.run.simulation) {
      throw new InputError(
        s"baseline ${baseline.run.runId} is a run of ${baseline.run.simulation}, not of ${current.run.simulation}: choose a run of the same simulation"
      )
    }
}
