package results.render

import results.model.{ CapacityResult, Metric, RunSummary }

import text.Formats
import results.render.SitePages.{ fields, Fields }

/** run.html's section for each searched system: its answer, its steps, and the curve (load multiple against
  * each request's p99 and the errors, thresholds dashed) drawn by charts.js from [[chartData]].
  */
object CapacityPage {

  private def searches(s: RunSummary): Seq[CapacityResult] = s.gate.toSeq.flatMap(_.capacity)

  /** The template's rows: one per searched system. */
  def sections(s: RunSummary): Seq[Fields] =
    searches(s).map { r =>
      val rec = r.record
      fields(
        "system" -> r.system,
        "answer" -> CapacityText.oneLine(r),
        "reference" -> (s"1x is profile ${rec.referenceProfile} at ${Formats.load(rec.referenceLoad, rec.loadUnit.text)}; " +
          s"resolution ${Formats.multiple(rec.resolution)}, at most ${Formats.multiple(rec.maxMultiple)}; " +
          s"the search ended: ${rec.end.name}. Each step is judged on its window alone, by the gate's thresholds."),
        "steps" -> r.steps.zipWithIndex.map { case (step, i) =>
          val f = step.figures
          fields(
            "index" -> (i + 1),
            "multiple" -> Formats.multiple(step.multiple),
            "load" -> Formats.load(step.multiple * rec.referenceLoad, rec.loadUnit.text),
            "verdict" -> step.label,
            "windowS" -> Formats.number(
              math.round((f.step.toEpochMs - f.step.fromEpochMs) / 100.0) / 10.0
            ),
            "count" -> f.count,
            "koPercent" -> Formats.number(f.koPercent),
            "p99" -> f.requests.map(q => s"${q.name} ${q.p99Ms}").mkString(", "),
            "broke" -> step.failures.map(CapacityText.breach).mkString("; ")
          )
        }
      )
    }

  /** The curves: per request its p99 at each multiple; the p99 limits, one line per value (naming its requests);
    * the errors and their limit.
    */
  def chartData(s: RunSummary): Seq[Fields] =
    searches(s).map { r =>
      val steps = r.steps.sortBy(_.multiple)
      val names = steps.flatMap(_.figures.requests.map(_.name)).distinct
      def limit(subject: String, metric: Metric) =
        steps.flatMap(_.checks).find(c => c.subject == subject && c.metric == metric).map(_.allowed)
      fields(
        "system" -> r.system,
        "headroom" -> r.headroom,
        "firstFailure" -> r.firstFailure.map(_.multiple),
        "requests" -> names.map(name =>
          fields(
            "name" -> name,
            "points" -> steps.flatMap(st =>
              st.figures.requests.find(_.name == name).map(q => Seq[Any](st.multiple, q.p99Ms, st.label))
            )
          )
        ),
        "limits" -> names.flatMap(name => limit(name, Metric.Percentile(99)).map(name -> _)).groupBy(
          _._2
        ).toSeq.sortBy(_._1).map {
          case (ms, named) => fields("allowedMs" -> ms, "names" -> named.map(_._1).mkString(", "))
        },
        "errors" -> steps.map(st =>
          Seq[Any](st.multiple, Formats.round(st.figures.koPercent, 2), st.label)
        ),
        "errorLimit" -> steps.flatMap(_.checks).find(c =>
          c.metric == Metric.ErrorShare && c.subject == r.search.globalSubject
        ).map(_.allowed)
      )
    }
}
