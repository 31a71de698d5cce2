package live

import results.render.SitePages

/** Where a capacity search's current step is: settling at its multiple, holding its judged window, or
  * draining (admitting nobody) after a failing step.
  */
sealed abstract class StepPhase(val name: String)

object StepPhase {
  case object Settling extends StepPhase("settling")
  case object Judging extends StepPhase("judging")
  case object Draining extends StepPhase("draining")
}

/** A step the search has judged, on its live figures. */
final case class JudgedStep(multiple: Double, passed: Boolean, p99Ms: Int, koPercent: Double)

/** A capacity search as it goes, as the search hands it to the live view (see [[LiveView.followCapacity]]):
  * the one thing the live view knows of it. The search's own verdicts are live ones; the results step judges
  * every step again from simulation.log.
  *
  * @param current the step under way and its phase, None before the first and after the last
  * @param steps   the steps judged so far, in the order the search ran them
  * @param ended   why the search ended (a results.model.SearchEnd's name), None while it goes on
  */
final case class CapacityProgress(
    system: String,
    referenceLoad: Double,
    loadUnit: String,
    current: Option[(Double, StepPhase)],
    steps: Seq[JudgedStep],
    ended: Option[String]
) {

  /** The largest passing multiple below the lowest failing one, so far. */
  def headroomSoFar: Option[Double] = {
    val below = steps.filterNot(_.passed).map(_.multiple).minOption.fold(steps)(f => steps.filter(_.multiple < f))
    below.filter(_.passed).map(_.multiple).maxOption
  }

  private[live] def fields: SitePages.Fields =
    SitePages.fields(
      "system" -> system,
      "referenceLoad" -> referenceLoad,
      "loadUnit" -> loadUnit,
      "current" -> current.map { case (multiple, phase) =>
        SitePages.fields("multiple" -> multiple, "phase" -> phase.name)
      },
      "steps" -> steps.map(s =>
        SitePages.fields("multiple" -> s.multiple, "passed" -> s.passed, "p99" -> s.p99Ms, "koPercent" -> s.koPercent)
      ),
      "headroomSoFar" -> headroomSoFar,
      "ended" -> ended
    )
}
