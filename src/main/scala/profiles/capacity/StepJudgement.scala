package profiles.capacity

import results.model.{ PercentileInterval, StepPace }
import results.gate.Limits
import results.summarize.OrderStatistics

/** One threshold of a step: a request path's (or group's) percentile or error share against its limit.
  *
  * @param interval a percentile's confidence interval from the window's histogram, which judges it as the gate
  *                 does: passed within its limit, failed wholly beyond, else not resolved; None judges the value
  */
final case class StepCheck(
    path: List[String],
    threshold: StepCheck.Threshold,
    value: Double,
    limit: Double,
    interval: Option[PercentileInterval] = None
) {
  def passed: Boolean = interval.fold(value <= limit)(_.within(limit))

  /** Its interval straddles its limit: the window's sample cannot tell whether the step carried it. */
  def unresolved: Boolean = interval.exists(_.straddles(limit))

  def failed: Boolean = !passed && !unresolved

  /** How far over its limit, as a share of it: the first failure is the worst one. */
  def excess: Double = if (limit <= 0) value else (value - limit) / limit
}

object StepCheck {

  /** @param name its key in the thresholds, @param label as the console names it */
  sealed abstract class Threshold(val name: String, val label: String)

  /** A latency percentile's limit, as the gate's `p99Ms`, `p95Ms`, `p90Ms` set it. */
  final case class Percentile(rank: Int) extends Threshold(s"p${rank}Ms", s"p$rank")
  val P99: Percentile = Percentile(99)
  case object ErrorPercent extends Threshold("maxErrorPercent", "KO %")
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

  /** The worst percentile against its limit, what the console shows of a step: one that failed before one not
    * resolved before one passed, each the furthest over (or least under) its limit.
    */
  def worstPercentile: Option[StepCheck] =
    checks.filter(_.threshold.isInstanceOf[StepCheck.Percentile]).maxByOption(c => (c.failed, c.unresolved, c.excess))

  def failures: Seq[StepCheck] = checks.filter(_.failed).sortBy(-_.excess)

  /** The percentiles whose interval straddles their limit: the step is not carried, and not shown to fail either. */
  def unresolved: Seq[StepCheck] = checks.filter(_.unresolved).sortBy(-_.excess)

  /** Not carried only for want of evidence: nothing failed, but a percentile's interval straddles its limit. */
  def notResolved: Boolean = !passed && answers > 0 && failures.isEmpty && saturated.isEmpty && unresolved.nonEmpty
}

object StepJudgement {

  /** @param paths      the thresholds' request and group paths with their limits (every system's: a path
    *                   this system sent nothing on does not apply)
    * @param global     the system's own global limits, judged over all its requests in the window
    * @param minAnswers the fewest answers of its own a path's (or the global figures') percentiles are judged on
    * @param confidencePercent the confidence its percentiles' intervals are judged at, as the gate's and an early
    *                   stop's are (see [[OrderStatistics]]); None judges each as one number (a smoke run's)
    */
  def judge(
      figures: WindowFigures,
      paths: Seq[(List[String], Limits)],
      global: Limits,
      pace: Option[StepPace],
      minAnswers: Long,
      confidencePercent: Option[Double]
  ): StepJudgement = {
    def on(path: List[String], limits: Limits, of: PathFigures) =
      limitsOn(path, limits, of, minAnswers, confidencePercent)
    val judged = paths.flatMap { case (path, limits) =>
      figures.requests.get(path).orElse(figures.groups.get(path)).map(on(path, limits, _))
    }
    val all = PathFigures.merged(figures.requests.values.toSeq)
    val globalJudged = Option.when(all.count > 0)(on(Nil, global, all))
    val (checks, unjudged) = (judged ++ globalJudged).unzip
    StepJudgement(all.count, all.ko, checks.flatten, pace, unjudged.flatten)
  }

  /** A percentile is judged only on `minAnswers` of the path's own answers; its error share on any. */
  private def limitsOn(
      path: List[String],
      limits: Limits,
      figures: PathFigures,
      minAnswers: Long,
      confidencePercent: Option[Double]
  ): (Seq[StepCheck], Seq[UnjudgedCheck]) = {
    val (enough, tooFew) = limits.percentilesMs.toSeq.partition(_ => figures.count >= minAnswers)
    val percentiles = enough.map { case (rank, ms) =>
      val interval = confidencePercent.filter(_ => figures.count > 0).map(
        OrderStatistics.ofWindow(figures.latencies, rank, _)
      )
      StepCheck(path, StepCheck.Percentile(rank.toInt), figures.percentileMs(rank).toDouble, ms.toDouble, interval)
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
