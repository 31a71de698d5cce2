package results.gate

import results.model.{
  CapacityResult,
  GateCheck,
  Metric,
  Problem,
  ProblemKind,
  RunSummary,
  SandboxShare,
  Side,
  Unresolved
}

import text.Formats

/** What a capacity search adds to the release gate, and what it takes away: a searched system's steps are
  * meant to fail past its capacity, so its whole-run figures are judged by no threshold; its search is.
  */
object CapacityGate {

  /** Each searched system's steps judged by `thresholds`, as the gate judges the run. */
  def results(summary: RunSummary, thresholds: Thresholds): Seq[CapacityResult] =
    summary.capacity.map(search =>
      CapacityJudgement.judge(
        search,
        thresholds,
        summary.injector,
        SandboxShare.ofRun(summary.tallies)
      )
    )

  /** Whether the gate's whole-run check of `path` (Nil: the run's global figures) is a searched system's,
    * and so not made.
    */
  def searched(summary: RunSummary)(path: List[String]): Boolean = {
    val keys = summary.capacity.map(_.system).toSet
    val systems = summary.systems.filter(s => keys(s.key))
    val everySystemSearched = keys.nonEmpty && summary.systems.forall(s => keys(s.key))
    // A path no step sent (a line class too small to get an arrival in a short search) is no failure either.
    if (path.isEmpty || everySystemSearched) everySystemSearched
    else systems.exists(s => s.requests.contains(path) || s.groups.contains(path))
  }

  /** Why the injector was saturated over the run, as the gate counts it: a run of searches only, each of which
    * measured the injector over each step's window, is judged on those windows instead (see [[CapacityResult]]):
    * its settling, draining and steps past the first failing one may starve the injector without saying anything
    * of the answer.
    */
  def runInjectorSaturation(summary: RunSummary): Seq[String] = {
    val byStep = summary.capacity.nonEmpty && summary.systems.forall(s => searchedSystem(summary)(s.key)) &&
      summary.capacity.forall(CapacityJudgement.judgesInjectorByStep)
    if (byStep) Nil else summary.injector.toSeq.flatMap(_.saturation)
  }

  /** Whether a system's whole-run subject (its key) is a searched system's. */
  def searchedSystem(summary: RunSummary)(key: String): Boolean = summary.capacity.exists(_.system == key)

  /** The least headroom a search must find where `capacity.minHeadroom` is unset: its reference load. A system
    * that does not carry it fails, as a run at that load fails the same limits.
    */
  val ReferenceLoad = 1.0

  /** `capacity.minHeadroom` (the reference load where unset), for each search that gave a headroom the system
    * can be held to: the system's own, or one the sandbox limited at or above the minimum (the system then
    * carries at least that).
    */
  def checks(capacity: Seq[CapacityResult], thresholds: Thresholds): Seq[GateCheck] =
    capacity.filterNot(sandboxBelow(_, thresholds)).flatMap(r =>
      r.headroom.map(headroom =>
        GateCheck(s"${r.system} capacity", Metric.Headroom, Some(headroom), minHeadroom(r, thresholds), atMost = false)
      )
    )

  private def minHeadroom(r: CapacityResult, thresholds: Thresholds): Double =
    thresholds.minHeadroom.getOrElse(r.system, ReferenceLoad)

  /** A search the injector limited measured the injector, one whose failing step ran on a machine busy with
    * other work measured that work too, and one the sandbox limited below the minimum cannot say whether the
    * system reaches it: the run is INVALID.
    */
  def invalid(capacity: Seq[CapacityResult], thresholds: Thresholds): Seq[Problem] =
    (capacity.filter(_.limitedBy.contains(Side.Injector)).map(r =>
      r.system -> "the capacity search was limited by the injector, not the system: it gives no capacity figure"
    ) ++ capacity.filter(_.limitedBy.contains(Side.Machine)).map(r =>
      r.system -> ("the capacity search's first failing step ran while the machine was busy with other work" +
        r.firstFailure.flatMap(_.figures.step.machineLessTheRun).fold("")(m => s" (${m.describe})") +
        ": it gives no capacity figure")
    ) ++ capacity.filter(sandboxBelow(_, thresholds)).map(r =>
      r.system -> (s"the sandbox limited the capacity search at ${r.headroom.fold("")(Formats.multiple)}, " +
        s"below capacity.minHeadroom ${Formats.multiple(minHeadroom(r, thresholds))}: it cannot show whether the system reaches it")
    )).map { case (system, detail) => Problem.ofSystem(system, ProblemKind.CapacityNotMeasured, detail) }

  private def sandboxBelow(r: CapacityResult, thresholds: Thresholds): Boolean =
    r.limitedBy.contains(Side.Sandbox) && r.headroom.exists(_ < minHeadroom(r, thresholds))

  /** A search that did not answer (its time cap, a stop, steps the results step judged otherwise) is INCOMPLETE,
    * and so is one whose steps no limit judged: its steps passed on nothing.
    */
  def incomplete(capacity: Seq[CapacityResult]): Seq[Problem] =
    capacity.flatMap { r =>
      val why = r.unresolved.map(why => s"the capacity search ${unresolvedText(r, why)}") ++
        Option.when(r.steps.nonEmpty && r.steps.forall(_.checks.isEmpty))(
          "the capacity search judged its steps on no limit: no threshold applied to what they answered, nor their pace"
        )
      why.map(Problem.ofSystem(r.system, ProblemKind.CapacityUnresolved, _))
    }

  /** A search the sandbox limited found the sandbox's capacity: worth knowing, never the system's. */
  def warnings(capacity: Seq[CapacityResult]): Seq[String] =
    capacity.filter(_.limitedBy.contains(Side.Sandbox)).map(r =>
      s"${r.system}: the capacity search was limited by the sandbox (its own added time or its CPU): its headroom is this sandbox's, not the system's"
    )

  /** Why the answer is not resolved, after "the search": "ended before it resolved (max-duration)". */
  def unresolvedText(r: CapacityResult, why: Unresolved): String = why match {
    case Unresolved.Ended(end)             => s"ended before it resolved (${end.name})"
    case Unresolved.JudgedOtherwise(steps) =>
      s"ended before it resolved to ${Formats.multiple(r.record.resolution)}: the results step judged the step at " +
        steps.map(s => Formats.multiple(s.multiple)).mkString(", ") +
        " otherwise than the live search (which sees neither a request left unanswered nor one in flight as its window closed)"
  }
}
