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

/** A step judged on its window's live figures by the gate's limits (each request path's percentiles and KO
  * share, the system's global KO share) and by its pace: whether the system kept up with the load. A window
  * without answers fails: a system that answers nothing carries nothing.
  *
  * @param checks every limit that applied, passed or not; the global one has an empty path
  * @param pace   its answers against its offer, and its users in flight (None where not judged: a smoke run)
  */
final case class StepJudgement(answers: Long, ko: Long, checks: Seq[StepCheck], pace: Option[StepPace] = None) {
  def passed: Boolean = answers > 0 && checks.forall(_.passed) && saturated.isEmpty

  /** The pace it failed, when it did: the system did not keep up with the step's load. */
  def saturated: Option[StepPace] = pace.filterNot(_.keptUp)

  def koPercent: Double = if (answers == 0) 0.0 else 100.0 * ko / answers

  /** The worst p99 against its limit, passing or not: what the console shows of a step. */
  def worstP99: Option[StepCheck] = checks.filter(_.threshold == StepCheck.P99).maxByOption(_.excess)

  def failures: Seq[StepCheck] = checks.filterNot(_.passed).sortBy(-_.excess)
}

object StepJudgement {

  /** @param paths  the thresholds' request and group paths with their limits (every system's: a path
    *               this system sent nothing on does not apply)
    * @param global the system's own global limits
    */
  def judge(
      figures: Map[List[String], PathFigures],
      paths: Seq[(List[String], Limits)],
      global: Limits,
      pace: Option[StepPace]
  ): StepJudgement = {
    val pathChecks = paths.flatMap { case (path, limits) =>
      val matched = figures.collect { case (p, f) if p.startsWith(path) => f }.toSeq
      if (matched.isEmpty) Nil
      else {
        val merged = PathFigures.merged(matched)
        limits.percentilesMs.map { case (rank, ms) =>
          StepCheck(path, StepCheck.Percentile(rank.toInt), merged.percentileMs(rank).toDouble, ms.toDouble)
        } ++
          limits.maxErrorPercent.map(StepCheck(path, StepCheck.ErrorPercent, percent(merged.ko, merged.count), _))
      }
    }
    val answers = figures.values.map(_.count).sum
    val ko = figures.values.map(_.ko).sum
    val globalCheck = global.maxErrorPercent.map(StepCheck(Nil, StepCheck.ErrorPercent, percent(ko, answers), _))
    StepJudgement(answers, ko, pathChecks ++ globalCheck, pace)
  }

  private def percent(part: Long, whole: Long): Double = if (whole == 0) 0.0 else 100.0 * part / whole
}
