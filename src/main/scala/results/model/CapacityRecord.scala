package results.model

/** A capacity search as the run recorded it (one per system searched, in run.json): what it set out to do
  * and which steps it held. What each step measured, its verdict and the headroom are worked out from the
  * run's simulation.log by the results step, on each step's judged window alone.
  *
  * @param referenceProfile the profile the multiples are of, e.g. "reference"
  * @param referenceLoad    that profile's steady load at 1x, in `loadUnit` (e.g. 50 new users/s, 1,000 users)
  * @param loadUnit         [[LoadUnit.Arrivals]] for open shapes, [[LoadUnit.Users]] for closed ones
  * @param resolution       the smallest gap between a passing and a failing multiple the search closes to
  * @param maxMultiple      the largest multiple it may try
  * @param maxDurationMs    the whole search's time cap
  * @param steps            the steps held, in the order the search ran them
  * @param end              why the search ended
  * @param judgesPace       whether its steps had to keep up with their load (see [[StepPace]]; not in a smoke run)
  * @param minAnswers       the fewest answers of its own a path's (or the system's global) percentiles are judged
  *                         on in a step (0: every one, as in runs archived before it was kept)
  * @param expectedOneX     the answers/s a closed reference's plan expects at 1x, which its 1x step is judged
  *                         against (None where the plan cannot tell, for an open reference, and in runs archived
  *                         before it was)
  */
final case class CapacityRecord(
    referenceProfile: String,
    referenceLoad: Double,
    loadUnit: LoadUnit,
    resolution: Double,
    maxMultiple: Double,
    maxDurationMs: Long,
    steps: Seq[CapacityStepRecord],
    end: SearchEnd,
    judgesPace: Boolean,
    minAnswers: Long = 0,
    expectedOneX: Option[Double] = None
) {

  /** Its reference is open (an arrival rate): users in flight measure whether a step kept up. */
  def openReference: Boolean = loadUnit == LoadUnit.Arrivals

  /** A closed reference's users at 1x, whose whole places each step admits. */
  def referenceUsers: Option[Long] = Option.when(!openReference)(math.round(referenceLoad))
}

/** What a reference load counts: arrivals of new users (an open shape) or users in flight (a closed one). `text`
  * is how the plan, the reports and run.json say it.
  */
sealed abstract class LoadUnit(val text: String)

object LoadUnit {
  case object Arrivals extends LoadUnit("new users/s")
  case object Users extends LoadUnit("users")

  val All: Seq[LoadUnit] = Seq(Arrivals, Users)

  def named(text: String): Option[LoadUnit] = All.find(_.text == text)
}

/** One step: the multiple of the reference load it held, and its judged window (after its settling time),
  * in epoch ms. `passedLive` is what the search decided its next step by, judged on the live figures;
  * `injector` the injector's own health over the window, `sandboxAdded` the built-in sandbox's added time
  * counted over it (see [[SandboxShare]]), `machine` how busy the machine was with other work over it,
  * `sandboxCpu` the sandbox's own CPU over it; None in runs archived before they were measured, the sandbox's
  * added time in a run against a target of its own, its CPU against a target that is no sandbox (or a standalone
  * one that did not answer), the machine's where it has no /proc.
  */
final case class CapacityStepRecord(
    multiple: Double,
    fromEpochMs: Long,
    toEpochMs: Long,
    passedLive: Boolean,
    injector: Option[results.model.InjectorFigures] = None,
    sandboxAdded: Option[SandboxShare.Counts] = None,
    machine: Option[MachineFigures] = None,
    sandboxCpu: Option[SandboxCpu] = None
) {

  /** The machine over the window, a standalone sandbox beside the injector counted as the run's own work (as the
    * in-process one is, its threads being this JVM's), not as other work.
    */
  def machineLessTheRun: Option[MachineFigures] =
    machine.map(m => sandboxCpu.filter(_.besideInjector).fold(m)(c => m.copy(ownPercent = m.ownPercent + c.percent)))
}

/** Why a search ended. Only `Resolved` and `MaxMultiple` answer the question; the others are INCOMPLETE. */
sealed abstract class SearchEnd(val name: String)

object SearchEnd {

  /** The passing and the failing multiple are within the resolution (or 1x already failed). */
  case object Resolved extends SearchEnd("resolved")

  /** Every step up to `maxMultiple` passed: the headroom is at least that. */
  case object MaxMultiple extends SearchEnd("max-multiple")

  /** `capacity.maxDuration` ran out before the search resolved. */
  case object MaxDuration extends SearchEnd("max-duration")

  /** The run was stopped (a signal, an early-stop limit, the injector's health) before the search resolved. */
  case object Stopped extends SearchEnd("stopped")

  /** A failing step's users did not end within the drain time: the next step would be judged on its leftovers. */
  case object DrainTimedOut extends SearchEnd("drain-timed-out")

  val All: Seq[SearchEnd] = Seq(Resolved, MaxMultiple, MaxDuration, Stopped, DrainTimedOut)

  def named(name: String): Option[SearchEnd] = All.find(_.name == name)
}
