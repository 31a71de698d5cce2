package profiles.capacity

import java.util.concurrent.atomic.AtomicReference

import scala.concurrent.duration.FiniteDuration
import scala.util.control.NonFatal

import results.gate.Limits
import results.model.{ CapacityRecord, CapacityStepRecord, InFlight, SearchEnd, StepPace, Throughput }

/** What a search holds to: its reference and its time budget per step.
  *
  * @param settle     how long each step runs at its multiple before its judged window
  * @param drain      the longest wait, after a failing step and before the search ends, for the users working to end
  * @param minAnswers the fewest answers a step's window is judged on: it lengthens until it has them, and enough
  *                   to tell its multiple within half the resolution (at most [[CapacitySearch.MaxLengthening]]
  *                   times `stepDuration`); a path's percentiles are judged only on as many of its own answers
  * @param judgesPace whether a step must keep up with its load (not in a smoke run, whose steps are too short
  *                   to settle)
  * @param referenceJourneysPerSecond the journeys/s the reference's plan expects at 1x, where it can tell (a
  *                   closed reference's users over its journeyDuration)
  * @param confidencePercent the confidence a step's percentile intervals are judged at; None judges each as one
  *                   number (a smoke run's steps, on a few answers)
  */
final case class SearchPlan(
    system: String,
    referenceProfile: String,
    reference: ReferenceLoad,
    resolution: Double,
    maxMultiple: Double,
    settle: FiniteDuration,
    stepDuration: FiniteDuration,
    drain: FiniteDuration,
    maxDuration: FiniteDuration,
    minAnswers: Long,
    judgesPace: Boolean,
    referenceJourneysPerSecond: Option[Double] = None,
    confidencePercent: Option[Double] = Some(results.model.PercentileInterval.DefaultConfidencePercent)
) {
  def open: Boolean = reference.isInstanceOf[ReferenceLoad.Arrivals]
}

/** One system's capacity search as the run goes: sets each step's multiple on the [[Admission]], judges its
  * window live from the [[StepRecorder]] with the gate's limits, picks the next step ([[StepSequence]]),
  * drains after a failing one, and ends the search when it is resolved or out of time. Runs on a thread of
  * its own from `start` (the run's start) to the search's end or `stop` (the run's end, however it came).
  */
final class CapacitySearch(val plan: SearchPlan) {
  val admission = new Admission(
    plan.maxMultiple,
    plan.reference match {
      case users: ReferenceLoad.Users => Some(users.users)
      case _: ReferenceLoad.Arrivals  => None
    }
  )
  val recorder = new StepRecorder(plan.system)
  private val steps = new AtomicReference(Vector.empty[CapacityStepRecord])
  private val end = new AtomicReference[Option[SearchEnd]](None)
  private val progress = new AtomicReference(SearchProgress(None, Vector.empty))
  private val group = new AtomicReference(Seq(this))
  @volatile private var thread: Option[Thread] = None
  @volatile private var expectedOneX: Option[Double] = None

  /** The searches of one run: it ends when every one of them has ended. */
  def endsTogetherWith(searches: Seq[CapacitySearch]): Unit = group.set(searches)

  /** Every search of the run has ended: time to stop the load. */
  def runEnded: Boolean = group.get.forall(_.admission.ended)

  /** @param injector the injector's health, measured over each step's judged window
    * @param sandbox  the built-in sandbox's added time, counted over each step's judged window (a run against
    *                 a target of its own has none)
    * @param machine  how busy the machine was with other work, measured over each step's judged window
    * @param requestsPerJourney the requests one journey sends (`<key>.requestsPerJourney`), for the answers/s a
    *                           closed reference's plan expects at 1x (see [[StepPace]])
    * @param sandboxCpu the sandbox's own CPU, measured over each step's judged window (in process or
    *                   standalone; none against a target of its own)
    */
  def start(
      paths: Seq[(List[String], Limits)],
      global: Limits,
      injector: InjectorWatch,
      sandbox: Option[SandboxWatch],
      machine: MachineWatch,
      requestsPerJourney: Option[Double] = None,
      sandboxCpu: Option[SandboxCpuWatch] = None
  ): Unit = {
    expectedOneX = for {
      journeys <- plan.referenceJourneysPerSecond if !plan.open
      requests <- requestsPerJourney
    } yield journeys * requests
    val searching =
      new Thread(
        () => search(paths, global, injector, sandbox, machine, sandboxCpu),
        s"capacity-search-${plan.system}"
      )
    searching.setDaemon(true)
    thread = Some(searching)
    searching.start()
  }

