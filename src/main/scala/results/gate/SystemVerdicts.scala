package results.gate

import results.model.{ GateCheck, GateVerdict, RunSummary, Verdict }

/** Each system's verdict, stored in its summary once the gate has judged the run, and the run's checks of no
  * system (duplicate locks, a request no system owns).
  */
object SystemVerdicts {

  /** The run with the gate's verdict, and each system with its own: a system FAILs on its own checks; it is
    * INCOMPLETE for its own problems or the run's (stopped before its end, log cut short), INVALID when the
    * injector was the bottleneck, FAIL when early stop stopped the run. The run's verdict is the worst of its
    * systems' and of its own checks and problems, those of no system.
    */
  def judged(summary: RunSummary, gate: GateVerdict): RunSummary = {
    val runWide = gate.incomplete.filterNot(p => summary.systems.exists(_.ownsProblem(p)))
    val systems = summary.systems.map { system =>
      val incomplete = gate.incomplete.filter(system.ownsProblem) ++ runWide
      val own = GateVerdict(system.checks(gate), Nil, None, incomplete, gate.invalid, gate.stoppedEarly)
      system.copy(verdict = Some(own.ownVerdict))
    }
    val runOwn = gate.copy(checks = runChecks(summary, gate), incomplete = runWide).ownVerdict
    val ofSystems = Option.when(systems.nonEmpty)(Verdict.worst(systems.flatMap(_.verdict) :+ runOwn))
    summary.copy(gate = Some(gate.copy(ofSystems = ofSystems)), systems = systems)
  }

  /** The run without a verdict: its thresholds could not be read. */
  def ungated(summary: RunSummary): RunSummary =
    summary.copy(gate = None, systems = summary.systems.map(_.copy(verdict = None)))

  /** The checks no system owns: the run's own. */
  def runChecks(summary: RunSummary, gate: GateVerdict): Seq[GateCheck] =
    gate.checks.filterNot(c => summary.systems.exists(_.owns(c)))
}
