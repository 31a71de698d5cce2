package results

import results.archive.{ ComparisonRecord, HistoryStore, RunArchive }
import results.gate.RunComparison
import results.history.History
import results.model.{ RunSummary, ThroughputCurve }
import results.render.{ ComparePage, CurveChart, HistoryPage, RunIndexPage, RunPage, SitePages, WindowChart }

import java.nio.file.{ Files, Path }

/** The results site's files under results/: each page rendered by results.render from what the archive holds,
  * written here.
  */
object SiteFiles {
  private val ReportLinkMarker = "<!-- results: run page link -->"

  /** Writes the run page of the summarised run in `runDir` (results/<run>/) and links it from the archived copy
    * of Gatling's report.
    */
  def runPage(runDir: Path, summary: RunSummary): Path = {
    val root = runDir.getParent
    assets(root)
    val file = runDir.resolve(RunPage.FileName)
    // A run without figures links its summary.json only, as its page always has (it was written before the rest).
    val files = filesIn(runDir).filter(f => summary.hasFigures || f == RunArchive.SummaryJsonName)
    RunArchive.writeAtomically(file, RunPage.render(summary, comparisonsOf(root, summary.run.runId), files))
    linkFromGatlingReport(runDir)
    file
  }

  /** Writes results/index.html over every archived run. */
  def index(root: Path): Path = {
    assets(root)
    val file = root.resolve(RunIndexPage.FileName)
    val runs = RunArchive.runs(root)
    val hasRunPage = runs.filter(r => Files.isRegularFile(r.dir.resolve(RunPage.FileName))).map(_.dir).toSet
    val hasHistory = history(root).nonEmpty
    RunArchive.writeAtomically(
      file,
      RunIndexPage.render(runs, comparisons(root).map(_._1), r => hasRunPage(r.dir), hasHistory)
    )
    file
  }

  /** Writes results/history.html where the archive keeps a history (results/history/). */
  def history(root: Path): Option[Path] =
    Option.when(Files.isDirectory(HistoryStore.folder(root))) {
      val contents = HistoryStore.read(HistoryStore.folder(root))
      val file = root.resolve(HistoryPage.FileName)
      RunArchive.writeAtomically(
        file,
        HistoryPage.render(contents.records, History.changePoints(contents.records, contents.acceptances))
      )
      file
    }

  /** Writes both files of a comparison and the run pages of A and B (which link to it); returns its folder. */
  def comparison(root: Path, comparison: RunComparison.Comparison): Path = {
    val (a, b) = (comparison.before.run.runId, comparison.after.run.runId)
    val folder = Files.createDirectories(
      root.resolve(RunPage.ComparisonsFolder).resolve(ComparisonRecord.folderName(a, b))
    )
    assets(root)
    ComparisonRecord.write(folder, ComparisonRecord(a, b))
    RunArchive.writeAtomically(folder.resolve(ComparePage.FileName), ComparePage.render(comparison))
    RunArchive.writeAtomically(folder.resolve(ComparePage.MarkdownName), RunComparison.markdown(comparison))
    Seq(comparison.before, comparison.after).foreach { s =>
      val runDir = root.resolve(s.run.runId)
      if (Files.isDirectory(runDir)) runPage(runDir, s)
    }
    folder
  }

  /** Copies the pages' assets into `root`/assets/ where missing or different. */
  def assets(root: Path): Unit = {
    val folder = Files.createDirectories(root.resolve(SitePages.AssetsFolder))
    SitePages.assets.foreach { case (name, bytes) =>
      val file = folder.resolve(name)
      if (!Files.isRegularFile(file) || !java.util.Arrays.equals(Files.readAllBytes(file), bytes))
        RunArchive.writeAtomically(file, bytes)
    }
  }

  def windowChart(summary: RunSummary, runDir: Path): Path =
    written(runDir.resolve(WindowChart.FileName), WindowChart.png(summary))

  def curveChart(simulation: String, curve: ThroughputCurve, runDir: Path): Path =
    written(runDir.resolve(CurveChart.fileName(curve)), CurveChart.png(simulation, curve))

  private def written(file: Path, bytes: Array[Byte]): Path = {
    RunArchive.writeAtomically(file, bytes)
    file
  }

  /** The comparisons `compare` made with this run as A or B: (folder name, the other run). */
  def comparisonsOf(root: Path, runId: String): Seq[(String, String)] =
    comparisons(root).collect {
      case (name, r) if r.before == runId => name -> r.after
      case (name, r) if r.after == runId  => name -> r.before
    }.sorted

  private def comparisons(root: Path): Seq[(String, ComparisonRecord)] =
    ComparisonRecord.all(root.resolve(RunPage.ComparisonsFolder), ComparePage.FileName)

  private def filesIn(runDir: Path): Set[String] =
    Seq(
      RunPage.GatlingReport,
      RunArchive.SummaryMarkdownName,
      RunArchive.SummaryJsonName,
      RunArchive.JUnitName,
      WindowChart.FileName
    ).filter(name => Files.isRegularFile(runDir.resolve(name))).toSet

  /** A line under the top of the archived Gatling report pointing to the run page (added once). */
  private def linkFromGatlingReport(runDir: Path): Unit = {
    val report = runDir.resolve(RunPage.GatlingReport)
    if (Files.isRegularFile(report)) {
      val html = Files.readString(report)
      if (!html.contains(ReportLinkMarker)) {
        val link =
          s"""$ReportLinkMarker<div style="font:14px sans-serif;padding:6px 12px;background:#fff3c4;border-bottom:1px solid #d9c27a">""" +
            s"""<a href="${RunPage.FileName}">Verdict, settings and charts of this run (run.html)</a> &middot; <a href="../${RunIndexPage.FileName}">all runs</a></div>"""
        val withLink = "(?i)<body[^>]*>".r.findFirstMatchIn(html) match {
          case Some(body) => html.substring(0, body.end) + link + html.substring(body.end)
          case None       => html
        }
        if (withLink != html) RunArchive.writeAtomically(report, withLink)
      }
    }
  }
}
