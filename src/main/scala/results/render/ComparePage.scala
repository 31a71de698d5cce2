package results.render

import results.gate.RunComparison
import results.model.{ Entry, RunSummary }
import results.summarize.LatencyAccumulator

import results.render.SitePages.fields

/** results/comparisons/<A>_vs_<B>/compare.html (and comparison.md for a pull request): a warning first
  * when the runs' settings differ, then the regressions, each request's latency by percentile for A and B
  * on one log axis (every recorded value, no smoothing), and the table of differences.
  */
object ComparePage {

  /** Its Pebble template, site/compare.peb. */
  val Template = "compare"

  val FileName = "compare.html"
  val MarkdownName = "comparison.md"

  def render(comparison: RunComparison.Comparison): String = {
    val (a, b) = (comparison.before, comparison.after)
    val names = comparison.rows.map(_.name)
    def curve(s: RunSummary, name: String) =
      (if (name == Entry.GlobalName) Some(s.global)
       else s.systems.find(_.subject == name).map(_.global).orElse(s.requests.find(_.name == name)))
        .map(e => SitePages.percentileCurve(LatencyAccumulator.decode(e.mergeable.histogram)))
        .getOrElse(Nil)
    val charts = names.map(name =>
      fields(
        "name" -> name,
        "a" -> curve(a, name),
        "b" -> curve(b, name),
        "limits" -> SitePages.percentileLimits(b, name)
      )
    )
    SitePages.render(
      Template,
      fields(
        "assets" -> s"../../${SitePages.AssetsFolder}",
        "a" -> a.run.runId,
        "b" -> b.run.runId,
        "caption" -> RunComparison.caption(comparison),
        "differences" -> RunComparison.settingsDifferences(comparison),
        "regressions" -> RunComparison.regressions(comparison).map(_.name),
        "unresolved" -> RunComparison.notResolvedLine(comparison).orNull,
        "headroom" -> results.gate.HeadroomComparison.of(a, b).map(c => fields("line" -> c.line, "lost" -> c.lost)),
        "columns" -> RunComparison.Columns,
        "rows" -> comparison.rows.zip(RunComparison.cells(comparison)).map { case (row, cells) =>
          fields("cells" -> cells, "regression" -> row.regression, "unresolved" -> row.notResolved)
        },
        "data" -> SitePages.json(fields("a" -> a.run.runId, "b" -> b.run.runId, "charts" -> charts))
      )
    )
  }
}
