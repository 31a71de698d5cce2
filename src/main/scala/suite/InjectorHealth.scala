package suite

import java.lang.management.ManagementFactory
import java.util.concurrent.{ Executors, TimeUnit }

import scala.jdk.CollectionConverters._

import profiles.LateStarts
import results.{ InjectorFigures, LateStartFigures }

/** Samples this JVM's CPU and garbage-collection time while the run goes on, and reads how late users
  * started, so the results can tell a slow target from a saturated injector. CPU is the share of all the
  * machine's cores this process used.
  */
final class InjectorHealth(intervalMs: Long, busyCpuPercent: Double, lateStarts: LateStarts) {
  private val os = ManagementFactory.getOperatingSystemMXBean.asInstanceOf[com.sun.management.OperatingSystemMXBean]
  private val cores = Runtime.getRuntime.availableProcessors
  private val samples = new java.util.concurrent.ConcurrentLinkedQueue[Double]
  @volatile private var startedAtMs = 0L
  @volatile private var cpuAtStartNs = 0L
  @volatile private var gcAtStartMs = 0L
  @volatile private var stoppedAtMs = 0L
  @volatile private var cpuAtStopNs = 0L
  @volatile private var gcAtStopMs = 0L
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val thread = new Thread(r, "injector-health")
    thread.setDaemon(true)
    thread
  }

  def start(): Unit = {
    startedAtMs = System.currentTimeMillis()
    cpuAtStartNs = os.getProcessCpuTime
    gcAtStartMs = gcTimeMs
    var lastCpuNs = cpuAtStartNs
    var lastAtNs = System.nanoTime()
    scheduler.scheduleAtFixedRate(
      () => {
        val (cpuNs, atNs) = (os.getProcessCpuTime, System.nanoTime())
        if (atNs > lastAtNs) samples.add(100.0 * (cpuNs - lastCpuNs) / (atNs - lastAtNs) / cores)
        lastCpuNs = cpuNs
        lastAtNs = atNs
      },
      intervalMs,
      intervalMs,
      TimeUnit.MILLISECONDS
    )
    ()
  }

  /** The figures from start to stop (or to now while still sampling); None when sampling never started. */
  def figures: Option[InjectorFigures] =
    Option.when(startedAtMs > 0) {
      val wallMs = math.max(1L, (if (stoppedAtMs > 0) stoppedAtMs else System.currentTimeMillis()) - startedAtMs)
      val cpuMs = ((if (stoppedAtMs > 0) cpuAtStopNs else os.getProcessCpuTime) - cpuAtStartNs) / 1000000.0
      val sampled = samples.asScala.toSeq
      InjectorFigures(
        cores = cores,
        cpuMeanPercent = 100.0 * cpuMs / wallMs / cores,
        cpuMaxPercent = sampled.maxOption.getOrElse(0.0),
        busySamples = sampled.count(_ >= busyCpuPercent),
        gcPercent = 100.0 * ((if (stoppedAtMs > 0) gcAtStopMs else gcTimeMs) - gcAtStartMs) / wallMs,
        samples = sampled.size,
        lateStarts = LateStartFigures(lateStarts.users, lateStarts.p99Ms, lateStarts.maxMs)
      )
    }

  /** Freezes the figures at the end of the run (the report and archive that follow are not the run's). */
  def stop(): Unit = {
    scheduler.shutdownNow()
    cpuAtStopNs = os.getProcessCpuTime
    gcAtStopMs = gcTimeMs
    stoppedAtMs = System.currentTimeMillis()
  }

  private def gcTimeMs: Long =
    ManagementFactory.getGarbageCollectorMXBeans.asScala.map(b => math.max(0L, b.getCollectionTime)).sum
}
