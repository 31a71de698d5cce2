package machine

import results.model.{ InjectorFigures, LateStartFigures }

import java.lang.management.ManagementFactory
import java.util.concurrent.{ Executors, TimeUnit }
import java.util.concurrent.atomic.{ AtomicInteger, AtomicLong }
import javax.management.{ Notification, NotificationEmitter, NotificationListener }
import javax.management.openmbean.CompositeData

import scala.jdk.CollectionConverters._

import com.sun.management.GarbageCollectionNotificationInfo

import profiles.LateStarts
import profiles.capacity.InjectorWatch

/** Samples this JVM's CPU and garbage-collection pauses while the run goes on, and reads how late users
  * started, so the results can tell a slow target from a saturated injector. CPU is the share of all the
  * machine's cores this process used, less what the built-in sandbox's stand-ins used in it (their event loops'
  * threads, named from [[sandbox.Sandbox.ThreadNamePrefix]]): the sandbox's work is not the injector's.
  *
  * GC is counted from the JVM's collection notifications, pauses only: the collectors' cumulative times
  * also hold concurrent cycles (G1's "G1 Concurrent GC" from JDK 20, ZGC's "Cycles"), which run beside the
  * application and stop no user.
  */
final class InjectorHealth(intervalMs: Long, busyCpuPercent: Double, lateStarts: LateStarts) extends InjectorWatch {
  private val memory = ManagementFactory.getMemoryMXBean
  private val os = ManagementFactory.getOperatingSystemMXBean.asInstanceOf[com.sun.management.OperatingSystemMXBean]
  private val cores = Runtime.getRuntime.availableProcessors
  private val threads = ManagementFactory.getThreadMXBean

  /** Each sandbox thread's CPU time, in ns, as last read: a thread that ended (the sandbox closes before the
    * injector's figures are frozen) keeps what it had used.
    */
  private val sandboxThreadsNs = new java.util.concurrent.ConcurrentHashMap[Long, Long]

  /** The CPU time, in ns, this JVM used less its sandbox's threads'. */
  private def cpuNs(): Long = {
    val processNs = os.getProcessCpuTime
    processNs - sandboxCpuNs()
  }

  /** The CPU time, in ns, the in-process sandbox's threads used so far (those that ended included). */
  def sandboxCpuNs(): Long = {
    val ids = threads.getAllThreadIds
    threads.getThreadInfo(ids).iterator.zip(ids.iterator).foreach {
      case (info, id) if info != null && info.getThreadName.startsWith(sandbox.Sandbox.ThreadNamePrefix) =>
        sandboxThreadsNs.merge(id, threads.getThreadCpuTime(id), (a, b) => math.max(a, b))
      case _ =>
    }
    sandboxThreadsNs.values.asScala.sum
  }

