package results.render

import results.model.{ GateVerdict, ProblemKind, RunSummary, WindowLabel }

/** A run's verdict as the site shows it, and the users of its windows. */
object Verdicts {
  final case class Shown(label: String, cssClass: String, reasons: Seq[String]) {

    /** A run that did not run as planned (or whose injector was the bottleneck): never a point in a trend. */
    def drawable: Boolean = label != GateVerdict.Incomplete && label != GateVerdict.Invalid && label != NoSummary
  }
  val NoSummary = "NO SUMMARY"
  val NotGated = "NOT GATED"

  def of(s: RunSummary): Shown =
    s.gate match {
      case Some(g) =>
        val reasons = g.stoppedEarly.map("stopped early: " + _.text) ++ g.incomplete.map("incomplete: " + _.text) ++
          g.invalid.map(p =>
            if (Set[ProblemKind](ProblemKind.InjectorSaturated, ProblemKind.ShardsApart)(p.kind)) p.text
            else s"injector saturated: ${p.text}"
          ) ++
          SystemSections.failureLines(s, g)
        Shown(
          g.label,
          cssClass(g.label),
          if (reasons.nonEmpty) reasons
          else if (g.capacity.nonEmpty) g.capacity.map(results.render.CapacityText.oneLine)
          else Seq(s"all ${g.checks.size} checks passed and the run completed its plan")
        )
      case None if !s.completion.complete =>
        Shown(GateVerdict.Incomplete, cssClass(GateVerdict.Incomplete), s.completion.problems.map(_.text))
      case None => Shown(NotGated, "none", Seq("no thresholds were checked (they could not be read)"))
    }

  def cssClass(label: String): String = label match {
    case GateVerdict.Pass                             => "pass"
    case GateVerdict.Fail                             => "fail"
    case GateVerdict.Incomplete | GateVerdict.Invalid => "void"
    case _                                            => "none"
  }

  /** The users of a cycle or a sweep level, where its profile said; None for other windows. */
  def concurrency(label: WindowLabel): Option[Long] = label match {
    case WindowLabel.Cycle(_, users)    => users
    case WindowLabel.Level(_, _, users) => Some(users)
    case _                              => None
  }
}
