package launch

import journey.SystemSettings

import results.model.CurveSpec

/** The throughput curve a system's sweep is read as (`<key>.throughputCurve`, see [[results.model.ThroughputCurve]]). */
object CurveSettings {
  val Block = "throughputCurve"

  def of(settings: SystemSettings): Option[CurveSpec] =
    Option.when(settings.settings.has(Block)) {
      val block = settings.settings.block(Block)
      val (min, max) = (block.positiveDouble("requirement.min"), block.positiveDouble("requirement.max"))
      if (max < min) block.fail(
        "requirement.max",
        s"must be at least requirement.min (${block.string("requirement.min")}, was ${block.string("requirement.max")})"
      )
      CurveSpec(settings.key, block.string("group"), block.string("unit"), min, max)
    }
}
