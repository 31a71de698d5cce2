package results.render

import results.gate.CapacityGate

import results.model.{ CapacityResult, GateCheck, MetricUnit, SearchEnd, Side, UnjudgedPercentile }

import text.{ Formats, MarkdownTable }

import Formats.{ load, multiple }

/** A capacity search in words: the console's one-line answer and summary.md's section. */
object CapacityText {

  /** "mint raid p99 3,420 ms > 3,000 ms", "raid All Requests error % 12.5 % > 1 %". */
  def breach(check: GateCheck): String = {
    def value(v: Double) = check.metric.unit match {
      case MetricUnit.Milliseconds => MetricUnit.Milliseconds.live(v)
      case unit                    => s"${Formats.checkValue(v)}${unit.suffix}"
    }
    s"${check.subject} ${check.metric.name} ${check.measured.fold("none")(value)} ${if (check.atMost) ">" else "<"} ${value(check.allowed)}"
  }

  /** The console's answer, e.g. `raid: carries 4.3x its reference load (215 new users/s) within its
    * thresholds; first to fail at 4.6x: mint raid p99 3,420 ms > 3,000 ms (system)`.
    */
  def oneLine(r: CapacityResult): String = {
    val unit = r.record.loadUnit.text
    val failure =
      r.firstFailure.flatMap(f => f.worst.map(c => s"first to fail at ${multiple(f.multiple)}: ${breach(c)}"))
    val side = r.limitedBy.fold("")(s => s" (${s.name})")
    val carries = (r.headroom, r.limitedBy) match {
      case (None, Some(Side.Injector)) =>
        "no capacity figure: the injector limited the search, its own health checks failed"
      case (None, Some(Side.Machine)) =>
        "no capacity figure: the machine was busy with other work as its first failing step ran"
      case (None, _)                     => "no capacity figure: no step was judged"
      case (Some(h), Some(Side.Sandbox)) =>
        s"the sandbox, not the system, limited the search at ${multiple(h)} its reference load (${load(h * r.record.referenceLoad, unit)}): no capacity figure for the system"
      case (Some(0.0), _) => "does not carry its reference load within its thresholds"
      case (Some(h), _)   =>
        val atLeast = if (r.firstFailure.isEmpty || !r.resolved) "at least " else ""
        val accurate =
          r.accuracy.fold("")(a => f" (accurate to ${100 * a / h}%.1f %%: at least ${multiple(h - a)})")
        s"carries $atLeast${multiple(h)} its reference load (${load(h * r.record.referenceLoad, unit)}) within its thresholds$accurate"
    }
    val rest = failure.fold(
      if (r.record.end == SearchEnd.MaxMultiple) s": every step up to ${multiple(r.record.maxMultiple)} passed" else ""
    )(f => s"; $f$side")
    val unresolved = r.unresolved.fold("")(why => s"; the search ${CapacityGate.unresolvedText(r, why)}")
    s"${r.system}: $carries$rest$unresolved"
  }

  /** What the searches' steps were judged on, beside the gate's own checks: "capacity steps judged on 23 checks
    * over 5 steps, 2 percentiles not judged on too few answers"; None without a search.
    */
  def judged(capacity: Seq[CapacityResult]): Option[String] =
    Option.when(capacity.nonEmpty) {
      val steps = capacity.flatMap(_.steps)
      val unjudged = steps.map(_.unjudged.size).sum
      s"capacity steps judged on ${counted(steps.map(_.checks.size).sum, "check")} over ${counted(steps.size, "step")}" +
        (if (unjudged == 0) "" else s", ${counted(unjudged, "percentile")} not judged on too few answers")
    }

  private def counted(n: Int, singular: String): String = s"$n $singular${if (n == 1) "" else "s"}"

  /** "gamma - mint p99 (40 of 3,000 answers)": a percentile a step had too few answers to judge. */
  def notJudged(u: UnjudgedPercentile): String =
    s"${u.subject} ${u.metric.name} (${u.answers} of ${u.needed} answers)"

  private val StepColumns = {
    import MarkdownTable.{ figures, text }
    Seq("Step", "Multiple", "Load").map(figures) ++ Seq("Verdict", "Judged window (UTC)").map(text) ++
      Seq("Requests", "KO", "Worst p99").map(figures) :+ text("Broke")
  }

  /** summary.md's section for each searched system: its answer, then every step in the order it ran. */
  def markdown(capacity: Seq[CapacityResult]): Seq[String] =
    capacity.map { r =>
      val rec = r.record
      val header = Seq(
        s"## Capacity: ${MarkdownTable.escape(r.system)}",
        "",
        MarkdownTable.escape(oneLine(r)),
        "",
        s"Reference: profile `${rec.referenceProfile}` at ${load(rec.referenceLoad, rec.loadUnit.text)} (1x); " +
          s"resolution ${multiple(rec.resolution)}, at most ${multiple(rec.maxMultiple)}; ended: ${rec.end.name}.",
        ""
      )
      val rows = r.steps.zipWithIndex.map { case (s, i) =>
        val f = s.figures
        val worst = f.requests.maxByOption(_.p99Ms).fold("")(q => s"${q.p99Ms} ms (${q.name})")
        val window = s"${Formats.timeOfDay(f.step.fromEpochMs)} to ${Formats.timeOfDay(f.step.toEpochMs)}"
        val broke = (s.failures.map(breach) ++ s.unjudged.map(u => s"not judged: ${notJudged(u)}")).mkString("; ")
        Seq(
          (i + 1).toString,
          multiple(s.multiple),
          load(s.multiple * rec.referenceLoad, rec.loadUnit.text),
          s.label,
          window,
          f.count.toString,
          f.ko.toString,
          worst,
          broke
        )
      }
      (header :+ MarkdownTable(StepColumns, rows).render).mkString("\n")
    }

}
