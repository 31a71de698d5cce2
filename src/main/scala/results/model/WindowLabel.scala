package results.model

import java.util.Locale

/** What a window of the run is, as its profile or the summary names it. Run.json and summary.json hold
  * its fields (`results.archive.LabelDocument`) beside [[text]], its one spelling; only files of an older
  * schema, which hold the text alone, have it read back (`results.archive.StoredWindowLabel`).
  */
sealed trait WindowLabel {

  /** The label as run.json stores it and readers see it, e.g. "L3 R2 (4 users)", "cycle 2 (250 users)". */
  def text: String
}

object WindowLabel {

  /** Level `level` of a sweep (of `users` concurrent users, the whole run's) in repeat `repeat`. */
  final case class Level(level: Int, repeat: Int, users: Long) extends WindowLabel {
    def text: String = s"L$level R$repeat (${WindowLabel.users(users)})"
  }

  /** Cycle `number` (from 1) of concurrency cycles, of `users` concurrent users when the profile said. */
  final case class Cycle(number: Int, users: Option[Long]) extends WindowLabel {
    def text: String = s"cycle $number" + users.fold("")(u => s" (${WindowLabel.users(u)})")
  }

  /** The window of one fixed-work population (`scenario`), over its list of `scenarios`. */
  final case class FixedWork(scenario: String, scenarios: Long) extends WindowLabel {
    def text: String = s"$scenario, fixed work (${count(scenarios)} scenarios)"
  }

  /** The steady window as configured by results.steadyWindow. */
  case object Configured extends WindowLabel { val text = "configured" }

  /** The steady window where neither the profile nor the settings gave one: the whole injection. */
  case object WholeRun extends WindowLabel { val text = "whole run" }

  /** The quarters of the steady window the degradation compares. */
  case object FirstQuarter extends WindowLabel { val text = "first quarter" }
  case object LastQuarter extends WindowLabel { val text = "last quarter" }

  /** A window its profile names (a steady phase: "steady", "hold"), or one a run.json holds in a form no
    * other label has.
    */
  final case class Named(text: String) extends WindowLabel

  /** The steady phase of an open profile and of a closed ramp-and-hold. */
  val Steady: WindowLabel = Named("steady")
  val Hold: WindowLabel = Named("hold")

  private def count(n: Long): String = String.format(Locale.ROOT, "%,d", Long.box(n))

  /** "1 user", "1,000 users". */
  def users(n: Long): String = s"${count(n)} user${if (n == 1) "" else "s"}"
}
