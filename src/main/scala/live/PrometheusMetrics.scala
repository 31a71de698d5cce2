package live

import java.io.OutputStream

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot
import io.prometheus.metrics.model.snapshots.{
  CounterSnapshot,
  GaugeSnapshot,
  Labels,
  MetricSnapshots,
  Quantile,
  Quantiles,
  SummarySnapshot
}

/** The live figures as Prometheus metrics, written in its text exposition format (0.0.4) by the official Java
  * client's writer: the metrics are built as the client's snapshots straight from [[LiveState]] (no registry,
  * nothing kept twice). Counters are the recorder's counts since the start, so they only ever rise in a run.
  *
  * At most `maxSeries` request names have series of their own (the first answered first, all systems together,
  * so a name keeps its series all run); the rest are summed per system as `request="other"`, whose quantiles
  * are NaN (percentiles of different requests do not add up).
  */
object PrometheusMetrics {
  val ContentType: String = PrometheusTextFormatWriter.CONTENT_TYPE
  private val writer = PrometheusTextFormatWriter.create()

  def write(state: LiveState, out: OutputStream, maxSeries: Int = Int.MaxValue): Unit =
    writer.write(out, snapshots(state, maxSeries))

  def snapshots(state: LiveState, maxSeries: Int = Int.MaxValue): MetricSnapshots = {
    val systems = state.systems
    val all = systems.flatMap(s => s.figures.requests.map(r => (s.figures.key, SeriesCap.name(r), r)))
    val kept = SeriesCap.kept(state, maxSeries)
    val (own, rest) = all.partition { case (system, request, _) => kept((system, request)) }
    val others = rest.groupBy(_._1).toSeq.sortBy(_._1).map { case (system, requests) =>
      val figures = requests.map(_._3)
      (
        system,
        SeriesCap.Other,
        RequestFigures(
          List(SeriesCap.Other),
          figures.map(_.ok).sum,
          figures.map(_.ko).sum,
          figures.map(_.sumMs).sum,
          Latency.None,
          Latency.None,
          Long.MaxValue
        )
      )
    }
    val requests = own ++ others
    val requestsTotal = CounterSnapshot.builder().name("loadtest_requests").help(
      "Requests answered since the start, by system, request and status (ok: 2xx or 304; ko: any other status)"
    )
    requests.foreach { case (system, request, r) =>
      Seq("ok" -> r.ok, "ko" -> r.ko).foreach { case (status, count) =>
        requestsTotal.dataPoint(
          CounterDataPointSnapshot.builder()
            .labels(Labels.of("system", system, "request", request, "status", status))
            .value(count.toDouble)
            .build()
        )
      }
    }
    val responseTime = SummarySnapshot.builder().name("loadtest_response_time_seconds").help(
      "Response times: quantiles over the last interval (one second), count and sum since the start"
    )
    requests.foreach { case (system, request, r) =>
      val last = r.interval
      // No answer in the last second: no quantile to say (NaN, as the Java client's own summaries say it).
      def seconds(ms: Long) = if (last.count == 0) Double.NaN else ms / 1000.0
      responseTime.dataPoint(
        SummaryDataPointSnapshot.builder()
          .labels(Labels.of("system", system, "request", request))
          .quantiles(Quantiles.of(
            new Quantile(0.5, seconds(last.p50Ms)),
            new Quantile(0.95, seconds(last.p95Ms)),
            new Quantile(0.99, seconds(last.p99Ms))
          ))
          .count(r.count)
          .sum(r.sumMs / 1000.0)
          .build()
      )
    }
    def perSystem(name: String, help: String)(value: SystemState => Double) = {
      val gauge = GaugeSnapshot.builder().name(name).help(help)
      systems.foreach(s =>
        gauge.dataPoint(
          GaugeDataPointSnapshot.builder().labels(Labels.of("system", s.figures.key)).value(value(s)).build()
        )
      )
      gauge.build()
    }
    val started = CounterSnapshot.builder().name("loadtest_users_started").help("Users started since the start")
    systems.foreach(s =>
      started.dataPoint(
        CounterDataPointSnapshot.builder()
          .labels(Labels.of("system", s.figures.key))
          .value(s.figures.usersStarted.toDouble)
          .build()
      )
    )
    MetricSnapshots.of(
      requestsTotal.build(),
      responseTime.build(),
      perSystem("loadtest_users_active", "Users in their journey now")(_.figures.usersActive.toDouble),
      started.build(),
      perSystem(
        "loadtest_gate_would_pass",
        "1 when every threshold of the system's block holds on the figures so far, else 0"
      )(s => if (s.wouldPass) 1 else 0)
    )
  }
}
