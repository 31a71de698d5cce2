package results.model

/** Answers completed over a judged window, and how many ended in each of its [[Throughput.Batches]] equal
  * parts (empty where not counted: a summary written before they were): their spread measures the rate's
  * noise whatever the load's pattern (evenly paced arrivals, random ones, closed users' cycles).
  */
final case class Throughput(answers: Long, windowMs: Long, batches: Seq[Long] = Nil) {
  def perSecond: Double = if (windowMs <= 0) 0.0 else answers * 1000.0 / windowMs

  /** The standard error of `perSecond`: from its batches' spread (the batch-means estimate) where it has them,
    * else a count's (its square root), which overstates an evenly paced load's.
    */
  def standardError: Double =
    if (windowMs <= 0) Double.PositiveInfinity
    else if (batches.size >= 2) {
      val rates = batches.map(_ * batches.size * 1000.0 / windowMs)
      val mean = rates.sum / rates.size
      math.sqrt(rates.map(r => (r - mean) * (r - mean)).sum / (rates.size - 1) / rates.size)
    } else math.sqrt(answers.toDouble) * 1000.0 / windowMs
}

object Throughput {

  /** The equal parts a window's answers are counted in: enough for their spread to measure the noise. */
  val Batches = 10

  /** The part of a window from `fromMs`, `windowMs` long, an answer that ended at `endMs` counts in. */
  def batchOf(endMs: Long, fromMs: Long, windowMs: Long): Int =
    if (windowMs <= 0) 0 else math.max(0, math.min(Batches - 1, ((endMs - fromMs) * Batches / windowMs).toInt))
}

/** The work in flight (an open reference's users admitted and not yet ended) at a window's start and end. */
final case class InFlight(atStart: Long, atEnd: Long) {
  def growth: Long = atEnd - atStart
}

/** Whether a step's system kept up with the load the step offered: a step can meet every latency limit while
  * its queue grows, so that a longer window would have broken them. Judged the same way live (on the search's
  * own counts) and afterwards (on simulation.log), so that the two agree where their figures do.
  *
  *   - **Answers against the offer**: what the step offered is its multiple (a closed reference's: the users it
  *     held, over 1x's) of the answers/s the search's 1x step got (open references: the arrivals scale exactly;
  *     closed ones: the users' demand at 1x's pace). The step carried `answers/s / 1x's answers/s`; it kept up
  *     when that is at least its multiple less its accuracy: [[StepPace.Floor]] of the multiple, or three
  *     standard errors of the carried multiple if larger. A system capped 1 % below a step fails it.
  *   - **The 1x step against the plan** (closed references whose plan expects a throughput: a journeyDuration
  *     and requestsPerJourney): 1x carried its answers/s over the plan's, at least 1 less half the resolution
  *     (the plan's figure leaves out the system's response times), so that a system that cannot carry its
  *     reference says so.
  *   - **In flight** (open references only; a closed one caps its users): by Little's law a system that keeps
  *     up holds its users in flight level, one that does not queues the excess; the step fails when they grew
  *     through the window by more than three times the noise of such a count (`3 sqrt(2 n)`).
  *
  * @param multiple the multiple the step held (a closed reference's: its users over 1x's, as admitted)
  * @param oneX     the search's 1x step's answers (None for that step itself, which sets the offer)
  * @param expected the answers/s the plan expects at 1x, for the 1x step of a closed reference (None otherwise)
  */
final case class StepPace(
    multiple: Double,
    resolution: Double,
    answers: Throughput,
    oneX: Option[Throughput],
    usersInFlight: Option[InFlight],
    expected: Option[Double] = None
) {

  /** The answers/s this step offered: its multiple of what 1x answered, or for 1x what the plan expects. */
  def offeredPerSecond: Option[Double] = oneX.map(_.perSecond * multiple).orElse(expected)

  /** The multiple of the reference load the step's answers amount to. */
  def carried: Option[Double] =
    oneX.filter(_.perSecond > 0).map(answers.perSecond / _.perSecond)
      .orElse(expected.filter(_ > 0).map(answers.perSecond / _))

  /** How far below its multiple a step may carry and still count as keeping up: the accuracy of its carried
    * multiple (0 where it has none to compare).
    */
  def allowance: Double = (oneX, expected) match {
    case (Some(one), _) if one.perSecond > 0 =>
      val carriedNow = answers.perSecond / one.perSecond
      val error = math.sqrt(
        math.pow(answers.standardError / one.perSecond, 2) + math.pow(carriedNow * one.standardError / one.perSecond, 2)
      )
      math.max(StepPace.Floor * multiple, StepPace.StandardErrors * error)
    case (_, Some(plan)) if plan > 0 =>
      math.max(resolution / 2, StepPace.StandardErrors * answers.standardError / plan)
    case (Some(_), _) => Double.PositiveInfinity
    case _            => 0.0
  }

  /** The least a step must carry to keep up, when there is a 1x step (or the plan) to scale from. */
  def minCarried: Option[Double] = carried.map(_ => multiple - allowance)

  def keptUpAnswers: Boolean = carried.forall(_ >= multiple - allowance)

  /** The most the users in flight may grow through the window and still count as level. */
  def maxGrowth: Option[Long] = usersInFlight.map(f => math.ceil(3 * math.sqrt(2.0 * math.max(f.atStart, 1L))).toLong)

  def keptUpInFlight: Boolean = usersInFlight.forall(f => f.growth <= maxGrowth.getOrElse(0L))

  def keptUp: Boolean = keptUpAnswers && keptUpInFlight

  /** The answers are too noisy to tell a shortfall of [[StepPace.Floor]] of the multiple: the step's accuracy is
    * its allowance, wider than that.
    */
  def tooFewAnswers: Boolean = oneX.nonEmpty && allowance > StepPace.Floor * multiple + 1e-12
}

object StepPace {

  /** The finest shortfall a step is judged to, as a share of its multiple: a system capped 1 % below a step fails
    * it; one that keeps up (its answers at its multiple, give or take its noise) passes.
    */
  val Floor = 0.005

  /** How many standard errors of its carried multiple a step may fall short by and still count as keeping up. */
  val StandardErrors = 3.0

  /** The multiple a step held: a closed reference's users are admitted in whole places, round(multiple x
    * users), at least one (see profiles.capacity.Admission).
    */
  def held(multiple: Double, referenceUsers: Option[Long]): Double = referenceUsers.fold(multiple) { users =>
    if (multiple <= 0 || users <= 0) multiple else math.max(1L, math.round(multiple * users)).toDouble / users
  }
}
