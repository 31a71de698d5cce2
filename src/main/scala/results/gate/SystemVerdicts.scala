package results.gate

import results.model.{ GateCheck, GateVerdict, RunSummary, SystemSummary }

/** A system's section of a run, with the gate's verdict on it. */
final case class SystemVerdict(system: SystemSummary, label: String, checks: Seq[GateCheck])

/** Each system's verdict, and the run's checks of no system (duplicate locks, a request no system owns). */
object SystemVerdicts {

  /** A system FAILs on its own checks; it is INCOMPLETE for its own problems or the run's (stopped before
    * its end, log cut short), INVALID when the injector was the bottleneck, FAIL when early stop stopped the
    * run. The run's verdict ([[GateVerdict.label]]) holds every check and problem, so it is never better
    * than its worst system's.
    */
  def of(summary: RunSummary, gate: GateVerdict): Seq[SystemVerdict] = {
    val runWide = gate.incomplete.filterNot(p => summary.systems.exists(_.ownsProblem(p)))
    summary.systems.map { system =>
      val checks = gate.checks.filter(system.owns)
      val incomplete = gate.incomplete.filter(system.ownsProblem) ++ runWide
      val label =
        GateVerdict(checks, Nil, None, incomplete, gate.invalid, gate.stoppedEarly).label
      SystemVerdict(system, label, checks)
    }
  }

  /** The checks no system owns: the run's own. */
  def runChecks(summary: RunSummary, gate: GateVerdict): Seq[GateCheck] =
    gate.checks.filterNot(c => summary.systems.exists(_.owns(c)))
}