  /** The run ended: a search still going is stopped, and recorded as such. */
  def stop(): Unit = {
    finish(SearchEnd.Stopped)
    thread.foreach(_.interrupt())
  }

  /** Where the search is, for the live view: the step under way and its phase, and the steps judged live. */
  def now: SearchProgress = progress.get

  def ended: Option[SearchEnd] = end.get

  def record: CapacityRecord =
    CapacityRecord(
      referenceProfile = plan.referenceProfile,
      referenceLoad = plan.reference.amount,
      loadUnit = plan.reference.unit,
      resolution = plan.resolution,
      maxMultiple = plan.maxMultiple,
      maxDurationMs = plan.maxDuration.toMillis,
      steps = steps.get,
      end = end.get.getOrElse(SearchEnd.Stopped),
      judgesPace = plan.judgesPace,
      minAnswers = plan.minAnswers,
      expectedOneX = expectedOneX
    )

  private def search(
      paths: Seq[(List[String], Limits)],
      global: Limits,
      injector: InjectorWatch,
      sandbox: Option[SandboxWatch],
      machine: MachineWatch,
      sandboxCpu: Option[SandboxCpuWatch]
  ): Unit =
    try {
      val deadline = System.currentTimeMillis() + plan.maxDuration.toMillis
      val gated = paths.collect { case (path, limits) if limits.percentilesMs.nonEmpty => path }.toSet
      var judged = Vector.empty[JudgedStep]
      var oneX = Option.empty[Throughput]
      var next = StepSequence.next(judged, plan.resolution, plan.maxMultiple)
      // The users of the last step end their journeys before the search stops the load.
      while (end.get.isEmpty) next match {
        case NextStep.End(reason) =>
          drain()
          finish(reason)
        case NextStep.Hold(_)
            if System.currentTimeMillis() + (plan.settle + plan.stepDuration).toMillis > deadline =>
          drain()
          finish(SearchEnd.MaxDuration)
        case NextStep.Hold(multiple) =>
          admission.admit(multiple)
          phase(Some(multiple -> SearchProgress.Settling))
          Thread.sleep(plan.settle.toMillis)
          phase(Some(multiple -> SearchProgress.Judging))
          val from = System.currentTimeMillis()
          val usersAtStart = admission.active
          val injectorOverWindow = injector.from()
          val sandboxOverWindow = sandbox.map(_.from())
          val machineOverWindow = machine.from()
          val sandboxCpuOverWindow = sandboxCpu.map(_.from())
          recorder.openWindow(from)
          judgeWindow(multiple, from, oneX, deadline, gated)
          val usersAtEnd = admission.active
          val to = System.currentTimeMillis()
          val answered = recorder.throughput(to)
          val figures = recorder.closeWindow()
          val pace = Option.when(plan.judgesPace)(paceOf(multiple, answered, oneX, InFlight(usersAtStart, usersAtEnd)))
          if (judged.isEmpty && multiple == 1.0) oneX = Some(answered)
          val judgement =
            StepJudgement.judge(figures, paths, global, pace, plan.minAnswers, plan.confidencePercent)
          steps.updateAndGet(
            _ :+ CapacityStepRecord(
              multiple,
              from,
              to,
              judgement.passed,
              Some(injectorOverWindow()),
              sandboxOverWindow.map(_()),
              machineOverWindow(),
              sandboxCpuOverWindow.flatMap(_())
            )
          )
          judged :+= JudgedStep(multiple, judgement.passed)
          progress.updateAndGet(p => p.copy(steps = p.steps :+ (multiple -> judgement)))
          next = StepSequence.next(judged, plan.resolution, plan.maxMultiple)
          println(StepLine.render(plan, judged.size, multiple, judgement, next))
          // Leftovers of a failing step would fail the next one: a drain that did not end them ends the search.
          if (!judgement.passed && next.isInstanceOf[NextStep.Hold] && !drain()) {
            println(
              s"capacity ${plan.system}: the users of the step at ${StepLine.multipleText(multiple)} did not end within the drain time (${profiles.Plan.human(plan.drain)}): the search ends unresolved"
            )
            finish(SearchEnd.DrainTimedOut)
          }
      }
    } catch {
      case _: InterruptedException => finish(SearchEnd.Stopped)
      case NonFatal(e)             =>
        println(s"capacity ${plan.system}: the search failed (${config.InputError.oneLine(e)})")
        finish(SearchEnd.Stopped)
    }

