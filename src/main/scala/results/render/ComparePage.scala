package results.render

import results.archive.RunArchive
import results.gate.RunComparison
import results.model.{ Entry, RunSummary }
import results.summarize.LatencyAccumulator

import results.render.SitePages.fields

import java.nio.file.{ Files, Path }

/** results/comparisons/<A>_vs_<B>/compare.html (and comparison.md for a pull request): a warning first
  * when the runs' settings differ, then the regressions, each request's latency by percentile for A and B
  * on one log axis (every recorded value, no smoothing), and the table of differences.
  */
object ComparePage {

  /** Its Pebble template, site/compare.peb. */
  val Template = "compare"

  val FileName = "compare.html"
  val MarkdownName = "comparison.md"
  val Separator = "_vs_"

  /** Writes both files and the run pages of A and B (which link to it); returns the folder. */
  def write(root: Path, comparison: RunComparison.Comparison): Path = {
    val (a, b) = (comparison.before.run.runId, comparison.after.run.runId)
    val folder = Files.createDirectories(root.resolve(RunPage.ComparisonsFolder).resolve(s"$a$Separator$b"))
    SitePages.writeAssets(root)
    RunArchive.writeAtomically(folder.resolve(FileName), render(comparison))
    RunArchive.writeAtomically(folder.resolve(MarkdownName), RunComparison.markdown(comparison))
    Seq(comparison.before, comparison.after).foreach { s =>
      val runDir = root.resolve(s.run.runId)
      if (Files.isDirectory(runDir)) RunPage.write(runDir, s)
    }
    folder
  }

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
        "headroom" -> results.capacity.HeadroomComparison.of(a, b).map(c => fields("line" -> c.line, "lost" -> c.lost)),
        "columns" -> RunComparison.Columns,
        "rows" -> RunComparison.cells(comparison).map(cells =>
          fields("cells" -> cells, "regression" -> cells.lastOption.contains("REGRESSION"))
        ),
        "data" -> SitePages.json(fields("a" -> a.run.runId, "b" -> b.run.runId, "charts" -> charts))
      )
    )
  }
}
