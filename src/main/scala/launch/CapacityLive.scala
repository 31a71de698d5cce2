package launch

import live.{ CapacityProgress, JudgedStep, StepPhase }
import profiles.capacity.{ CapacitySearch, SearchProgress }

/** A capacity search as the live page shows it: the search's own progress in the live view's terms. */
private[launch] object CapacityLive {
  def progress(search: CapacitySearch): CapacityProgress = {
    val now = search.now
    CapacityProgress(
      system = search.plan.system,
      referenceLoad = search.plan.reference.amount,
      loadUnit = search.plan.reference.unit.text,
      current = now.current.map { case (multiple, phase) => multiple -> phaseOf(phase) },
      steps = now.steps.map { case (multiple, judgement) =>
        JudgedStep(
          multiple,
          judgement.passed,
          judgement.worstP99.fold(0)(_.value.toInt),
          judgement.koPercent
        )
      },
      ended = search.ended.map(_.name)
    )
  }

  private def phaseOf(phase: SearchProgress.Phase): StepPhase = phase match {
    case SearchProgress.Settling => StepPhase.Settling
    case SearchProgress.Judging  => StepPhase.Judging
    case SearchProgress.Draining => StepPhase.Draining
  }
}