  /** A step's pace: against 1x's answers, or for the 1x step against what the plan expects (closed references). */
  private def paceOf(multiple: Double, answered: Throughput, oneX: Option[Throughput], inFlight: InFlight) =
    StepPace(
      StepPace.held(multiple, admission.referenceUsers),
      plan.resolution,
      answered,
      oneX,
      Option.when(plan.open)(inFlight),
      if (oneX.isEmpty) expectedOneX else None
    )

  /** The judged window: `stepDuration`, then longer while it has too few answers for its percentiles (the
    * system's, and each gated path's that can get them: see [[StepJudgement.enoughOfEach]]) or to tell its
    * multiple to [[StepPace.Floor]] of it, at most [[CapacitySearch.MaxLengthening]] times as long and
    * never past the search's deadline.
    */
  private def judgeWindow(
      multiple: Double,
      from: Long,
      oneX: Option[Throughput],
      deadline: Long,
      gated: Set[List[String]]
  ): Unit = {
    Thread.sleep(plan.stepDuration.toMillis)
    val latest = math.min(from + plan.stepDuration.toMillis * CapacitySearch.MaxLengthening, deadline)
    def enough: Boolean = {
      val answered = recorder.throughput(System.currentTimeMillis())
      // The 1x step's answers set every later step's offer: as accurate as the step's own, compared with itself.
      val told = StepPace(
        StepPace.held(multiple, admission.referenceUsers),
        plan.resolution,
        answered,
        oneX.orElse(Some(answered)),
        None
      )
      !plan.judgesPace || answered.answers >= plan.minAnswers && !told.tooFewAnswers &&
      StepJudgement.enoughOfEach(
        recorder.answersByPath,
        gated,
        plan.minAnswers,
        System.currentTimeMillis() - from,
        latest - from
      )
    }
    while (!enough && System.currentTimeMillis() < latest) Thread.sleep(CapacitySearch.PollMs)
  }

  /** Nobody admitted until the users the step left working have ended, or the drain time is up: whether they
    * ended.
    */
  private def drain(): Boolean = {
    admission.admit(0)
    phase(progress.get.current.map { case (multiple, _) => multiple -> SearchProgress.Draining })
    val until = System.currentTimeMillis() + plan.drain.toMillis
    while (admission.active > 0 && System.currentTimeMillis() < until) Thread.sleep(CapacitySearch.PollMs)
    admission.active == 0
  }

  private def finish(reason: SearchEnd): Unit =
    if (end.compareAndSet(None, Some(reason))) {
      phase(None)
      admission.end()
    }

  private def phase(current: Option[(Double, SearchProgress.Phase)]): Unit = {
    progress.updateAndGet(_.copy(current = current))
    ()
  }
}

/** A search as it goes: the step under way (None before the first and after the last) and its phase, and every
  * step judged so far with its live judgement, in the order the search ran them.
  */
final case class SearchProgress(current: Option[(Double, SearchProgress.Phase)], steps: Vector[(Double, StepJudgement)])

object SearchProgress {
  sealed trait Phase
  case object Settling extends Phase
  case object Judging extends Phase
  case object Draining extends Phase
}

object CapacitySearch {
  private val PollMs = 100L

  /** How many times its `stepDuration` a step's window may last while it gathers enough answers. */
  val MaxLengthening = 4
}
