package profiles.capacity

import results.model.StepPace
import results.gate.Limits

/** One threshold of a step: a request path's (or group's) percentile or error share against its limit. */
final case class StepCheck(path: List[String], threshold: StepCheck.Threshold, value: Double, limit: Double) {
  def passed: Boolean = value <= limit

  /** How far over its limit, as a share of it: the first failure is the worst one. */
  def excess: Double = if (limit <= 0) value else (value - limit) / limit
}

object StepCheck {
  sealed abstract class Threshold(val name: String)

  /** A latency percentile's limit, as the gate's `p99Ms`, `p95Ms`, `p90Ms` set it. */
  final case class Percentile(rank: Int) extends Threshold(s"p${rank}Ms")
  val P99: Percentile = Percentile(99)
  case object ErrorPercent extends Threshold("maxErrorPercent")
}

/** A percentile a step could not judge: its path had too few answers of its own in the window for it.
  *
  * @param path the request path or group (empty: the system's global figures)
  */
final case class UnjudgedCheck(path: List[String], threshold: StepCheck.Percentile, answers: Long, needed: Long)

/** A step judged on its window's live figures by every limit the gate would hold a run at that load to (each
  * request path's and group's percentiles and KO share, the system's global percentiles and KO share) and by
  * its pace: whether the system kept up with the load. A window without answers fails: a system that answers
  * nothing carries nothing.
  *
  * @param checks   every limit judged, passed or not; the global ones have an empty path
  * @param unjudged the percentiles whose path had too few answers in the window to judge them: neither passed
  *                 nor failed, and said so
  * @param pace     its answers against its offer, and its users in flight (None where not judged: a smoke run)
  */
final case class StepJudgement(
    answers: Long,
    ko: Long,
    checks: Seq[StepCheck],
    pace: Option[StepPace] = None,
    unjudged: Seq[UnjudgedCheck] = Nil
) {
  def passed: Boolean = answers > 0 && checks.forall(_.passed) && saturated.isEmpty

  /** The pace it failed, when it did: the system did not keep up with the step's load. */
  def saturated: Option[StepPace] = pace.filterNot(_.keptUp)

  def koPercent: Double = if (answers == 0) 0.0 else 100.0 * ko / answers

  /** The worst p99 against its limit, passing or not: what the console shows of a step. */
  def worstP99: Option[StepCheck] = checks.filter(_.threshold == StepCheck.P99).maxByOption(_.excess)

  def failures: Seq[StepCheck] = checks.filterNot(_.passed).sortBy(-_.excess)
}

object StepJudgement {

  /** @param paths      the thresholds' request and group paths with their limits (every system's: a path
    *                   this system sent nothing on does not apply)
    * @param global     the system's own global limits, judged over all its requests in the window
    * @param minAnswers the fewest answers of its own a path's (or the global figures') percentiles are judged on
    */
  def judge(
      figures: WindowFigures,
      paths: Seq[(List[String], Limits)],
      global: Limits,
      pace: Option[StepPace],
      minAnswers: Long
  ): StepJudgement = {
    val judged = paths.flatMap { case (path, limits) =>
      figures.requests.get(path).orElse(figures.groups.get(path)).map(limitsOn(path, limits, _, minAnswers))
    }
    val all = PathFigures.merged(figures.requests.values.toSeq)
    val globalJudged = Option.when(all.count > 0)(limitsOn(Nil, global, all, minAnswers))
    val (checks, unjudged) = (judged ++ globalJudged).unzip
    StepJudgement(all.count, all.ko, checks.flatten, pace, unjudged.flatten)
  }

  /** A percentile is judged only on `minAnswers` of the path's own answers; its error share on any. */
  private def limitsOn(
      path: List[String],
      limits: Limits,
      figures: PathFigures,
      minAnswers: Long
  ): (Seq[StepCheck], Seq[UnjudgedCheck]) = {
    val (enough, tooFew) = limits.percentilesMs.toSeq.partition(_ => figures.count >= minAnswers)
    val percentiles = enough.map { case (rank, ms) =>
      StepCheck(path, StepCheck.Percentile(rank.toInt), figures.percentileMs(rank).toDouble, ms.toDouble)
    }
    val errors =
      limits.maxErrorPercent.map(StepCheck(path, StepCheck.ErrorPercent, percent(figures.ko, figures.count), _))
    (
      percentiles ++ errors,
      tooFew.map { case (rank, _) => UnjudgedCheck(path, StepCheck.Percentile(rank.toInt), figures.count, minAnswers) }
    )
  }

  /** Whether a window may close for its percentiles: each gated path it has answers of has `minAnswers` of them,
    * or would not have them by the window's latest end at its pace so far (a rare path is then not judged, rather
    * than every window held to its longest).
    *
    * @param answers   the window's answers so far by request path and group
    * @param gated     the paths with a percentile limit
    * @param elapsedMs how long the window has been open
    * @param latestMs  how long it may be open at most
    */
  def enoughOfEach(
      answers: Map[List[String], Long],
      gated: Set[List[String]],
      minAnswers: Long,
      elapsedMs: Long,
      latestMs: Long
  ): Boolean =
    answers.forall { case (path, n) =>
      !gated(path) || n >= minAnswers || elapsedMs <= 0 || n.toDouble * latestMs / elapsedMs < minAnswers
    }

  private def percent(part: Long, whole: Long): Double = if (whole == 0) 0.0 else 100.0 * part / whole
}
