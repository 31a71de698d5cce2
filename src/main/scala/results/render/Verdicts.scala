package results.render

import results.model.{ CheckResult, Problem, RunSummary, Unjudged, Verdict, VerdictWord, WindowLabel }

/** A run's verdict as the site shows it, and the users of its windows. */
object Verdicts {
  final case class Shown(verdict: VerdictWord, reasons: Seq[String]) {
    def label: String = verdict.word
    def cssClass: String = Verdicts.cssClass(verdict)

    /** A run that did not run as planned (or whose injector was the bottleneck): never a point in a trend. */
    def drawable: Boolean = verdict match {
      case Verdict.Incomplete | Verdict.Invalid | Unjudged.NoSummary => false
      case _                                                         => true
    }
  }

  def of(s: RunSummary): Shown =
    s.gate match {
      case Some(g) =>
        val reasons = led("stopped early", g.stoppedEarly) ++ led("incomplete", g.incomplete) ++
          led("invalid", g.invalid) ++ SystemSections.failureLines(s, g)
        Shown(
          g.verdict,
          if (reasons.nonEmpty) reasons
          else if (g.capacity.nonEmpty) g.capacity.map(results.render.CapacityText.oneLine)
          else Seq(s"all ${g.checks.size} checks passed and the run completed its plan")
        )
      case None if !s.completion.complete => Shown(Verdict.Incomplete, s.completion.problems.map(_.text))
      case None => Shown(Unjudged.NoVerdict, Seq("no thresholds were checked (they could not be read)"))
    }

  /** Each problem led by what it made of the verdict, unless its words open by saying what it is. */
  private def led(lead: String, problems: Seq[Problem]): Seq[String] =
    problems.map(p => if (p.kind.namesItself) p.text else s"$lead: ${p.text}")

  def cssClass(verdict: VerdictWord): String = verdict match {
    case Verdict.Pass                         => "pass"
    case Verdict.Fail                         => "fail"
    case Verdict.Inconclusive                 => "inconclusive"
    case Verdict.Incomplete | Verdict.Invalid => "void"
    case _: Unjudged                          => "none"
  }

  def cssClass(result: CheckResult): String = result match {
    case CheckResult.Passed       => "pass"
    case CheckResult.Failed       => "fail"
    case CheckResult.Inconclusive => "inconclusive"
    case CheckResult.NotJudged    => "none"
  }

  /** The users of a cycle or a sweep level, where its profile said; None for other windows. */
  def concurrency(label: WindowLabel): Option[Long] = label match {
    case WindowLabel.Cycle(_, users)    => users
    case WindowLabel.Level(_, _, users) => Some(users)
    case _                              => None
  }
}
