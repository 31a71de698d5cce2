package results.gate

import results.model.RunSummary
import text.Formats

/** A searched system's headroom in a baseline run (A) and in this one (B). None: that run gave no figure
  * (it searched no capacity for the system, or its injector limited the search).
  */
final case class HeadroomChange(system: String, before: Option[Double], after: Option[Double]) {

  /** "raid headroom: A 4.3x, B 5x: gained 0.7x", "... lost 1.3x", "... unchanged", "... B gave no figure". */
  def line: String = {
    def shown(h: Option[Double]) = h.fold("no figure")(Formats.multiple)
    val change = (before, after) match {
      case (Some(a), Some(b)) if b > a => s"gained ${Formats.multiple(b - a)}"
      case (Some(a), Some(b)) if b < a => s"lost ${Formats.multiple(a - b)}"
      case (Some(_), Some(_))          => "unchanged"
      case _                           => "not comparable"
    }
    s"$system capacity headroom: A ${shown(before)}, B ${shown(after)}: $change"
  }

  def lost: Boolean = before.zip(after).exists { case (a, b) => b < a }
}

object HeadroomComparison {

  /** One change per system either run searched, as each run's gate judged it. */
  def of(before: RunSummary, after: RunSummary): Seq[HeadroomChange] = {
    def headrooms(s: RunSummary) = s.gate.toSeq.flatMap(_.capacity).map(r => r.system -> r.headroom).toMap
    val (a, b) = (headrooms(before), headrooms(after))
    (after.capacity.map(_.system) ++ before.capacity.map(_.system)).distinct.map(key =>
      HeadroomChange(key, a.get(key).flatten, b.get(key).flatten)
    )
  }
}
