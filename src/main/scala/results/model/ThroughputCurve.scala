package results.model

/** What a system's sweep is read as: completions of one group (its unit, e.g. a pair of calls) per second
  * against concurrency, and the throughput it is required to carry.
  *
  * @param system         the system whose config gave it (`<key>.throughputCurve`)
  * @param group          the top-level group whose OK completions are counted, one per unit
  * @param unit           the plural the figures are given in, e.g. "pairs"
  * @param requirementMin the required throughput's range, in units per second
  */
final case class CurveSpec(system: String, group: String, unit: String, requirementMin: Double, requirementMax: Double)

/** One level of one repeat of the sweep: `completed` units started within its window and ended OK. */
final case class CurvePoint(level: Int, repeat: Int, concurrency: Long, completed: Long, durationMs: Long) {
  def perSecond: Double = if (durationMs > 0) completed * 1000.0 / durationMs else 0.0
}

/** One concurrency level over its repeats: units per second in each, by repeat. */
final case class CurveLevel(level: Int, concurrency: Long, byRepeat: Map[Int, Double]) {
  def perSecond: Seq[Double] = byRepeat.toSeq.sortBy(_._1).map(_._2)

  def min: Double = perSecond.min
  def max: Double = perSecond.max

  def median: Double = {
    val sorted = perSecond.sorted
    val mid = sorted.size / 2
    if (sorted.size % 2 == 1) sorted(mid) else (sorted(mid - 1) + sorted(mid)) / 2
  }
}

final case class ThroughputCurve(spec: CurveSpec, points: Seq[CurvePoint]) {
  def levels: Seq[CurveLevel] =
    points.groupBy(p => (p.level, p.concurrency)).toSeq.sortBy(_._1).map { case ((level, concurrency), ps) =>
      CurveLevel(level, concurrency, ps.map(p => p.repeat -> p.perSecond).toMap)
    }

  /** The level with the highest median over its repeats. */
  def best: Option[CurveLevel] = levels.maxByOption(_.median)

  /** How many times the best level's median covers the requirement: over its upper end, then its lower. */
  def headroom: Option[(Double, Double)] =
    best.map(b => (b.median / spec.requirementMax, b.median / spec.requirementMin))
}

object ThroughputCurve {

  /** The curve from the run's sweep windows (kind [[WindowKind.Level]], labelled [[WindowLabel.Level]]). A unit
    * counts in the window it started in: a level's window runs from its first worker's start to its last
    * one's end, so every unit of the level starts inside it, while the last may end on its closing
    * millisecond, which a window leaves out.
    */
  def of(spec: CurveSpec, windows: Seq[WindowSummary]): ThroughputCurve =
    ThroughputCurve(
      spec,
      windows.flatMap { w =>
        (w.window.kind, w.window.label) match {
          case (WindowKind.Level, WindowLabel.Level(level, repeat, users)) =>
            val completed = w.groups.find(_.path == List(spec.group)).fold(0L)(_.figures.ok)
            Some(CurvePoint(level, repeat, users, completed, w.window.durationMs))
          case _ => None
        }
      }
    )
}
