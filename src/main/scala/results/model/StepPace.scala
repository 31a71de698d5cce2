package results.model

/** Answers completed over a judged window. */
final case class Throughput(answers: Long, windowMs: Long) {
  def perSecond: Double = if (windowMs <= 0) 0.0 else answers * 1000.0 / windowMs
}

/** The work in flight (an open reference's users admitted and not yet ended) at a window's start and end. */
final case class InFlight(atStart: Long, atEnd: Long) {
  def growth: Long = atEnd - atStart
}

/** Whether a step's system kept up with the load the step offered: a step can meet every latency limit while
  * its queue grows, so that a longer window would have broken them. Judged the same way live (on the search's
  * own counts) and afterwards (on simulation.log), so that the two agree where their figures do.
  *
  *   - **Answers against the offer**: what the step offered is its multiple of the answers/s the search's 1x
  *     step got (open references: the arrivals scale exactly; closed ones: the users' demand at 1x's pace).
  *     The step carried `answers/s / 1x's answers/s`; it kept up when that is at least its multiple less an
  *     allowance: half the resolution, or twice the counting noise of the two windows' answers if larger.
  *   - **In flight** (open references only; a closed one caps its users): by Little's law a system that keeps
  *     up holds its users in flight level, one that does not queues the excess; the step fails when they grew
  *     through the window by more than three times the noise of such a count (`3 sqrt(2 n)`).
  *
  * @param oneX the search's 1x step's answers (None for that step itself, which sets the offer)
  */
final case class StepPace(
    multiple: Double,
    resolution: Double,
    answers: Throughput,
    oneX: Option[Throughput],
    usersInFlight: Option[InFlight]
) {

  /** The answers/s this step offered: its multiple of what 1x answered. */
  def offeredPerSecond: Option[Double] = oneX.map(_.perSecond * multiple)

  /** The multiple of the reference load the step's answers amount to. */
  def carried: Option[Double] = oneX.filter(_.perSecond > 0).map(answers.perSecond / _.perSecond)

  /** How far below its multiple a step may carry and still count as keeping up. */
  def allowance: Double =
    math.max(resolution / 2, oneX.fold(0.0)(one => StepPace.noise(multiple, answers.answers, one.answers)))

  /** The least a step must carry to keep up, when there is a 1x step to scale from. */
  def minCarried: Option[Double] = carried.map(_ => multiple - allowance)

  def keptUpAnswers: Boolean = carried.forall(_ >= multiple - allowance)

  /** The most the users in flight may grow through the window and still count as level. */
  def maxGrowth: Option[Long] = usersInFlight.map(f => math.ceil(3 * math.sqrt(2.0 * math.max(f.atStart, 1L))).toLong)

  def keptUpInFlight: Boolean = usersInFlight.forall(f => f.growth <= maxGrowth.getOrElse(0L))

  def keptUp: Boolean = keptUpAnswers && keptUpInFlight

  /** The answers are too few to tell this step's multiple from its neighbours on the resolution's grid. */
  def tooFewAnswers: Boolean = allowance > resolution / 2
}

object StepPace {

  /** Twice the counting noise of a step's carried multiple: its answers and 1x's are each counts whose
    * standard deviation is about their square root.
    */
  def noise(multiple: Double, answers: Long, oneXAnswers: Long): Double =
    if (answers <= 0 || oneXAnswers <= 0) Double.PositiveInfinity
    else 2 * multiple * math.sqrt(1.0 / answers + 1.0 / oneXAnswers)

  /** Whether `answers` at `multiple` (and 1x's, the same count for the 1x step itself) can tell the step from
    * its neighbours half a resolution away.
    */
  def enough(multiple: Double, resolution: Double, answers: Long, oneXAnswers: Long): Boolean =
    noise(multiple, answers, oneXAnswers) <= resolution / 2
}
