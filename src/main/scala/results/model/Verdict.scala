package results.model

/** The gate's word on a run or on one of its systems, with the results step's exit status for it. */
sealed abstract class Verdict(val word: String, val exitCode: Int, private val severity: Int) {
  override def toString: String = word

  /** The worse of two: INCOMPLETE over INVALID over FAIL over PASS. */
  def max(other: Verdict): Verdict = if (other.severity > severity) other else this
}

object Verdict {
  case object Pass extends Verdict("PASS", 0, 0)

  /** A check failed, or an early-stop limit stopped the run. */
  case object Fail extends Verdict("FAIL", 1, 1)

  /** The injector (or the in-process sandbox) was the bottleneck. */
  case object Invalid extends Verdict("INVALID", ExitCodes.Invalid, 2)

  /** The run did not complete its plan. */
  case object Incomplete extends Verdict("INCOMPLETE", ExitCodes.Incomplete, 3)

  val All: Seq[Verdict] = Seq(Pass, Fail, Invalid, Incomplete)

  /** What a summary shows where its thresholds could not be read, so nothing was judged. */
  val NoVerdict = "NO VERDICT"

  def of(word: String): Option[Verdict] = All.find(_.word == word)

  /** The worst of them; PASS for none. */
  def worst(verdicts: Iterable[Verdict]): Verdict = verdicts.foldLeft(Pass: Verdict)(_ max _)
}
