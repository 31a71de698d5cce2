package results.capacity

import results.gate.{ Limits, Thresholds }
import results.model.{ GateCheck, InjectorHealthRecord }

/** Which side limited a search: its first failing step's time was added by the system under test, by the
  * built-in sandbox, or the injector itself was the bottleneck (then the search gives no capacity figure).
  */
sealed abstract class Side(val name: String)

object Side {
  case object System extends Side("system")
  case object Sandbox extends Side("sandbox")
  case object Injector extends Side("injector")

  val All: Seq[Side] = Seq(System, Sandbox, Injector)

  def named(name: String): Option[Side] = All.find(_.name == name)
}

/** One step judged on its window alone: every threshold checked there, and those it broke. */
final case class StepVerdict(figures: StepFigures, checks: Seq[GateCheck]) {
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
    * answers nothing.
    */
  def headroom: Option[Double] =
    Option.when(steps.nonEmpty && !limitedBy.contains(Side.Injector)) {
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

object CapacityResult {

  /** Judges `search`'s steps by the same limits as the gate (each request path's percentiles and error share,
    * the system's global error share) and their pace, on each step's window alone. A path that sent nothing in
    * a step is not judged there: a short window of a rare request says nothing.
    *
    * @param injector            the injector's health over the run, whose limits judge each step's own window
    *                            (see results.model.InjectorHealthRecord)
    * @param sandboxAdded        the built-in sandbox's added time over the run (see [[SandboxShare]]), for
    *                            steps that did not count their own
    */
  def judge(
      search: CapacitySearch,
      thresholds: Thresholds,
      injector: Option[InjectorHealthRecord],
      sandboxAdded: SandboxShare.Counts
  ): CapacityResult = {
    val global = thresholds.systemGlobals.getOrElse(search.system, thresholds.global)
    val limits = thresholds.paths.toMap
    val steps = search.steps.zip(search.paces).map { case (step, pace) =>
      val pathChecks = (step.requests ++ step.groups).flatMap(r => limits.get(r.path).toSeq.flatMap(checks(r, _)))
      val globalCheck = global.maxErrorPercent.map(max =>
        GateCheck(
          s"${search.system} ${results.model.Entry.GlobalName}",
          "error %",
          Some(step.koPercent),
          max,
          atMost = true,
          " %"
        )
      )
      StepVerdict(step, pathChecks ++ globalCheck ++ pace.toSeq.flatMap(paceChecks(search.system, _)))
    }
    val failing = steps.filterNot(_.passed).minByOption(_.multiple)
    val side =
      if (steps.forall(_.figures.step.injector.isEmpty) && injector.exists(_.saturation.nonEmpty))
        // Measured over the whole run only (archived before each step was): no figure of the search stands.
        Some(Side.Injector)
      else failing.map { step =>
        if (injectorStarved(step, injector)) Side.Injector
        else if (step.worst.exists(c => sandboxExplains(c, step, search.system, sandboxAdded))) Side.Sandbox
        else Side.System
      }
    CapacityResult(search, steps, side)
  }

  /** A judged window follows its settling time, past the JIT's warm-up: a few seconds' samples judge it. */
  private val StepMinSamples = 5

  /** The injector was saturated over the step's own window, by the run's limits. */
  private def injectorStarved(step: StepVerdict, injector: Option[InjectorHealthRecord]): Boolean =
    injector.exists(run =>
      step.figures.step.injector.exists(f =>
        InjectorHealthRecord(f, run.limits.copy(minSamples = StepMinSamples)).saturation.nonEmpty
      )
    )

  /** Whether `search` measured the injector over each of its steps, so that its steps, not the whole run, say
    * whether the injector limited it.
    */
  def judgesInjectorByStep(search: CapacitySearch): Boolean =
    search.steps.nonEmpty && search.steps.forall(_.step.injector.nonEmpty)

  /** The sandbox's own added time covers a latency breach: even the least it added to the request's p99 (over
    * the step's window where the search counted it there, else over the run) is at least the excess over the
    * limit. An error share is never the sandbox's.
    */
  private def sandboxExplains(check: GateCheck, step: StepVerdict, system: String, run: SandboxShare.Counts) =
    check.unit == " ms" && step.figures.requests.find(_.name == check.subject).exists { r =>
      val excess = check.measured.getOrElse(0.0) - check.allowed
      SandboxShare.floorMs(step.figures.step.sandboxAdded.getOrElse(run), system)(r.path).exists(_ >= excess)
    }

  /** A step's pace as checks: the multiple it carried against the least that keeps up, and (open references)
    * its users in flight's growth against the most that counts as level.
    */
  private def paceChecks(system: String, pace: StepPace): Seq[GateCheck] =
    pace.carried.zip(pace.minCarried).map { case (carried, min) =>
      GateCheck(system, "carried", Some(carried), min, atMost = false, "x")
    }.toSeq ++ pace.usersInFlight.zip(pace.maxGrowth).map { case (f, max) =>
      GateCheck(s"$system users in flight", "growth", Some(f.growth.toDouble), max.toDouble, atMost = true, " users")
    }

  private def checks(r: StepRequest, limits: Limits): Seq[GateCheck] = {
    val percentiles = Map(99.0 -> r.p99Ms, 95.0 -> r.p95Ms, 90.0 -> r.p90Ms)
    limits.percentilesMs.map { case (rank, allowed) =>
      GateCheck(r.name, s"p${rank.toInt}", Some(percentiles(rank).toDouble), allowed.toDouble, atMost = true, " ms")
    } ++ limits.maxErrorPercent.map(max => GateCheck(r.name, "error %", Some(r.koPercent), max, atMost = true, " %"))
  }
}
