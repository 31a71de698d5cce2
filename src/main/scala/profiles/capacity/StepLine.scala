package profiles.capacity

import profiles.Plan
import results.model.StepPace

/** The console's line for each judged step, so that a long search shows its progress:
  * `capacity raid: step 3 at 4x (200 new users/s): worst p99 3,420 ms > 3,000 ms (mint raid), KO 0.2 % of
  * 5,012: FAIL; next 3x`.
  */
object StepLine {
  def render(plan: SearchPlan, index: Int, multiple: Double, judgement: StepJudgement, next: NextStep): String = {
    val load = s"${Plan.rate(plan.reference.at(multiple))} ${plan.reference.unit.text}"
    val worst = judgement.worstPercentile.fold("no percentile limit") { check =>
      val sign = if (check.passed) "<=" else if (check.unresolved) "straddles" else ">"
      s"worst ${check.threshold.label} ${Plan.count(check.value.toLong)} ms${intervalText(check)} $sign " +
        s"${Plan.count(check.limit.toLong)} ms (${subjectText(check.path)})"
    }
    val ko = f"KO ${judgement.koPercent}%.1f %% of ${Plan.count(judgement.answers)}"
    val verdict =
      if (judgement.passed) results.model.Verdict.Pass.word
      else if (judgement.notResolved) NotResolved
      else results.model.Verdict.Fail.word
    val failed = judgement.failures.headOption.filterNot(judgement.worstPercentile.contains).fold("") { check =>
      val subject = subjectText(check.path)
      check.threshold match {
        case StepCheck.Percentile(rank) =>
          s" ($subject: p$rank ${Plan.count(check.value.toLong)} ms > ${Plan.count(check.limit.toLong)} ms)"
        case StepCheck.ErrorPercent => f" ($subject: KO ${check.value}%.1f %% > ${check.limit}%.1f %%)"
      }
    }
    val unjudged = if (judgement.unjudged.isEmpty) ""
    else judgement.unjudged.map { u =>
      s"${subjectText(u.path)} p${u.threshold.rank} (${Plan.count(u.answers)} of ${Plan.count(u.needed)} answers)"
    }.mkString(" (not judged on too few answers: ", ", ", ")")
    val unresolved = if (judgement.unresolved.isEmpty) ""
    else judgement.unresolved.map { c =>
      s"${subjectText(c.path)} ${c.threshold.label}${intervalText(c)} straddles ${Plan.count(c.limit.toLong)} ms"
    }.mkString(" (not resolved, its interval cannot tell it from its limit: ", ", ", ")")
    val saturated = judgement.saturated.fold("")(pace => s" (${saturation(pace)})")
    val lengthened = judgement.pace.fold("") { pace =>
      val seconds = Plan.count(pace.answers.windowMs / 1000)
      // Its percentiles on too few answers are not judged at all: the line lists them.
      if (judgement.answers < plan.minAnswers) s" (too few answers even in $seconds s: its pace is rough)"
      else if (pace.tooFewAnswers)
        s" (answers too scattered even in $seconds s to tell its pace to ${percent(StepPace.Floor)} %: to ${percent(pace.allowance / pace.multiple)} %)"
      else if (pace.answers.windowMs > plan.stepDuration.toMillis + 500)
        s" (window lengthened to $seconds s for enough answers)"
      else ""
    }
    val afterwards = next match {
      case NextStep.Hold(m)     => s"next ${multipleText(m)}"
      case NextStep.End(reason) => s"search ends (${reason.name})"
    }
    s"capacity ${plan.system}: step $index at ${multipleText(multiple)} ($load): $worst, $ko$lengthened: $verdict$failed$unresolved$unjudged$saturated; $afterwards"
  }

  /** A step not carried for want of evidence: no limit broke, but a percentile's interval straddles its own. */
  val NotResolved = "NOT RESOLVED"

  /** " (4,700-5,010)", a percentile's interval ("?" where too few answers bound it from above); "" without one. */
  private def intervalText(check: StepCheck): String =
    check.interval.fold("")(i =>
      s" (${Plan.count(i.lowerMs.toLong)}-${i.upperMs.fold("?")(u => Plan.count(u.toLong))})"
    )

  private def subjectText(path: List[String]): String = if (path.isEmpty) "all requests" else path.mkString(" / ")

  /** `saturated: 640 answers/s against 800 offered; in flight 2,100 -> 5,300`: what of the pace it failed. */
  def saturation(pace: results.model.StepPace): String = {
    val answers = Option.when(!pace.keptUpAnswers)(pace.offeredPerSecond).flatten.map(offered =>
      s"${Plan.count(math.round(pace.answers.perSecond))} answers/s against ${Plan.count(math.round(offered))} offered"
    )
    val inFlight = pace.usersInFlight.filterNot(_ => pace.keptUpInFlight).map(f =>
      s"in flight ${Plan.count(f.atStart)} -> ${Plan.count(f.atEnd)}"
    )
    "saturated: " + (answers.toSeq ++ inFlight).mkString("; ")
  }

  private def percent(share: Double): String = Plan.number(math.round(share * 1000) / 10.0)

  def multipleText(multiple: Double): String = s"${Plan.number(StepSequence.rounded(multiple))}x"
}
