package results.archive

import results.model.{ CurvePoint, CurveSpec, ThroughputCurve }

import com.fasterxml.jackson.annotation.{ JsonInclude, JsonProperty }
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT

import text.Formats.round

import CurveDocument._

/** A throughput curve in summary.json: its points as measured, then what they give (read back from the points
  * alone): per level over its repeats, the best level and the headroom there.
  */
private[results] final case class CurveDocument(
    system: String,
    group: String,
    unit: String,
    requirement: RunDocument.Requirement,
    points: Seq[Point] = Nil,
    levels: Seq[Level] = Nil,
    @JsonInclude(NON_ABSENT) best: Option[BestLevel],
    @JsonInclude(NON_ABSENT) headroom: Option[Headroom]
)

private[results] object CurveDocument {
  final case class Point(
      level: Int,
      repeat: Int,
      concurrency: Long,
      completed: Long,
      durationMs: Long,
      @JsonProperty(required = false) perSecond: Double = 0
  )

  final case class Level(
      level: Int,
      concurrency: Long,
      min: Double,
      median: Double,
      max: Double,
      perSecond: Seq[Double]
  )

  final case class BestLevel(level: Int, concurrency: Long, median: Double)

  final case class Headroom(overRequirementMax: Double, overRequirementMin: Double)

  def document(c: ThroughputCurve): CurveDocument =
    CurveDocument(
      c.spec.system,
      c.spec.group,
      c.spec.unit,
      RunDocument.Requirement(c.spec.requirementMin, c.spec.requirementMax),
      c.points.map(p => Point(p.level, p.repeat, p.concurrency, p.completed, p.durationMs, round(p.perSecond, 3))),
      c.levels.map(l =>
        Level(
          l.level,
          l.concurrency,
          round(l.min, 3),
          round(l.median, 3),
          round(l.max, 3),
          l.perSecond.map(round(_, 3))
        )
      ),
      c.best.map(b => BestLevel(b.level, b.concurrency, round(b.median, 3))),
      c.headroom.map { case (overMax, overMin) => Headroom(round(overMax, 2), round(overMin, 2)) }
    )

  def curve(d: CurveDocument): ThroughputCurve =
    ThroughputCurve(
      CurveSpec(d.system, d.group, d.unit, d.requirement.min, d.requirement.max),
      d.points.map(p => CurvePoint(p.level, p.repeat, p.concurrency, p.completed, p.durationMs))
    )
}
