package results.gate

import results.model.{ CheckRule, Entry, Figures, RunSummary, SystemSummary }
import text.{ Formats, MarkdownTable }

/** Two runs side by side, request by request (baseline first). */
object RunComparison {

  /** @param change what the data says of its p99 against the baseline's; None when only one run made it */
  final case class Row(name: String, before: Option[Figures], after: Option[Figures], change: Option[BaselineChange]) {
    def regression: Boolean = change.contains(BaselineChange.Regressed)
    def notResolved: Boolean = change.contains(BaselineChange.NotResolved)
    def status: String =
      if (before.isEmpty) "new"
      else if (after.isEmpty) "gone"
      else if (regression || notResolved) change.get.word
      else ""
  }

  final case class Comparison(before: RunSummary, after: RunSummary, rows: Seq[Row])

  /** @param rule how each p99 is judged against its baseline's: by the runs' intervals, unless the point-estimate
    *             gate (`results.intervals.gate = false`) asks for one number against one number
    */
  def compare(
      before: RunSummary,
      after: RunSummary,
      policy: BaselinePolicy,
      rule: CheckRule = CheckRule.Interval
  ): Comparison = {
    def change(name: String, b: Option[Figures], a: Option[Figures]) =
      b.zip(a).map { case (x, y) => BaselineChange.of(Gate.regressionCheck(name, x, y, policy, rule)) }
    Gate.requireComparable(after, before)
    val paths = (after.requests.map(_.path) ++ before.requests.map(_.path)).distinct
    def figures(summary: RunSummary, path: List[String]) = summary.requests.find(_.path == path).map(_.figures)
    val (globalBefore, globalAfter) = (Some(before.global.figures), Some(after.global.figures))
    val global = Row(Entry.GlobalName, globalBefore, globalAfter, change(Entry.GlobalName, globalBefore, globalAfter))
    val rows = paths.map { path =>
      val (b, a) = (figures(before, path), figures(after, path))
      Row(Entry.name(path), b, a, change(Entry.name(path), b, a))
    }
    // Each system's requests together, paired by its key: a system that ran in one run only has one side.
    val systems = (after.systems.map(_.key) ++ before.systems.map(_.key)).distinct.map { key =>
      def of(summary: RunSummary) = summary.systems.find(_.key == key).map(_.global.figures)
      val (b, a) = (of(before), of(after))
      Row(SystemSummary.subject(key), b, a, change(SystemSummary.subject(key), b, a))
    }
    Comparison(before, after, (global +: systems) ++ rows)
  }

  /** Change in percent from `before` to `after`; "-" when there is nothing to compare. */
  def change(before: Option[Double], after: Option[Double]): String =
    (before, after) match {
      case (Some(b), Some(a)) if b != 0 => f"${(a - b) * 100 / b}%+.1f%%"
      case (Some(_), Some(_))           => "0 → " + Formats.number(after.get)
      case _                            => "-"
    }

  val Columns: Seq[String] =
    Seq(
      "Request",
      "p50 A",
      "p50 B",
      "Δ p50",
      "p95 A",
      "p95 B",
      "Δ p95",
      "p99 A",
      "p99 B",
      "Δ p99",
      "% KO A",
      "% KO B",
      "Δ % KO",
      "Cnt/s A",
      "Cnt/s B",
      "Δ Cnt/s",
      "Status"
    )

  def caption(comparison: Comparison): String =
    s"Comparing ${comparison.before.run.runId} (A, baseline) with ${comparison.after.run.runId} (B); times in ms"

  /** One row of cells per request, under [[Columns]]; the last cell says "new", "gone", "REGRESSION" or "not resolved". */
  def cells(comparison: Comparison): Seq[Seq[String]] = {
    def cell(figures: Option[Figures])(value: Figures => Double): String =
      figures.map(f => Formats.number(value(f))).getOrElse("-")
    def triple(row: Row, value: Figures => Double): Seq[String] =
      Seq(cell(row.before)(value), cell(row.after)(value), change(row.before.map(value), row.after.map(value)))
    comparison.rows.map { row =>
      Seq(row.name) ++ triple(row, _.p50Ms.toDouble) ++ triple(row, _.p95Ms.toDouble) ++ triple(
        row,
        _.p99Ms.toDouble
      ) ++
        triple(row, _.koPercent) ++ triple(row, _.requestsPerSecond) :+ row.status
    }
  }

