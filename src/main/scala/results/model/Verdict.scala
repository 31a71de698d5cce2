package results.model

/** A run's or a system's verdict as every reader is shown it, in one word: the gate's [[Verdict]], or why
  * there is none ([[Unjudged]]).
  */
sealed abstract class VerdictWord(val word: String) {
  override def toString: String = word
}

/** The gate's word on a run or on one of its systems, with the results step's exit status for it. */
sealed abstract class Verdict(word: String, val exitCode: Int, private val severity: Int) extends VerdictWord(word) {

  /** The worse of two: INCOMPLETE over INVALID over FAIL over INCONCLUSIVE over PASS. */
  def max(other: Verdict): Verdict = if (other.severity > severity) other else this
}

object Verdict {
  case object Pass extends Verdict("PASS", 0, 0)

  /** No check failed, but the samples could not decide at least one: its interval straddles its limit. */
  case object Inconclusive extends Verdict("INCONCLUSIVE", ExitCodes.Inconclusive, 1)

  /** A check failed, or an early-stop limit stopped the run. */
  case object Fail extends Verdict("FAIL", 1, 2)

  /** The injector (or the in-process sandbox) was the bottleneck. */
  case object Invalid extends Verdict("INVALID", ExitCodes.Invalid, 3)

  /** The run did not complete its plan. */
  case object Incomplete extends Verdict("INCOMPLETE", ExitCodes.Incomplete, 4)

  val All: Seq[Verdict] = Seq(Pass, Inconclusive, Fail, Invalid, Incomplete)

  def of(word: String): Option[Verdict] = All.find(_.word == word)

  /** The worst of them; PASS for none. */
  def worst(verdicts: Iterable[Verdict]): Verdict = verdicts.foldLeft(Pass: Verdict)(_ max _)
}

/** What is shown where the gate judged nothing. */
sealed abstract class Unjudged(word: String) extends VerdictWord(word)

object Unjudged {

  /** A run (or system) whose thresholds could not be read, so nothing was judged. */
  case object NoVerdict extends Unjudged("NO VERDICT")

  /** An archived run without a readable summary.json: nothing to judge. */
  case object NoSummary extends Unjudged("NO SUMMARY")
}
