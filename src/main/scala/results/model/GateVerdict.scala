package results.model

/** One threshold checked against one run: a JUnit test case in junit.xml.
  *
  * @param subject  the request, group or "All Requests" the threshold is about
  * @param metric   what it measures, in which unit: a percentile, the error share, requests/s...
  * @param measured None when the subject never ran: the check fails, since a threshold on a path that
  *                 did not run says the run did not do what it was meant to (Gatling's assertion fails too)
  * @param interval a percentile's confidence interval (docs/gate.md), judged by `rule`
  * @param moreSamples for an inconclusive check, about how many more samples of the same spread would decide it
  * @param allowedRange a limit that is itself an estimate (a baseline's percentile): what an interval must lie
  *                     within to pass and wholly beyond to fail; `allowed` is its point figure
  */
final case class GateCheck(
    subject: String,
    metric: Metric,
    measured: Option[Double],
    allowed: Double,
    atMost: Boolean,
    interval: Option[PercentileInterval] = None,
    rule: CheckRule = CheckRule.Point,
    moreSamples: Option[Long] = None,
    allowedRange: Option[AllowedRange] = None
) {
  require(interval.isEmpty || atMost, "an interval judges a percentile's upper limit only")

  def neverRan: Boolean = measured.isEmpty

  /** Passed, failed, inconclusive or not judged, by its [[rule]]: the figure alone, or its interval. */
  def result: CheckResult = measured match {
    case None        => CheckResult.Failed
    case Some(value) =>
      interval.filter(_ => rule != CheckRule.Point) match {
        case None =>
          if (if (atMost) value <= allowed else value >= allowed) CheckResult.Passed else CheckResult.Failed
        case Some(i) =>
          val (passesAtMost, failsAbove) = allowedRange.fold((allowed, Option(allowed)))(r => (r.lowest, r.highest))
          if (failsAbove.exists(i.beyond)) CheckResult.Failed
          else if (rule == CheckRule.WhollyBeyond) CheckResult.NotJudged
          else if (i.within(passesAtMost)) CheckResult.Passed
          else CheckResult.Inconclusive
      }
  }

  def passed: Boolean = result == CheckResult.Passed
  def failed: Boolean = result == CheckResult.Failed
  def inconclusive: Boolean = result == CheckResult.Inconclusive
  def name: String = s"$subject: ${metric.name}"
  def outcome: String = measured match {
    case None        => s"'$subject' never ran"
    case Some(value) =>
      val unit = metric.unit.suffix
      // "?": too few samples to bound it from above
      val range = interval.fold("")(i => s" (interval ${i.lowerMs}-${i.upperMs.fold("?")(_.toString)}$unit)")
      val estimated = allowedRange.fold("")(r =>
        s" (${GateCheck.format(r.lowest)}-${r.highest.fold("?")(GateCheck.format)}$unit from the baseline's interval)"
      )
      val more =
        moreSamples.fold("")(n => s"; about ${text.Formats.live(n.toDouble, 0, "")} more samples would decide it")
      val judged = result match {
        case CheckResult.Inconclusive if allowedRange.isDefined =>
          "; not resolved: the two runs' intervals cannot tell a rise beyond the policy from noise"
        case CheckResult.Inconclusive => s"; inconclusive: its interval straddles the limit$more"
        case CheckResult.NotJudged    => "; not judged (a smoke run fails only an interval wholly beyond its limit)"
        case _                        => ""
      }
      s"measured ${GateCheck.format(value)}$unit$range, allowed ${if (atMost) "at most" else "at least"} ${GateCheck.format(allowed)}$unit$estimated$judged"
  }
}

object GateCheck {
  def format(value: Double): String = text.Formats.checkValue(value)
}

/** How a check judges its figure. */
sealed abstract class CheckRule(val word: String)

object CheckRule {

  /** The figure alone: a percentile as one number (`results.intervals.gate = false`), and every other figure. */
  case object Point extends CheckRule("point")

  /** A percentile by its interval: within its limit passes, wholly beyond fails, else inconclusive. */
  case object Interval extends CheckRule("interval")

  /** A smoke run's percentile: wholly beyond its limit fails, anything else is not judged. */
  case object WhollyBeyond extends CheckRule("whollyBeyond")

  val All: Seq[CheckRule] = Seq(Point, Interval, WhollyBeyond)
}

/** What a check found. */
sealed abstract class CheckResult(val word: String)

object CheckResult {
  case object Passed extends CheckResult("passed")
  case object Failed extends CheckResult("failed")

  /** Its interval straddles its limit: the samples cannot tell. */
  case object Inconclusive extends CheckResult("inconclusive")

  /** A smoke run's percentile whose interval does not lie wholly beyond its limit. */
  case object NotJudged extends CheckResult("not judged")
}

/** The gate's verdict for one run: it passes when the run completed its plan and every check passed; with no
  * check failed but one inconclusive it is INCONCLUSIVE. Warnings never fail it.
  *
  * @param incomplete why the run did not complete its plan (see [[Completion]]); any reason makes the
  *                   verdict INCOMPLETE, whatever the checks say
  * @param invalid    why the injector itself was the bottleneck ([[InjectorHealthRecord]]); any reason
  *                   makes a complete run's verdict INVALID: its latencies are the injector's, not the target's
  * @param stoppedEarly why an early-stop limit stopped the run ([[EarlyStopRecord]]): the verdict is FAIL,
  *                   before INCOMPLETE and INVALID, since the stop itself left the plan unfinished and it
  *                   was the target's answers that broke the limit
  * @param capacity   each searched system's capacity search, judged by the same thresholds
  * @param ofSystems  the run's verdict derived from its systems' (results.gate.SystemVerdicts.judged): the worst
  *                   of theirs and of the run's own checks and problems, those of no system; None for a run
  *                   without systems, judged on all its checks and problems
  */
final case class GateVerdict(
    checks: Seq[GateCheck],
    warnings: Seq[String],
    baselineRun: Option[String],
    incomplete: Seq[Problem],
    invalid: Seq[Problem],
    stoppedEarly: Seq[Problem] = Nil,
    capacity: Seq[results.model.CapacityResult] = Nil,
    ofSystems: Option[Verdict] = None
) {
  def failures: Seq[GateCheck] = checks.filter(_.failed)
  def inconclusive: Seq[GateCheck] = checks.filter(_.inconclusive)

  /** The verdict on its checks and problems alone. */
  def ownVerdict: Verdict =
    if (stoppedEarly.nonEmpty) Verdict.Fail
    else if (incomplete.nonEmpty) Verdict.Incomplete
    else if (invalid.nonEmpty) Verdict.Invalid
    else if (failures.nonEmpty) Verdict.Fail
    else if (inconclusive.nonEmpty) Verdict.Inconclusive
    else Verdict.Pass

  def verdict: Verdict = ofSystems.getOrElse(ownVerdict)
  def passed: Boolean = verdict == Verdict.Pass

  def label: String = verdict.word

  /** The verdict as the results step's exit status: PASS 0, FAIL 1, INCOMPLETE 4, INVALID 6, INCONCLUSIVE 8. */
  def exitCode: Int = verdict.exitCode
}
