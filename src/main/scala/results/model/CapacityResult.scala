package results.model

/** Which side limited a search: its first failing step's time was added by the system under test, by the
  * sandbox (its added time, or its CPU saturated), or the injector itself was the bottleneck, or the machine was busy with other work as the
  * step ran (then the search gives no capacity figure).
  */
sealed abstract class Side(val name: String)

object Side {
  case object System extends Side("system")
  case object Sandbox extends Side("sandbox")
  case object Injector extends Side("injector")
  case object Machine extends Side("machine")

  val All: Seq[Side] = Seq(System, Sandbox, Injector, Machine)

  /** The sides that leave the search no capacity figure: what it measured was not the system's. */
  val Unmeasured: Set[Side] = Set(Injector, Machine)

  def named(name: String): Option[Side] = All.find(_.name == name)
}

/** A percentile limit a step could not judge: its subject had fewer answers of its own in the window than the
  * search's `minAnswers`. Neither passed nor failed.
  */
final case class UnjudgedPercentile(subject: String, metric: Metric.Percentile, answers: Long, needed: Long)

/** One step judged on its window alone: every threshold checked there, those it broke, and the percentiles it
  * had too few answers to judge.
  */
final case class StepVerdict(figures: StepFigures, checks: Seq[GateCheck], unjudged: Seq[UnjudgedPercentile] = Nil) {
  def multiple: Double = figures.multiple
  def failures: Seq[GateCheck] = checks.filterNot(_.passed)
  def passed: Boolean = failures.isEmpty
  def label: String = if (passed) StepVerdict.Pass else StepVerdict.Fail

  /** The threshold it broke by the most, relative to its limit (an at-least limit by how far it fell short). */
  def worst: Option[GateCheck] = failures.maxByOption(c =>
    c.measured.fold(Double.MaxValue)(m => if (c.atMost) m / (c.allowed max 1e-9) else c.allowed / (m max 1e-9))
  )
}

object StepVerdict {
  val Pass = "pass"
  val Fail = "fail"
}

/** A searched system's answer: each step's verdict, its headroom and what broke first, on which side.
  *
  * @param limitedBy the injector when it was saturated (whatever the steps measured); else the side of the first
  *                  failing step; None when no step failed (the search reached its max multiple, or stopped first)
  */
final case class CapacityResult(search: CapacitySearch, steps: Seq[StepVerdict], limitedBy: Option[Side]) {
  def system: String = search.system
  def record: CapacityRecord = search.record

  /** The lowest failing multiple: the one the headroom is below. */
  def firstFailure: Option[StepVerdict] = steps.filterNot(_.passed).minByOption(_.multiple)

  /** The largest passing multiple below the first failure (every passing one when none failed); 0 when even
    * the reference load failed; None when no step was judged, or the injector limited the search, which then
    * answers nothing, as does one whose machine was busy with other work.
    */
  def headroom: Option[Double] =
    Option.when(steps.nonEmpty && !limitedBy.exists(Side.Unmeasured)) {
      val below = firstFailure.fold(steps)(f => steps.filter(_.multiple < f.multiple))
      below.filter(_.passed).map(_.multiple).maxOption.getOrElse(0.0)
    }

  /** Why the search did not answer its question, if it did not: it ended early, or the results step judged
    * its steps otherwise than the live search did and they no longer close to the resolution (the live search
    * sees neither a request that got no answer nor one still in flight when a window closed).
    */
  def unresolved: Option[Unresolved] =
    if (record.end != SearchEnd.Resolved && record.end != SearchEnd.MaxMultiple) Some(Unresolved.Ended(record.end))
    else {
      val otherwise = steps.filter(s => s.passed != s.figures.step.passedLive)
      val closed = firstFailure match {
        case None    => steps.exists(s => s.passed && s.multiple >= record.maxMultiple)
        case Some(f) => headroom.exists(h => f.multiple - h <= record.resolution + 1e-9)
      }
      Option.when(otherwise.nonEmpty && !closed)(Unresolved.JudgedOtherwise(otherwise))
    }

  /** The search answered its question: it closed to its resolution or passed every step up to its cap. */
  def resolved: Boolean = unresolved.isEmpty

  /** How far below the headroom the system's capacity may be, as a multiple: the accuracy its step's carried
    * multiple was judged to (see [[StepPace.allowance]]); None where that step had none (an open reference's 1x,
    * a smoke run, no headroom).
    */
  def accuracy: Option[Double] =
    headroom.filter(_ > 0).flatMap { h =>
      steps.zip(search.paces).collectFirst { case (s, Some(pace)) if s.passed && s.multiple == h => pace }
    }.filter(_.carried.nonEmpty).map(_.allowance)

  /** The headroom's load, in the reference's unit (e.g. 215 new users/s). */
  def headroomLoad: Option[Double] = headroom.map(_ * record.referenceLoad)
}

/** Why a search's answer is not resolved to its resolution. */
sealed trait Unresolved

object Unresolved {

  /** It ended before it resolved: its time cap, a stop, a drain that timed out. */
  final case class Ended(end: SearchEnd) extends Unresolved

  /** The results step judged these steps otherwise than the live search did. */
  final case class JudgedOtherwise(steps: Seq[StepVerdict]) extends Unresolved
}
