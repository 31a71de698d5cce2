package results.model

/** The injector JVM's own load over the run: CPU as a share of all the machine's cores (less the in-process
  * sandbox's stand-ins' threads), sampled every second; `busySamples` is how many samples were at or above the CPU limit. `connectionRetries` are the
  * requests Gatling sent again after their connection was closed or reset (see machine.ConnectionRetries).
  * `cpuSeconds` is the CPU time the JVM used from the start of the run to its end, and `heapPeakMiB` the
  * most heap in use at any sample, so a benchmark reads the injector's cost per request and its memory
  * from the run itself (0 in runs archived before they were measured).
  */
final case class InjectorFigures(
    cores: Int,
    cpuMeanPercent: Double,
    cpuMaxPercent: Double,
    busySamples: Int,
    gcPercent: Double,
    samples: Int,
    lateStarts: LateStartFigures = LateStartFigures.None,
    gcPauses: Int = 0,
    gcLongestPauseMs: Long = 0,
    connectionRetries: Long = 0,
    cpuSeconds: Double = 0,
    heapPeakMiB: Long = 0
) {
  def busyPercent: Double = if (samples == 0) 0.0 else 100.0 * busySamples / samples
}

/** How late users started against their schedule (see profiles.LateStarts): over `users` measured. */
final case class LateStartFigures(users: Long, p99Ms: Long, maxMs: Long)

object LateStartFigures {

  /** No user was measured: no profile of the run had an exact schedule, or the run predates the measure. */
  val None: LateStartFigures = LateStartFigures(0, 0, 0)
}

/** Beyond these, the injector itself was the bottleneck and the run's latencies say nothing of the
  * target: more than `maxBusyPercent` of the samples at `maxCpuPercent` or above, or more than
  * `maxGcPercent` of the run in garbage collection, or users starting more than `maxLateStartP99Ms`
  * behind their schedule at p99. Runs with fewer than `minSamples` samples (smoke runs: mostly JIT
  * warm-up) are not judged.
  */
final case class InjectorLimits(
    maxCpuPercent: Double,
    maxBusyPercent: Double,
    maxGcPercent: Double,
    minSamples: Int,
    maxLateStartP99Ms: Long
)

final case class InjectorHealthRecord(figures: InjectorFigures, limits: InjectorLimits) {
  private def percent(value: Double) = f"$value%.0f %%"

  /** One line for readers: what the injector used, and how late it started users. */
  def describe: String = {
    val late = figures.lateStarts
    val starts =
      if (late.users == 0) ""
      else f"; users started up to ${late.maxMs}%,d ms behind their schedule (p99 ${late.p99Ms}%,d ms)"
    val retries =
      if (figures.connectionRetries == 0) ""
      else
        f"; ${figures.connectionRetries}%,d requests sent again after their connection was closed or reset (no KO when the retry succeeded)"
    f"CPU ${figures.cpuMeanPercent}%.0f %% of ${figures.cores} cores on average (max ${figures.cpuMaxPercent}%.0f %%), " +
      f"GC pauses ${figures.gcPercent}%.1f %% of the run (${figures.gcPauses}%,d, longest ${figures.gcLongestPauseMs}%,d ms)$starts$retries"
  }

  /** Why the injector was saturated; empty when it was not, or when the run was too short to say. */
  def saturation: Seq[String] =
    if (figures.samples < limits.minSamples) Nil
    else
      Seq(
        Option.when(figures.busyPercent > limits.maxBusyPercent)(
          s"injector saturated: its JVM used ${percent(limits.maxCpuPercent)} or more of the machine's ${figures.cores} cores " +
            s"for ${percent(figures.busyPercent)} of the run (limit ${percent(limits.maxBusyPercent)})"
        ),
        Option.when(figures.gcPercent > limits.maxGcPercent)(
          s"injector saturated: its JVM spent ${percent(figures.gcPercent)} of the run in garbage-collection pauses (limit ${percent(limits.maxGcPercent)})"
        ),
        Option.when(figures.lateStarts.p99Ms > limits.maxLateStartP99Ms)(
          f"injector saturated: users started behind their schedule, p99 ${figures.lateStarts.p99Ms}%,d ms and up to " +
            f"${figures.lateStarts.maxMs}%,d ms late (limit p99 ${limits.maxLateStartP99Ms}%,d ms)"
        )
      ).flatten
}
