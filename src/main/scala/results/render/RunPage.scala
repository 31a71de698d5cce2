package results.render

import text.Formats

import results.model.{ Entry, RunSummary, SteadySource, WindowKind }
import results.summarize.LatencyAccumulator

import results.render.SitePages.fields

/** results/<run>/run.html: the verdict and why first, what was run, then the charts (latency by
  * percentile per request, percentiles and throughput over time with the windows shaded, the windows'
  * knee) and tables (errors by status and message, windows, injector health).
  */
object RunPage {

  /** Its Pebble template, site/run.peb. */
  val Template = "run"

  val FileName = "run.html"
  val ComparisonsFolder = "comparisons"
  val GatlingReport = "index.html"

  def render(summary: RunSummary, comparisons: Seq[(String, String)], files: Set[String]): String = {
    val s = summary
    val verdict = Verdicts.of(s)
    def row(e: Entry, name: String, requestsPerSecond: Entry => Double = _.figures.requestsPerSecond) = {
      val f = e.figures
      fields(
        "name" -> name,
        "count" -> f.count,
        "koPercent" -> Formats.number(f.koPercent),
        "rps" -> Formats.number(requestsPerSecond(e)),
        "p50" -> RequestColumns.percentile(f, 50),
        "p95" -> RequestColumns.percentile(f, 95),
        "p99" -> RequestColumns.percentile(f, 99),
        "max" -> f.maxMs,
        "apdex" -> Formats.apdex(f.apdex.score)
      )
    }
    val figures = (s.global +: s.requests).map(e => row(e, e.name))
    val systems = Option.when(SystemSections.shown(s))(SystemSections.rows(s)).getOrElse(Nil).map { r =>
      fields(
        "key" -> r.key,
        "verdict" -> r.verdict.word,
        "verdictClass" -> Verdicts.cssClass(r.verdict),
        "failedChecks" -> r.failedOfAll,
        "profile" -> r.system.profile,
        "users" -> r.users,
        "rps" -> Formats.number(r.figures.requestsPerSecond),
        "steadyRps" -> Formats.number(r.system.steady.requestsPerSecond),
        "p99" -> r.p99,
        "ko" -> r.figures.ko,
        "koPercent" -> Formats.number(r.figures.koPercent),
        "describe" -> SystemSections.describe(r),
        "failed" -> r.failed.map(c => s"${c.name}: ${c.outcome}"),
        "requests" -> SystemSections.entries(s, r.system).map { case (e, depth) =>
          row(e, if (e.path.isEmpty) r.system.subject else e.path.last, _.activeRequestsPerSecond) + ("depth" -> depth)
        }
      )
    }
    val errors = s.errors.map(e =>
      fields(
        "request" -> Entry.name(e.path),
        "status" -> e.status.fold("-")(_.toString),
        "message" -> e.message,
        "count" -> e.count
      )
    )
    val tallies = s.tallies.map { t =>
      fields(
        "name" -> t.name,
        "columns" -> t.columns,
        "rows" -> t.rows.map { case (key, _, cells) => fields("key" -> key, "cells" -> cells) }
      )
    }
    val windows = s.windows.map { w =>
      val f = w.global.map(_.figures)
      fields(
        "kind" -> w.window.kind.word,
        "label" -> w.window.label.text,
        "seconds" -> Formats.number(w.window.durationMs / 1000.0),
        "count" -> f.fold(0L)(_.count),
        "rps" -> f.fold("-")(x => Formats.number(x.requestsPerSecond)),
        "p50" -> f.fold("-")(RequestColumns.percentile(_, 50)),
        "p95" -> f.fold("-")(RequestColumns.percentile(_, 95)),
        "p99" -> f.fold("-")(RequestColumns.percentile(_, 99)),
        "max" -> f.fold("-")(_.maxMs.toString),
        "koPercent" -> f.fold("-")(x => Formats.number(x.koPercent)),
        "apdex" -> Formats.apdex(f.flatMap(_.apdex.score))
      )
    }
    val start = s.timeline.fold(s.run.startEpochMs)(_.startEpochMs)
    def shade(kind: WindowKind, label: String, from: Long, to: Long) =
      fields("kind" -> kind.word, "label" -> label, "fromS" -> (from - start) / 1000.0, "toS" -> (to - start) / 1000.0)
    val chartData = fields(
      "shards" -> s.shardOverlap.map(o =>
        fields(
          "shards" -> o.shards.map { sh =>
            def seconds(epochMs: Long) = (epochMs - o.firstStartEpochMs) / 1000.0
            fields(
              "name" -> s"shard ${sh.shard}",
              "runId" -> sh.runId,
              "run" -> Seq(seconds(sh.startEpochMs), seconds(sh.endEpochMs)),
              "steady" -> Seq(seconds(sh.steadyStartEpochMs), seconds(sh.steadyEndEpochMs))
            )
          },
          "shared" -> Option.when(o.sharedSteadyMs > 0)(
            Seq(o.shards.map(_.steadyStartEpochMs).max, o.shards.map(_.steadyEndEpochMs).min).map(t =>
              (t - o.firstStartEpochMs) / 1000.0
            )
          )
        )
      ),
      "capacity" -> results.render.CapacityPage.chartData(s),
      "percentiles" -> (s.global +: s.requests).map(e =>
        fields(
          "name" -> e.name,
          "curve" -> SitePages.percentileCurve(LatencyAccumulator.decode(e.mergeable.histogram)),
          "limits" -> SitePages.percentileLimits(s, e.name)
        )
      ),
      "timeline" -> s.timeline.map(t =>
        fields(
          "bucketS" -> t.bucketMs / 1000.0,
          "series" -> t.series.map(series =>
            fields(
              "name" -> series.name,
              "limits" -> SitePages.percentileLimits(s, series.name),
              "points" -> series.points.map(p =>
                Seq[Double](p.offsetMs / 1000.0, p.count.toDouble, p.ko.toDouble, p.p50Ms, p.p95Ms, p.p99Ms)
              )
            )
          )
        )
      ),
      "endS" -> (s.run.endEpochMs - start) / 1000.0,
      // A steady window that is the whole run marks nothing out.
      "shaded" -> (Option.when(s.steady.source != SteadySource.WholeRun)(
        shade(WindowKind.Steady, s"steady window (${s.steady.source.text})", s.steady.startEpochMs, s.steady.endEpochMs)
      ).toSeq ++
        s.windows.filterNot(_.window.kind == WindowKind.Steady).map(w =>
          shade(w.window.kind, w.window.label.text, w.window.startEpochMs, w.window.endEpochMs)
        )),
      // The knee: only a run split into cycles or levels has one (its steady window is no point on it).
      "windows" -> s.windows.filterNot(_.window.kind == WindowKind.Steady).flatMap(w =>
        w.global.map(g =>
          fields(
            "label" -> w.window.label.text,
            "concurrency" -> Verdicts.concurrency(w.window.label),
            "rps" -> g.figures.requestsPerSecond,
            "p99" -> g.figures.p99Ms
          )
        )
      )
    )
    SitePages.render(
      Template,
      fields(
        "assets" -> s"../${SitePages.AssetsFolder}",
        "runId" -> s.run.runId,
        "verdict" -> verdict.label,
        "verdictClass" -> verdict.cssClass,
        "reasons" -> verdict.reasons,
        "warnings" -> s.gate.fold(s.warnings)(g => s.warnings ++ g.warnings),
        "metadata" -> RunPageTables.metadata(s),
        "shards" -> s.shardOverlap.map(o =>
          fields(
            "headline" -> ShardSections.headline(o),
            "columns" -> ShardSections.Columns,
            "rows" -> ShardSections.rows(o)
          )
        ),
        "overrides" -> s.run.overrides.toSeq.sorted.map { case (k, v) => fields("key" -> k, "value" -> v) },
        "files" -> files.toSeq.sorted.map(f => fields("href" -> f, "label" -> fileLabel(f))),
        "comparisons" -> comparisons.map { case (folder, other) =>
          fields("href" -> s"../$ComparisonsFolder/$folder/${ComparePage.FileName}", "other" -> other)
        },
        "figures" -> figures,
        "intervals" -> s"${RequestColumns.intervalsCaption(s)}: ${RequestColumns.IntervalsNote}.",
        "checks" -> RunPageTables.checks(s),
        "systems" -> systems,
        "capacity" -> results.render.CapacityPage.sections(s),
        "unowned" -> (if (systems.isEmpty) Nil else SystemSections.unowned(s).map(e => row(e, e.name))),
        "errors" -> errors,
        "tallies" -> tallies,
        "windows" -> windows,
        "injector" -> s.injector.map(RunPageTables.injector),
        "hasTimeline" -> s.timeline.isDefined,
        "kneeWindows" -> s.windows.count(_.window.kind != WindowKind.Steady),
        "data" -> SitePages.json(chartData)
      )
    )
  }

  private def fileLabel(name: String): String = if (name == GatlingReport) "Gatling's report" else name
}
