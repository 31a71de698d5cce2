package profiles.capacity

import results.gate.Limits

/** One threshold of a step: a request path's (or group's) p99 or error share against its limit. */
final case class StepCheck(path: List[String], threshold: StepCheck.Threshold, value: Double, limit: Double) {
  def passed: Boolean = value <= limit

  /** How far over its limit, as a share of it: the first failure is the worst one. */
  def excess: Double = if (limit <= 0) value else (value - limit) / limit
}

object StepCheck {
  sealed abstract class Threshold(val name: String)
  case object P99 extends Threshold("p99Ms")
  case object ErrorPercent extends Threshold("maxErrorPercent")
}

/** A step judged on its window's live figures by the gate's limits: each request path's p99 and KO share,
  * and the system's global KO share. A window without answers fails: a system that answers nothing carries
  * nothing.
  *
  * @param checks every limit that applied, passed or not; the global one has an empty path
  */
final case class StepJudgement(answers: Long, ko: Long, checks: Seq[StepCheck]) {
  def passed: Boolean = answers > 0 && checks.forall(_.passed)

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
      global: Limits
  ): StepJudgement = {
    val pathChecks = paths.flatMap { case (path, limits) =>
      val matched = figures.collect { case (p, f) if p.startsWith(path) => f }.toSeq
      if (matched.isEmpty) Nil
      else {
        val merged = PathFigures.merged(matched)
        limits.p99Ms.map(ms => StepCheck(path, StepCheck.P99, merged.p99Ms.toDouble, ms.toDouble)).toSeq ++
          limits.maxErrorPercent.map(StepCheck(path, StepCheck.ErrorPercent, percent(merged.ko, merged.count), _))
      }
    }
    val answers = figures.values.map(_.count).sum
    val ko = figures.values.map(_.ko).sum
    val globalCheck = global.maxErrorPercent.map(StepCheck(Nil, StepCheck.ErrorPercent, percent(ko, answers), _))
    StepJudgement(answers, ko, pathChecks ++ globalCheck)
  }

  private def percent(part: Long, whole: Long): Double = if (whole == 0) 0.0 else 100.0 * part / whole
}
