package results.archive

import results.model.GateCheck

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
      c.neverRan
    )
  }

  def check(c: SummaryDocument.Check, schema: Int): GateCheck =
    GateCheck(c.subject, MetricDocument.metric(c.metric, c.metricFields, schema), c.measured, c.allowed, c.atMost)

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