  /** Each sample's time (epoch ms) and CPU share. */
  private val samples = new java.util.concurrent.ConcurrentLinkedQueue[(Long, Double)]
  @volatile private var startedAtMs = 0L
  @volatile private var cpuAtStartNs = 0L
  @volatile private var stoppedAtMs = 0L
  @volatile private var cpuAtStopNs = 0L
  @volatile private var retriesAtStart = 0L
  @volatile private var retriesAtStop = -1L
  private val pauses = new AtomicInteger
  private val pausedMs = new AtomicLong
  private val longestPauseMs = new AtomicLong
  private val heapPeakBytes = new AtomicLong
  private def sampleHeap(): Unit = heapPeakBytes.accumulateAndGet(memory.getHeapMemoryUsage.getUsed, math.max)
  private val gcBeans =
    ManagementFactory.getGarbageCollectorMXBeans.asScala.collect { case emitter: NotificationEmitter => emitter }
  private val pauseListener: NotificationListener = (notification: Notification, _: AnyRef) =>
    if (notification.getType == GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION) {
      val info = GarbageCollectionNotificationInfo.from(notification.getUserData.asInstanceOf[CompositeData])
      if (InjectorHealth.isPause(info.getGcName, info.getGcAction)) {
        val ms = info.getGcInfo.getDuration
        pauses.incrementAndGet()
        pausedMs.addAndGet(ms)
        longestPauseMs.accumulateAndGet(ms, math.max)
      }
    }
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val thread = new Thread(r, "injector-health")
    thread.setDaemon(true)
    thread
  }

  def start(): Unit = {
    startedAtMs = System.currentTimeMillis()
    cpuAtStartNs = cpuNs()
    ConnectionRetries.install()
    retriesAtStart = ConnectionRetries.seen
    gcBeans.foreach(_.addNotificationListener(pauseListener, null, null))
    var lastCpuNs = cpuAtStartNs
    var lastAtNs = System.nanoTime()
    scheduler.scheduleAtFixedRate(
      () => {
        val (usedNs, atNs) = (cpuNs(), System.nanoTime())
        if (atNs > lastAtNs)
          samples.add(System.currentTimeMillis() -> 100.0 * (usedNs - lastCpuNs) / (atNs - lastAtNs) / cores)
        lastCpuNs = usedNs
        lastAtNs = atNs
        sampleHeap()
      },
      intervalMs,
      intervalMs,
      TimeUnit.MILLISECONDS
    )
    // The figures once now, so that the classes they need are loaded before any load: a run whose JVM ran out
    // of descriptors could not read them from disk at its end (NoClassDefFoundError: results/LateStartFigures).
    figures.foreach(_ => ())
  }

  /** The figures from start to stop (or to now while still sampling); None when sampling never started. */
  def figures: Option[InjectorFigures] =
    Option.when(startedAtMs > 0) {
      val wallMs = math.max(1L, (if (stoppedAtMs > 0) stoppedAtMs else System.currentTimeMillis()) - startedAtMs)
      val cpuMs = ((if (stoppedAtMs > 0) cpuAtStopNs else cpuNs()) - cpuAtStartNs) / 1000000.0
      val sampled = samples.asScala.toSeq.map(_._2)
      InjectorFigures(
        cores = cores,
        cpuMeanPercent = 100.0 * cpuMs / wallMs / cores,
        cpuMaxPercent = sampled.maxOption.getOrElse(0.0),
        busySamples = sampled.count(_ >= busyCpuPercent),
        gcPercent = 100.0 * pausedMs.get / wallMs,
        gcPauses = pauses.get,
        gcLongestPauseMs = longestPauseMs.get,
        connectionRetries = (if (retriesAtStop >= 0) retriesAtStop else ConnectionRetries.seen) - retriesAtStart,
        cpuSeconds = cpuMs / 1000,
        heapPeakMiB = heapPeakBytes.get / (1024 * 1024),
        samples = sampled.size,
        lateStarts = LateStartFigures(lateStarts.users, lateStarts.p99Ms, lateStarts.maxMs)
      )
    }

  def from(): () => InjectorFigures = {
    val (fromMs, cpuFromNs, pausedFromMs, pausesFrom) =
      (System.currentTimeMillis(), cpuNs(), pausedMs.get, pauses.get)
    val late = lateStarts.snapshot
    () => {
      val wallMs = math.max(1L, System.currentTimeMillis() - fromMs)
      val sampled = samples.asScala.collect { case (at, cpu) if at > fromMs => cpu }.toSeq
      InjectorFigures(
        cores = cores,
        cpuMeanPercent = 100.0 * (cpuNs() - cpuFromNs) / 1000000.0 / wallMs / cores,
        cpuMaxPercent = sampled.maxOption.getOrElse(0.0),
        busySamples = sampled.count(_ >= busyCpuPercent),
        gcPercent = 100.0 * (pausedMs.get - pausedFromMs) / wallMs,
        samples = sampled.size,
        lateStarts = lateStarts.since(late),
        gcPauses = pauses.get - pausesFrom
      )
    }
  }

  /** Freezes the figures at the end of the run (the report and archive that follow are not the run's). */
  def stop(): Unit = {
    scheduler.shutdownNow()
    gcBeans.foreach(bean => scala.util.Try(bean.removeNotificationListener(pauseListener)))
    cpuAtStopNs = cpuNs()
    sampleHeap()
    retriesAtStop = ConnectionRetries.seen
    stoppedAtMs = System.currentTimeMillis()
  }
}

object InjectorHealth {

  /** Whether a collection stopped the application: not a concurrent cycle running beside it. */
  def isPause(gcName: String, gcAction: String): Boolean = {
    val name = gcName.toLowerCase
    !name.contains("concurrent") && !name.contains("cycles") && !gcAction.toLowerCase.contains("concurrent")
  }
}
