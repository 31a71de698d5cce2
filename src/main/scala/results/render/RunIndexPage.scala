package results.render

import results.model.{ ArchivedRun, Entry, RunShard, RunSummary, Unjudged, Verdict }

import text.Formats

import results.render.SitePages.{ fields, Fields }

/** results/index.html: every archived run with its verdict, the comparisons made, and the trends: per
  * simulation, target, profile, shard and overrides (runs with other settings are never one line) each
  * request's p50/p95/p99 over time. Runs that did not complete their plan, or whose injector was
  * saturated, are marked on the time axis and never drawn as a point.
  */
object RunIndexPage {

  /** Its Pebble template, site/index.peb. */
  val Template = "index"

  val FileName = "index.html"

  /** What makes two runs one series: a different value of any of these is another line. */
  final case class SeriesKey(
      simulation: String,
      target: String,
      profile: String,
      shard: RunShard,
      overrides: Map[String, String]
  ) {
    def title: String = s"$simulation on $target, $profile" + (if (shard == RunShard.Whole) "" else s", shard $shard")
    def settings: String =
      if (overrides.isEmpty) "no overrides"
      else overrides.toSeq.sorted.map { case (k, v) => s"$k=$v" }.mkString(" ")
  }

  def seriesKey(s: RunSummary): SeriesKey =
    SeriesKey(s.run.simulation, s.run.target, s.run.profile, s.run.shard, s.run.overrides)

