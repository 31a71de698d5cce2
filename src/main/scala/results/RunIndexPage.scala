package results

import java.nio.file.Path
import java.time.Instant

/** results/index.html: every archived run, and per simulation, target and profile the p99 of each request across runs.
  * Static and self-contained (inline CSS and SVG, no scripts) so it opens offline.
  */
object RunIndexPage {
  val FileName = "index.html"
  private val Palette =
    Seq("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

  def write(root: Path): Path = {
    val file = root.resolve(FileName)
    RunArchive.writeAtomically(file, render(RunArchive.runs(root)))
    file
  }

  def render(runs: Seq[RunArchive.ArchivedRun]): String = {
    val rows = runs.reverse.map { run =>
      val s = run.summary
      val verdict = s
        .flatMap(_.gate)
        .map(_.label)
        .orElse(run.context.filterNot(_.course.reachedEnd).map(_ => GateVerdict.Incomplete))
        .getOrElse(if (s.isEmpty) "NO SUMMARY" else "NOT GATED")
      val verdictClass =
        verdict match { case "PASS" => "pass"; case "FAIL" | GateVerdict.Incomplete => "fail"; case _ => "none" }
      s"""<tr><td><a href="${attr(run.name)}/index.html">${html(run.name)}</a></td><td>${html(
          run.simulation
        )}${s.fold("")(x => s" (${html(x.run.systems.mkString(", "))})")}</td>""" +
        s"""<td>${utc(run.startEpochMs)}</td><td>${html(
            s.map(_.run.target).orElse(run.context.map(_.target)).getOrElse("?")
          )}</td>""" +
        s"""<td>${html(s.map(_.run.profile).orElse(run.context.map(_.profile)).getOrElse("?"))}</td><td>${html(
            s.map(_.run.shard).getOrElse("-")
          )}</td>""" +
        s"""<td class="$verdictClass">$verdict</td><td class="n">${s.map(
            _.global.figures.p99Ms.toString
          ).getOrElse("-")}</td>""" +
        s"""<td class="n">${s.map(x => SummaryMarkdown.number(x.global.figures.requestsPerSecond)).getOrElse(
            "-"
          )}</td>""" +
        s"""<td class="n">${s.filter(_.definesTransactions).map(x =>
            SummaryMarkdown.number(x.steady.transactionsPerHour)
          ).getOrElse("-")}</td>""" +
        s"""<td>${if (s.isDefined) s"""<a href="${attr(run.name)}/summary.md">summary.md</a>""" else ""}</td></tr>"""
    }
    // One trend per simulation, target and profile: a smoke run's p99 says nothing about a reference run's.
    val charts =
      runs.flatMap(_.summary).groupBy(s => (s.run.simulation, s.run.target, s.run.profile)).toSeq.sortBy(_._1).map {
        case ((simulation, target, profile), summaries) =>
          s"<h2>${html(simulation)} on ${html(target)}, ${html(profile)}: p99 per request across runs (ms)</h2>\n" +
            p99Chart(summaries.sortBy(_.run.startEpochMs))
      }
    s"""<!DOCTYPE html>
       |<html lang="en"><head><meta charset="utf-8"><title>Load-test runs</title>
       |<style>
       |body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;font-size:.9em}
       |td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}td.n{text-align:right}
       |.pass{background:#d7f5d7}.fail{background:#f8d0d0;font-weight:bold}.none{background:#eee}
       |svg{background:#fafafa;border:1px solid #ddd}.legend span{display:inline-block;margin-right:1.2em;font-size:.85em}
       |</style></head><body>
       |<h1>Load-test runs</h1>
       |<p>${runs.size} archived runs, newest first. Generated ${utc(System.currentTimeMillis)} UTC.</p>
       |<table><thead><tr><th>Run (report)</th><th>Simulation</th><th>Start (UTC)</th><th>Target</th><th>Profile</th><th>Shard</th><th>Verdict</th><th>Global p99 (ms)</th><th>Requests/s</th><th>Transactions/h (steady)</th><th>Summary</th></tr></thead>
       |<tbody>
       |${rows.mkString("\n")}
       |</tbody></table>
       |${charts.mkString("\n")}
       |</body></html>
       |""".stripMargin
  }

  /** A line per request (and the global line), x = run in time order, y = p99. */
  private def p99Chart(summaries: Seq[RunSummary]): String = {
    val (width, height, left, bottom, top, right) = (900, 320, 60, 40, 15, 20)
    val series = (Entry.GlobalName +: summaries.flatMap(_.requests.map(_.name)).distinct).map { name =>
      name -> summaries.map(s =>
        if (name == Entry.GlobalName) Some(s.global.figures.p99Ms)
        else s.requests.find(_.name == name).map(_.figures.p99Ms)
      )
    }
    val maxY = math.max(1, series.flatMap(_._2.flatten).maxOption.getOrElse(1))
    val plotWidth = width - left - right
    val plotHeight = height - top - bottom
    def x(i: Int): Double =
      left + (if (summaries.size == 1) plotWidth / 2.0 else i * plotWidth.toDouble / (summaries.size - 1))
    def y(v: Int): Double = top + plotHeight - v * plotHeight.toDouble / maxY
    val grid = (0 to 4).map { k =>
      val v = maxY * k / 4
      f"""<line x1="$left" x2="${width - right}" y1="${y(v)}%.1f" y2="${y(
          v
        )}%.1f" stroke="#ddd"/><text x="${left - 6}" y="${y(v) + 4}%.1f" font-size="11" text-anchor="end">$v</text>"""
    }
    val xLabels = summaries.zipWithIndex.map { case (s, i) =>
      f"""<text x="${x(i)}%.1f" y="${height - bottom + 16}" font-size="10" text-anchor="middle"><title>${html(
          s.run.runId
        )}</title>${i + 1}</text>"""
    }
    val lines = series.zipWithIndex.map { case ((name, values), k) =>
      val colour = Palette(k % Palette.size)
      val points = values.zipWithIndex.collect { case (Some(v), i) => (x(i), y(v), v, summaries(i).run.runId) }
      val path = points.map { case (px, py, _, _) => f"$px%.1f,$py%.1f" }.mkString(" ")
      val dots = points.map { case (px, py, v, run) =>
        f"""<circle cx="$px%.1f" cy="$py%.1f" r="3" fill="$colour"><title>${html(name)}: $v ms (${html(
            run
          )})</title></circle>"""
      }
      s"""<polyline fill="none" stroke="$colour" stroke-width="${if (k == 0) 3
        else 1.5}" points="$path"/>""" + dots.mkString
    }
    val legend = series.zipWithIndex.map { case ((name, _), k) =>
      s"""<span style="color:${Palette(k % Palette.size)}">&#9632; ${html(name)}</span>"""
    }
    s"""<svg xmlns="http://www.w3.org/2000/svg" width="$width" height="$height" role="img">${grid.mkString}${xLabels.mkString}${lines.mkString}""" +
      s"""<text x="${left + plotWidth / 2}" y="${height - 4}" font-size="11" text-anchor="middle">run (oldest to newest)</text></svg>""" +
      s"""<div class="legend">${legend.mkString}</div>"""
  }

  private def utc(epochMs: Long): String =
    Instant.ofEpochMilli(epochMs).toString.replace("T", " ").replaceAll("\\.\\d+Z$|Z$", "")
  private def html(text: String): String =
    text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
  private def attr(text: String): String = html(text)
}
