package results.gate

import results.model.{
  CapacityResult,
  CapacitySearch,
  GateCheck,
  InjectorHealthRecord,
  Metric,
  SandboxShare,
  Side,
  StepPace,
  StepRequest,
  StepVerdict,
  UnjudgedPercentile
}

/** A capacity search judged by the gate's thresholds, step by step. */
object CapacityJudgement {

  /** Judges `search`'s steps by the same limits as the gate (each request's and group's percentiles and error
    * share, the system's global percentiles and error share) and their pace, on each step's window alone. A path
    * that sent nothing in a step is not judged there, and its percentiles only on the search's `minAnswers` of its
    * own answers: a short window of a rare request says nothing.
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
    val minAnswers = search.record.minAnswers
    val steps = search.steps.zip(search.paces).map { case (step, pace) =>
      val paths = (step.requests ++ step.groups).flatMap(r => limits.get(r.path).map(judged(r.name, r, _, minAnswers)))
      val globals = step.global match {
        case Some(all) => judged(search.globalSubject, all, global, minAnswers)
        // A run archived before a step kept its global figures: its global error share alone.
        case None => (errorCheck(search.globalSubject, step.koPercent, global), Nil)
      }
      val (checks, unjudged) = (paths :+ globals).unzip
      StepVerdict(
        step,
        checks.flatten ++ pace.toSeq.flatMap(paceChecks(search.system, _)),
        unjudged.flatten
      )
    }
    val failing = steps.filterNot(_.passed).minByOption(_.multiple)
    val side =
      if (steps.forall(_.figures.step.injector.isEmpty) && injector.exists(_.saturation.nonEmpty))
        // Measured over the whole run only (archived before each step was): no figure of the search stands.
        Some(Side.Injector)
      else failing.map { step =>
        // Other work that kept the run waiting starves the injector too: the machine is the cause then.
        if (step.figures.step.machineLessTheRun.exists(_.busyWithOtherWork)) Side.Machine
        else if (injectorStarved(step, injector)) Side.Injector
        else if (
          sandboxSaturated(step) || step.worst.exists(c => sandboxExplains(c, step, search.system, sandboxAdded))
        )
          Side.Sandbox
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

  /** The sandbox had no CPU to spare over the step's window and the step broke a latency limit or fell short of
    * its pace, which a sandbox that serves no faster causes; an error share is never the sandbox's.
    */
  private def sandboxSaturated(step: StepVerdict): Boolean =
    step.figures.step.sandboxCpu.exists(_.saturated) && step.worst.exists(_.metric != Metric.ErrorShare)

  /** The sandbox's own added time covers a latency breach: even the least it added to the request's p99 (over
    * the step's window where the search counted it there, else over the run) is at least the excess over the
    * limit. An error share is never the sandbox's.
    */
  private def sandboxExplains(check: GateCheck, step: StepVerdict, system: String, run: SandboxShare.Counts) =
    check.metric match {
      case _: Metric.Percentile =>
        step.figures.requests.find(_.name == check.subject).exists { r =>
          val excess = check.measured.getOrElse(0.0) - check.allowed
          SandboxShare.floorMs(step.figures.step.sandboxAdded.getOrElse(run), system)(r.path).exists(_ >= excess)
        }
      case _ => false
    }

  /** A step's pace as checks: the multiple it carried against the least that keeps up, and (open references)
    * its users in flight's growth against the most that counts as level.
    */
  private def paceChecks(system: String, pace: StepPace): Seq[GateCheck] =
    pace.carried.zip(pace.minCarried).map { case (carried, min) =>
      GateCheck(system, Metric.Carried, Some(carried), min, atMost = false)
    }.toSeq ++ pace.usersInFlight.zip(pace.maxGrowth).map { case (f, max) =>
      GateCheck(s"$system users in flight", Metric.InFlightGrowth, Some(f.growth.toDouble), max.toDouble, atMost = true)
    }

  /** Its limits on `r`: its error share on any answers, its percentiles only on at least `minAnswers` of them. */
  private def judged(
      subject: String,
      r: StepRequest,
      limits: Limits,
      minAnswers: Long
  ): (Seq[GateCheck], Seq[UnjudgedPercentile]) = {
    val percentiles = Map(99.0 -> r.p99Ms, 95.0 -> r.p95Ms, 90.0 -> r.p90Ms)
    val (enough, tooFew) = limits.percentilesMs.partition(_ => r.count >= minAnswers)
    (
      enough.map { case (rank, allowed) =>
        GateCheck(subject, Metric.Percentile(rank), Some(percentiles(rank).toDouble), allowed.toDouble, atMost = true)
      } ++ errorCheck(subject, r.koPercent, limits),
      tooFew.map { case (rank, _) => UnjudgedPercentile(subject, Metric.Percentile(rank), r.count, minAnswers) }
    )
  }

  private def errorCheck(subject: String, koPercent: Double, limits: Limits): Seq[GateCheck] =
    limits.maxErrorPercent.map(max => GateCheck(subject, Metric.ErrorShare, Some(koPercent), max, atMost = true)).toSeq
}
