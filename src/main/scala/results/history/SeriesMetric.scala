package results.history

/** A figure the history follows run by run, per system and request path. */
sealed abstract class SeriesMetric(val name: String, val higherIsWorse: Boolean, val percentile: Option[Double])

object SeriesMetric {
  case object P50 extends SeriesMetric("p50", true, Some(50))
  case object P95 extends SeriesMetric("p95", true, Some(95))
  case object P99 extends SeriesMetric("p99", true, Some(99))

  /** The share of requests that failed, in %. */
  case object Ko extends SeriesMetric("ko", true, None)

  /** Requests/s over the interval the path ran in. */
  case object Throughput extends SeriesMetric("throughput", false, None)

  val All: Seq[SeriesMetric] = Seq(P50, P95, P99, Ko, Throughput)

  def of(name: String): Option[SeriesMetric] = All.find(_.name == name)
}