  def render(
      runs: Seq[ArchivedRun],
      comparisons: Seq[String] = Nil,
      hasRunPage: ArchivedRun => Boolean = _ => true,
      hasHistory: Boolean = false
  ): String = {
    val rows = runs.reverse.map { run =>
      val s = run.summary
      val shown = s.map(Verdicts.of).getOrElse {
        val incomplete = run.context.exists(!_.course.reachedEnd)
        if (incomplete) Verdicts.Shown(Verdict.Incomplete, Nil)
        else Verdicts.Shown(Unjudged.NoSummary, run.unreadable.toSeq)
      }
      fields(
        "name" -> run.name,
        "runPage" -> (s.isDefined && hasRunPage(run)),
        "simulation" -> run.simulation,
        "start" -> Formats.utc(run.startEpochMs),
        "target" -> s.map(_.run.target).orElse(run.context.map(_.target)).getOrElse("?"),
        "profile" -> s.map(_.run.profile).orElse(run.context.map(_.profile)).getOrElse("?"),
        "shard" -> s.map(_.run.shard.text).orElse(run.context.map(_.shard.text)).getOrElse("-"),
        // Collapsed to a count: a run of every system may carry dozens.
        "overrides" -> s.map(
          _.run.overrides
        ).orElse(run.context.map(_.overrides)).getOrElse(Map.empty).toSeq.sorted.map {
          case (k, v) => s"$k=$v"
        },
        "systems" -> systemsOf(run),
        "verdict" -> shown.label,
        "verdictClass" -> shown.cssClass,
        "p99" -> s.fold("-")(_.global.figures.p99Ms.toString),
        "rps" -> s.fold("-")(x => Formats.number(x.global.figures.requestsPerSecond)),
        // A sum over systems' steady windows would mean nothing: each system's is on its run page.
        "transactions" -> s.filter(_.definesTransactions).fold("-")(x =>
          if (SystemSections.shown(x)) "per system" else Formats.number(x.steady.transactionsPerHour)
        ),
        "summary" -> s.isDefined
      )
    }
    val summarised = runs.flatMap(_.summary)
    // A run stopped before Gatling wrote any figures has its run.json only: marked on its series too.
    val unsummarised = runs.filter(_.summary.isEmpty).flatMap(run =>
      run.context.map(c => SeriesKey(c.simulation, c.target, c.profile, c.shard, c.overrides) -> run)
    )
    val keys = (summarised.map(seriesKey) ++ unsummarised.map(_._1)).distinct
    val trends = keys.map(key => key -> summarised.filter(seriesKey(_) == key)).sortBy { case (k, _) =>
      (k.simulation, k.target, k.profile, k.shard.text, k.settings)
    }.zipWithIndex.map { case ((key, group), index) =>
      val ordered = group.sortBy(_.run.startEpochMs)
      val (drawn, marked) = ordered.partition(s => Verdicts.of(s).drawable)
      // Each system's requests together are a line of their own: runs are paired system by system.
      val names =
        (Entry.GlobalName +: ordered.flatMap(_.systems.map(_.subject)) ++: ordered.flatMap(
          _.requests.map(_.name)
        )).distinct
      // The thresholds of the newest gated run: what the series are held to now.
      val limitsFrom = ordered.reverse.find(_.gate.isDefined)
      fields(
        "id" -> s"trend-$index",
        "title" -> key.title,
        "settings" -> key.settings,
        "runs" -> (ordered.size + unsummarised.count(_._1 == key)),
        "series" -> names.map { name =>
          fields(
            "name" -> name,
            "limits" -> limitsFrom.fold(Seq.empty[Fields])(SitePages.percentileLimits(_, name)),
            "points" -> drawn.flatMap { s =>
              val figures =
                if (name == Entry.GlobalName) Some(s.global.figures)
                else
                  s.systems.find(_.subject == name).map(_.global.figures).orElse(
                    s.requests.find(_.name == name).map(_.figures)
                  )
              figures.map(f =>
                fields(
                  "t" -> s.run.startEpochMs,
                  "run" -> s.run.runId,
                  "verdict" -> Verdicts.of(s).label,
                  "p50" -> f.p50Ms,
                  "p95" -> f.p95Ms,
                  "p99" -> f.p99Ms
                )
              )
            }
          )
        },
        "marked" -> (marked.map(s => (s.run.startEpochMs, s.run.runId, Verdicts.of(s).label)) ++
          unsummarised.collect {
            case (k, run) if k == key =>
              val verdict =
                if (run.context.exists(!_.course.reachedEnd)) Verdict.Incomplete else Unjudged.NoSummary
              (run.startEpochMs, run.name, verdict.word)
          }).sortBy(_._1).map { case (t, run, verdict) => fields("t" -> t, "run" -> run, "verdict" -> verdict) }
      )
    }
    val requests =
      (Entry.GlobalName +: summarised.flatMap(_.systems.map(_.subject)) ++: summarised.flatMap(
        _.requests.map(_.name)
      )).distinct
    SitePages.render(
      Template,
      fields(
        "assets" -> SitePages.AssetsFolder,
        "generated" -> Formats.utc(System.currentTimeMillis),
        "history" -> hasHistory,
        "runs" -> rows,
        "comparisons" -> comparisons.map(c =>
          fields("href" -> s"${RunPage.ComparisonsFolder}/$c/${ComparePage.FileName}", "name" -> c)
        ),
        "trends" -> trends.map(t =>
          fields("id" -> t("id"), "title" -> t("title"), "settings" -> t("settings"), "runs" -> t("runs"))
        ),
        "requests" -> requests,
        "data" -> SitePages.json(fields("trends" -> trends))
      )
    )
  }

  /** The run's systems, grouped by verdict where the run was gated and read system by system
    * ("FAIL: raid, eroll", "PASS: eol, dvp"): eleven systems stay one short cell.
    */
  private def systemsOf(run: ArchivedRun): Seq[Fields] =
    run.summary match {
      case Some(s) if SystemSections.shown(s) =>
        val rows = SystemSections.rows(s)
        rows.map(_.verdict).distinct.map(v =>
          fields(
            "verdict" -> v.word,
            "verdictClass" -> Verdicts.cssClass(v),
            "keys" -> rows.filter(_.verdict == v).map(_.key).mkString(", ")
          )
        )
      case other =>
        val keys = other.map(_.run.systems).orElse(run.context.map(_.systems)).getOrElse(Nil)
        Seq(fields("verdict" -> "", "verdictClass" -> "", "keys" -> keys.mkString(", ")))
    }
}
