package results.archive

import results.model.Metric

import config.InputError

/** A check's metric as summary.json stored it up to schema 2 ([[Metric.name]]), read back into the metric: for
  * older files only (schema 3 stores its fields, [[MetricDocument]]), and the one place its words are read.
  * Every version that wrote schema 2 named its metrics so; other words are refused, since a check's unit
  * follows from its metric.
  */
private[results] object StoredMetric {
  private val Percentile = """p(\d+(?:\.\d+)?)""".r

  def read(words: String): Metric = {
    val metric = words match {
      case Percentile(rank) => Some(Metric.Percentile(rank.toDouble))
      case _                => Metric.Fixed.find(_.name == words)
    }
    metric.filter(_.name == words).getOrElse(throw new InputError(s"metric '$words' is none the suite writes"))
  }
}
