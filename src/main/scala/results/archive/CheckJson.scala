package results.archive

import results.model.{ AllowedRange, CheckRule, GateCheck, PercentileInterval }

import config.InputError

/** A gate check in summary.json (the gate's `checks`, and each capacity step's) and back: its metric's words and
  * unit written for readers, its fields ([[MetricDocument]]) read back.
  */
private[results] object CheckJson {

  def document(c: GateCheck): SummaryDocument.Check = {
    val m = c.metric
    SummaryDocument.Check(
      c.name,
      c.subject,
      m.name,
      Some(MetricDocument.document(m)),
      c.allowed,
      c.atMost,
      m.unit.suffix,
      c.measured,
      c.passed,
      c.neverRan,
      c.rule.word,
      c.result.word,
      c.interval.map(i => SummaryDocument.Bounds(i.lowerMs, i.upperMs)),
      c.moreSamples,
      c.allowedRange.map(r => SummaryDocument.Range(r.lowest, r.highest))
    )
  }

  /** `result` is written for readers and follows from the rest. */
  def check(c: SummaryDocument.Check, schema: Int): GateCheck =
    GateCheck(
      c.subject,
      MetricDocument.metric(c.metric, c.metricFields, schema),
      c.measured,
      c.allowed,
      c.atMost,
      c.interval.map(i => PercentileInterval(i.lowerMs, i.upperMs)),
      CheckRule.All.find(_.word == c.rule).getOrElse(throw new InputError(
        s"check '${c.name}': rule must be one of ${CheckRule.All.map(_.word).mkString(", ")} (was '${c.rule}')"
      )),
      c.moreSamples,
      c.allowedRange.map(r => AllowedRange(r.lowest, r.highest))
    )

  def stepDocument(c: GateCheck): CapacitySummaryDocument.Check = {
    val m = c.metric
    CapacitySummaryDocument.Check(
      c.subject,
      m.name,
      Some(MetricDocument.document(m)),
      c.allowed,
      c.measured,
      c.atMost,
      m.unit.suffix,
      c.passed
    )
  }

  def check(c: CapacitySummaryDocument.Check, schema: Int): GateCheck =
    GateCheck(c.subject, MetricDocument.metric(c.metric, c.metricFields, schema), c.measured, c.allowed, c.atMost)
}
