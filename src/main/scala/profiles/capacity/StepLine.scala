package profiles.capacity

import profiles.Plan

/** The console's line for each judged step, so that a long search shows its progress:
  * `capacity raid: step 3 at 4x (200 new users/s): worst p99 3,420 ms > 3,000 ms (mint raid), KO 0.2 % of
  * 5,012: FAIL; next 3x`.
  */
object StepLine {
  def render(plan: SearchPlan, index: Int, multiple: Double, judgement: StepJudgement, next: NextStep): String = {
    val load = s"${Plan.rate(plan.reference.at(multiple))} ${plan.reference.unit}"
    val p99 = judgement.worstP99.fold("no p99 limit") { check =>
      val sign = if (check.passed) "<=" else ">"
      s"worst p99 ${Plan.count(check.value.toLong)} ms $sign ${Plan.count(check.limit.toLong)} ms (${check.path.mkString(" / ")})"
    }
    val ko = f"KO ${judgement.koPercent}%.1f %% of ${Plan.count(judgement.answers)}"
    val verdict = (if (judgement.passed) results.model.Verdict.Pass else results.model.Verdict.Fail).word
    val failed = judgement.failures.headOption.filterNot(_.threshold == StepCheck.P99).fold("") { check =>
      val subject = if (check.path.isEmpty) "all requests" else check.path.mkString(" / ")
      f" (${subject}: KO ${check.value}%.1f %% > ${check.limit}%.1f %%)"
    }
    val afterwards = next match {
      case NextStep.Hold(m)     => s"next ${multipleText(m)}"
      case NextStep.End(reason) => s"search ends (${reason.name})"
    }
    s"capacity ${plan.system}: step $index at ${multipleText(multiple)} ($load): $p99, $ko: $verdict$failed; $afterwards"
  }

  def multipleText(multiple: Double): String = s"${Plan.number(StepSequence.rounded(multiple))}x"
}
