package results.model

/** One request path's figures on one step's judged window: what the thresholds judge it by. */
final case class StepRequest(path: List[String], count: Long, ko: Long, p99Ms: Int, p95Ms: Int, p90Ms: Int) {
  def name: String = results.model.Entry.name(path)
  def koPercent: Double = if (count == 0) 0.0 else ko * 100.0 / count
}

/** One step as simulation.log measured it: its requests and groups that ended inside its judged window, and
  * those still in flight when it closed, at their age then (a request the system had not answered yet counts
  * at least that long); its answers (the requests that ended in the window, OK or KO: a timeout or a refused
  * connection is a KO answer), and how many ended in each of the window's [[Throughput.Batches]] parts (none in
  * a summary written before they were counted); and, for an open reference, its users in flight at the
  * window's start and end.
  *
  * @param global all its requests together, for the system's global limits (None in runs archived before it
  *               was kept)
  */
final case class StepFigures(
    step: CapacityStepRecord,
    requests: Seq[StepRequest],
    groups: Seq[StepRequest] = Nil,
    answers: Option[Long] = None,
    usersInFlight: Option[InFlight] = None,
    global: Option[StepRequest] = None,
    answerBatches: Seq[Long] = Nil
) {
  def multiple: Double = step.multiple
  def count: Long = requests.map(_.count).sum
  def ko: Long = requests.map(_.ko).sum
  def koPercent: Double = if (count == 0) 0.0 else ko * 100.0 / count
  def windowMs: Long = step.toEpochMs - step.fromEpochMs
  def throughput: Option[Throughput] = answers.map(Throughput(_, windowMs, answerBatches))
}

/** A system's capacity search as the run recorded it, with each step's figures from the log. */
final case class CapacitySearch(system: String, record: CapacityRecord, steps: Seq[StepFigures]) {

  /** The subject of the checks on the system's requests together, in each step: named apart from any request's. */
  def globalSubject: String = s"$system ${Entry.GlobalName}"

  /** Each step's pace, judged as the search judged it live (see [[StepPace]]): against the 1x step's answers (1x
    * itself against what the plan expects, where it did), where the run judged pace and the figures hold its
    * answers.
    */
  def paces: Seq[Option[StepPace]] = {
    val oneX = steps.headOption.filter(_.multiple == 1.0).flatMap(_.throughput)
    steps.zipWithIndex.map { case (s, i) =>
      for { answered <- s.throughput if record.judgesPace } yield StepPace(
        StepPace.held(s.multiple, record.referenceUsers),
        record.resolution,
        answered,
        if (i == 0) None else oneX,
        s.usersInFlight,
        if (i == 0 && s.multiple == 1.0) record.expectedOneX else None
      )
    }
  }
}
