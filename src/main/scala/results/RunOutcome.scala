package results

import results.model.{ GateVerdict, RunSummary }

import java.nio.file.Path

/** What became of one run.
  *
  * @param archivedRunDir the run's folder under results/
  * @param verdict        the gate's verdict; None when the run could not be summarised or gated
  * @param error          the one-line reason when it could not
  */
final case class RunOutcome(
    archivedRunDir: Path,
    summary: Option[RunSummary],
    verdict: Option[GateVerdict],
    error: Option[String]
) {
  def passed: Boolean = error.isEmpty && verdict.exists(_.passed)

  /** 0 = gate passed, 1 = gate failed (a threshold, or an early stop), 2 = no verdict (bad log, bad
    * thresholds), 4 = the run did not complete its plan, 6 = the injector was saturated, 8 = inconclusive (no check
    * failed, the samples could not decide at least one).
    */
  def exitCode: Int = if (error.nonEmpty) 2 else verdict.fold(2)(_.exitCode)
}
