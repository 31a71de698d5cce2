package testkit

import results.model.{
  Completion,
  Entry,
  PercentileInterval,
  RunMetadata,
  RunShard,
  RunSummary,
  SteadySource,
  SteadyState,
  SummarySettings,
  SystemSummary
}

import results.summarize.LatencyAccumulator

/** Summaries built from chosen response times, for tests that need exact, known figures. */
object CraftedSummaries {
  val ApdexMs = 1500
  val SlowMs = 10000

  /** A sample: response time in ms and whether it was OK. */
  type Sample = (Int, Boolean)

  def accumulator(samples: Seq[Sample]): LatencyAccumulator = {
    val acc = new LatencyAccumulator(ApdexMs, SlowMs, PercentileInterval.DefaultConfidencePercent)
    samples.foreach { case (ms, ok) => acc.record(ms, ok) }
    acc
  }

  def entry(path: List[String], samples: Seq[Sample], seconds: Double): Entry =
    accumulator(samples).entry(path, seconds).get

  def summary(
      simulation: String,
      requests: Map[List[String], Seq[Sample]],
      startEpochMs: Long = 0L,
      durationMs: Long = 10000L,
      shard: RunShard = RunShard.Whole,
      runId: String = "crafted"
  ): RunSummary = {
    val seconds = durationMs / 1000.0
    RunSummary(
      run = RunMetadata(
        simulation,
        Seq(simulation.toLowerCase),
        s"crafted.$simulation",
        runId,
        startEpochMs,
        startEpochMs + durationMs,
        "loopback",
        "smoke",
        shard,
        "test",
        "3.15.1",
        Map.empty,
        "",
        Nil
      ),
      settings = SummarySettings(
        ApdexMs,
        SlowMs,
        "cumulated response time",
        "HdrHistogram",
        PercentileInterval.DefaultConfidencePercent
      ),
      global = entry(Nil, requests.values.flatten.toSeq, seconds),
      groups = Nil,
      requests = requests.toSeq.sortBy(_._1.mkString("/")).map { case (path, samples) =>
        entry(path, samples, seconds)
      },
      steady = SteadyState(
        startEpochMs,
        startEpochMs + durationMs,
        durationMs,
        SteadySource.WholeRun,
        requests.values.map(_.size.toLong).sum,
        Nil
      ),
      windows = Nil,
      warnings = Nil,
      completion = Completion(None, 0, 0, None, Some(durationMs), Nil),
      injector = None,
      errors = Nil,
      gate = None
    )
  }

  def ok(times: Int*): Seq[Sample] = times.map(_ -> true)

  /** A system `key` of 5 users that sent `<key> home` twice over 10 s. */
  def system(key: String): SystemSummary =
    SystemSummary(
      key,
      "smoke",
      Seq(s"$key users"),
      Seq(List(s"$key home")),
      Nil,
      entry(Nil, ok(100, 200), 10),
      0L,
      10000L,
      SteadyState(0L, 10000L, 10000L, SteadySource.WholeRun, 2, Nil),
      Some(5),
      5,
      5
    )
}
