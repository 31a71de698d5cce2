package sandbox

/** The CPU this JVM used from now on, read from its own MXBean: what a standalone sandbox spent serving,
  * its start-up left out, for a benchmark to set beside the injector's.
  */
private[sandbox] final class ServingCpu {
  private val (cpuAtStartNs, startNs) = (ServingCpu.processCpuNs(), System.nanoTime())

  /** e.g. "sandbox: served for 62.0 s using 41.3 CPU s: 0.67 cores (33.3 % of 2)" */
  def describe: String = {
    val cpuS = (ServingCpu.processCpuNs() - cpuAtStartNs) / 1e9
    val wallS = math.max(1e-3, (System.nanoTime() - startNs) / 1e9)
    val cores = Runtime.getRuntime.availableProcessors
    f"sandbox: served for $wallS%.1f s using $cpuS%.1f CPU s: ${cpuS / wallS}%.2f cores (${100 * cpuS / wallS / cores}%.1f %% of $cores)"
  }
}

private[sandbox] object ServingCpu {
  private val os =
    java.lang.management.ManagementFactory.getOperatingSystemMXBean.asInstanceOf[
      com.sun.management.OperatingSystemMXBean
    ]

  /** This JVM's CPU time so far, in nanoseconds (what [[CpuEndpoint]] serves). */
  def processCpuNs(): Long = os.getProcessCpuTime
}
