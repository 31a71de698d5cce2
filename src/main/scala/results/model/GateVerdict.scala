package results.model

/** One threshold checked against one run: a JUnit test case in junit.xml.
  *
  * @param subject  the request, group or "All Requests" the threshold is about
  * @param metric   what it measures, in which unit: a percentile, the error share, requests/s...
  * @param measured None when the subject never ran: the check fails, since a threshold on a path that
  *                 did not run says the run did not do what it was meant to (Gatling's assertion fails too)
  */
final case class GateCheck(
    subject: String,
    metric: Metric,
    measured: Option[Double],
    allowed: Double,
    atMost: Boolean
) {
  def neverRan: Boolean = measured.isEmpty
  def passed: Boolean = measured.exists(value => if (atMost) value <= allowed else value >= allowed)
  def name: String = s"$subject: ${metric.name}"
  def outcome: String = measured match {
    case None        => s"'$subject' never ran"
    case Some(value) =>
      val unit = metric.unit.suffix
      s"measured ${GateCheck.format(value)}$unit, allowed ${if (atMost) "at most" else "at least"} ${GateCheck.format(allowed)}$unit"
  }
}

object GateCheck {
  def format(value: Double): String = text.Formats.checkValue(value)
}

/** The gate's verdict for one run: it passes when the run completed its plan and no check failed.
  * Warnings never fail it.
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
  def failures: Seq[GateCheck] = checks.filterNot(_.passed)

  /** The verdict on its checks and problems alone. */
  def ownVerdict: Verdict =
    if (stoppedEarly.nonEmpty) Verdict.Fail
    else if (incomplete.nonEmpty) Verdict.Incomplete
    else if (invalid.nonEmpty) Verdict.Invalid
    else if (failures.isEmpty) Verdict.Pass
    else Verdict.Fail

  def verdict: Verdict = ofSystems.getOrElse(ownVerdict)
  def passed: Boolean = verdict == Verdict.Pass

  def label: String = verdict.word

  /** The verdict as the results step's exit status: PASS 0, FAIL 1, INCOMPLETE 4, INVALID 6. */
  def exitCode: Int = verdict.exitCode
}
