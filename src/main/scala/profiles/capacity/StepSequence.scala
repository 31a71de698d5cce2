package profiles.capacity

import results.model.SearchEnd

/** What a search does after the steps judged so far. */
sealed trait NextStep

object NextStep {

  /** Hold this multiple of the reference load for the next step. */
  final case class Hold(multiple: Double) extends NextStep

  /** The search is over. */
  final case class End(end: SearchEnd) extends NextStep
}

/** One step's multiple and its verdict, as the sequencing sees it. */
final case class JudgedStep(multiple: Double, passed: Boolean)

/** The search's order of steps: doubling from 1x until a step fails or `maxMultiple` passes, then bisection
  * between the largest passing multiple below the first failure and that failure, on a grid of `resolution`
  * from the passing one, until the two are within the resolution.
  */
object StepSequence {

  def next(steps: Seq[JudgedStep], resolution: Double, maxMultiple: Double): NextStep = {
    val failures = steps.filterNot(_.passed).map(_.multiple)
    if (steps.isEmpty) NextStep.Hold(math.min(1.0, maxMultiple))
    else if (failures.isEmpty) {
      val passed = steps.map(_.multiple).max
      if (passed >= maxMultiple) NextStep.End(SearchEnd.MaxMultiple)
      else NextStep.Hold(math.min(passed * 2, maxMultiple))
    } else {
      val failing = failures.min
      steps.filter(s => s.passed && s.multiple < failing).map(_.multiple).maxOption match {
        case None                                                   => NextStep.End(SearchEnd.Resolved)
        case Some(passing) if failing - passing <= resolution + Eps => NextStep.End(SearchEnd.Resolved)
        case Some(passing)                                          =>
          // In resolutions, rounded first: 0.3 / 0.1 is 2.9999999999999996.
          val halfway = passing + math.rint(rounded((failing - passing) / resolution) / 2) * resolution
          NextStep.Hold(rounded(halfway.max(passing + resolution).min(failing - resolution)))
      }
    }
  }

  /** Multiples are said and compared to a millionth: 0.1 + 0.2 is 0.3. */
  def rounded(multiple: Double): Double = math.rint(multiple * 1e6) / 1e6

  private val Eps = 1e-9
}
