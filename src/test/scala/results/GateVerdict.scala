package results

/** One threshold checked against one run: a JUnit test case in junit.xml.
  *
  * @param subject  the request, group or "All Requests" the threshold is about
  * @param metric   e.g. "p99", "p95", "error %", "requests/s", "p99 vs baseline"
  * @param measured None when the subject never ran (the check is then skipped, with a warning)
  */
final case class GateCheck(subject: String, metric: String, measured: Option[Double], allowed: Double, atMost: Boolean, unit: String) {
  def skipped: Boolean = measured.isEmpty
  def passed: Boolean = measured.forall(value => if (atMost) value <= allowed else value >= allowed)
  def name: String = s"$subject: $metric"
  def outcome: String = measured match {
    case None                  => s"skipped: '$subject' never ran"
    case Some(value)           => s"measured ${GateCheck.format(value)}$unit, allowed ${if (atMost) "at most" else "at least"} ${GateCheck.format(allowed)}$unit"
  }
}

object GateCheck {
  def format(value: Double): String =
    if (value == math.rint(value) && math.abs(value) < 1e15) value.toLong.toString else f"$value%.2f"
}

/** The gate's verdict for one run: it passes when no check failed. Warnings never fail it. */
final case class GateVerdict(checks: Seq[GateCheck], warnings: Seq[String], baselineRun: Option[String]) {
  def passed: Boolean = checks.forall(_.passed)
  def failures: Seq[GateCheck] = checks.filterNot(_.passed)
  def label: String = if (passed) "PASS" else "FAIL"
}
