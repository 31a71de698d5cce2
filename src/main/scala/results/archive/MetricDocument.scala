package results.archive

import com.fasterxml.jackson.annotation.JsonInclude
import com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT
import com.fasterxml.jackson.databind.annotation.JsonDeserialize

import results.model.Metric

import config.InputError

/** A check's metric in summary.json (`metricFields`, beside the `metric` and `unit` readers see), as on disk,
  * and the mapping to and from [[Metric]]: from schema 3 on its fields are stored and read back as they are; a
  * file of schema 2 has its words only, read back by [[StoredMetric]].
  *
  * @param kind percentile (with its rank), changePointRise (with its rank and the run where it began), errorShare,
  *             requestRate, p99VsBaseline, steadyDegradation, carried, inFlightGrowth, headroom or
  *             duplicateLockCount
  */
private[results] final case class MetricDocument(
    kind: String,
    @JsonInclude(NON_ABSENT) @JsonDeserialize(contentAs = classOf[java.lang.Double]) rank: Option[Double] = None,
    @JsonInclude(NON_ABSENT) run: Option[String] = None
)

private[results] object MetricDocument {
  private val Percentile = "percentile"
  private val ChangePointRise = "changePointRise"

  private def kind(metric: Metric): String = metric match {
    case Metric.Percentile(_)      => Percentile
    case _: Metric.ChangePointRise => ChangePointRise
    case Metric.ErrorShare         => "errorShare"
    case Metric.RequestRate        => "requestRate"
    case Metric.P99VsBaseline      => "p99VsBaseline"
    case Metric.SteadyDegradation  => "steadyDegradation"
    case Metric.Carried            => "carried"
    case Metric.InFlightGrowth     => "inFlightGrowth"
    case Metric.Headroom           => "headroom"
    case Metric.DuplicateLockCount => "duplicateLockCount"
  }

  def document(metric: Metric): MetricDocument = metric match {
    case Metric.Percentile(rank)           => MetricDocument(Percentile, Some(rank))
    case Metric.ChangePointRise(rank, run) => MetricDocument(ChangePointRise, Some(rank), Some(run))
    case other                             => MetricDocument(kind(other))
  }

  /** The metric stored as `words` and, from schema 3 on, `fields`; a kind no metric has (a newer version's) is
    * refused, as its unit and direction are unknown.
    */
  def metric(words: String, fields: Option[MetricDocument], schema: Int): Metric =
    if (SummaryJson.inWords(schema)) StoredMetric.read(words)
    else {
      val f = fields.getOrElse(throw new InputError(s"metric '$words' has no metricFields"))
      def rank = f.rank.getOrElse(throw new InputError(s"metric '$words': its percentile has no rank"))
      if (f.kind == Percentile) Metric.Percentile(rank)
      else if (f.kind == ChangePointRise)
        Metric.ChangePointRise(rank, f.run.getOrElse(throw new InputError(s"metric '$words': no run")))
      else Metric.Fixed.find(kind(_) == f.kind).getOrElse(throw new InputError(s"metric '$words': no kind ${f.kind}"))
    }
}