  /** What differs between the runs' settings, one line each: figures from other settings are not a regression. */
  def settingsDifferences(comparison: Comparison): Seq[String] = {
    val (a, b) = (comparison.before, comparison.after)
    def differ(name: String, x: String, y: String) = Option.when(x != y)(s"$name: A $x, B $y")
    val overrides = (a.run.overrides.keySet ++ b.run.overrides.keySet).toSeq.sorted.flatMap { key =>
      def value(s: RunSummary) = s.run.overrides.getOrElse(key, "(not set)")
      differ(s"override $key", value(a), value(b))
    }
    Seq(
      differ("simulation", a.run.simulation, b.run.simulation),
      differ("target", a.run.target, b.run.target),
      differ("profile", a.run.profile, b.run.profile),
      differ("shard", a.run.shard.text, b.run.shard.text),
      differ("Apdex T (ms)", a.settings.apdexThresholdMs.toString, b.settings.apdexThresholdMs.toString),
      differ("slow above (ms)", a.settings.slowThresholdMs.toString, b.settings.slowThresholdMs.toString),
      differ("group metric", a.settings.groupMetric, b.settings.groupMetric),
      differ("percentiles from", a.settings.percentileSource, b.settings.percentileSource)
    ).flatten ++ overrides
  }

  def regressions(comparison: Comparison): Seq[Row] = comparison.rows.filter(_.regression)

  /** The rows whose p99 the two runs' samples cannot tell from a rise beyond the policy, nor from none. */
  def notResolved(comparison: Comparison): Seq[Row] = comparison.rows.filter(_.notResolved)

  /** One line on what no row resolved, for the console and comparison.md; None when every row was resolved. */
  def notResolvedLine(comparison: Comparison): Option[String] =
    Option(notResolved(comparison)).filter(_.nonEmpty).map(rows =>
      s"Not resolved: ${rows.map(_.name).mkString(", ")} (the samples cannot tell a p99 rise beyond the baseline policy from noise)"
    )

  /** comparison.md: the settings warning, the caption and the table, for a pull request. */
  def markdown(comparison: Comparison): String = {
    val differences = settingsDifferences(comparison)
    val warning =
      if (differences.isEmpty) ""
      else
        "**Warning: A and B ran with different settings**; a difference below may come from them, not from the change:\n\n" +
          differences.map(d => s"- $d\n").mkString + "\n"
    val regressed = regressions(comparison)
    val verdict =
      if (regressed.isEmpty && notResolved(comparison).isEmpty)
        "No request's p99 regressed beyond the baseline policy.\n\n"
      else if (regressed.isEmpty) "No request's p99 was shown to regress beyond the baseline policy.\n\n"
      else s"**REGRESSION** in ${regressed.map(_.name).mkString(", ")} (p99 beyond the baseline policy).\n\n"
    val unresolved = notResolvedLine(comparison).fold("")(line => s"$line.\n\n")
    val headroom =
      results.gate.HeadroomComparison.of(comparison.before, comparison.after).map(c => s"- ${c.line}\n")
    warning + verdict + unresolved + headroom.mkString(
      "",
      "",
      if (headroom.isEmpty) "" else "\n"
    ) + table(comparison) + "\n"
  }

  /** The Markdown table of comparison.md, every column headed. */
  def table(comparison: Comparison): String = {
    val columns = Columns.zipWithIndex.map { case (heading, i) =>
      MarkdownTable.Column(heading, figures = i > 0 && i < Columns.size - 1)
    }
    s"${caption(comparison)}\n\n${MarkdownTable(columns, cells(comparison)).render}"
  }
}
