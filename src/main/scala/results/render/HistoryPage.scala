package results.render

import results.history.{ ChangePoint, History, HistoryRecord, SeriesMetric }

import results.render.SitePages.fields
import text.Formats

/** results/history.html: per system, each series of the history charted run by run, its change points marked. */
object HistoryPage {

  /** Its Pebble template, site/history.peb. */
  val Template = "history"

  val FileName = "history.html"

  def render(records: Seq[HistoryRecord], changes: Seq[ChangePoint]): String = {
    val series = History.series(records)
    val bySystem = series.groupBy(_._1.system).toSeq.sortBy(_._1)
    val systems = bySystem.map { case (system, ofSystem) =>
      fields(
        "series" -> ofSystem.map { case (key, points) =>
          val s = key.settings
          fields(
            "title" -> s"${key.path} ${key.metric.name} (${s.simulation} ${s.profile} on ${s.target}, shard ${s.shard})",
            "metric" -> key.metric.name,
            "unit" -> unit(key.metric),
            "runs" -> points.map(_.runId),
            "values" -> points.map(p => Formats.round(p.value, 3)),
            "changes" -> changes.filter(_.key == key).map(c =>
              fields(
                "run" -> c.began.runId,
                "label" -> (HistoryText.changeSize(c) + c.began.deployedVersion.fold("")(v => s" ($v)"))
              )
            )
          )
        }
      )
    }
    SitePages.render(
      Template,
      fields(
        "assets" -> SitePages.AssetsFolder,
        "runs" -> records.size,
        "changes" -> changes.size,
        "systems" -> bySystem.map(_._1),
        "data" -> SitePages.json(fields("systems" -> systems))
      )
    )
  }

  private def unit(metric: SeriesMetric): String = metric match {
    case SeriesMetric.Ko         => "% KO"
    case SeriesMetric.Throughput => "requests/s"
    case _                       => "ms"
  }
}
