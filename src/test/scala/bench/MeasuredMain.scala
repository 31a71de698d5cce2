package bench

import java.lang.management.ManagementFactory
import java.util.concurrent.atomic.AtomicLong
import javax.management.{ Notification, NotificationEmitter, NotificationListener }
import javax.management.openmbean.CompositeData

import scala.jdk.CollectionConverters._

import com.sun.management.GarbageCollectionNotificationInfo

/** Runs another program's main in this JVM and, when the JVM ends (also by System.exit), prints what it
  * used, measured from inside: wall time, CPU time, the most heap in use, and the most heap still live after
  * a collection (what the program holds on to; the first figure also counts garbage not yet collected).
  *
  * MeasuredMain <label> <main class> [its arguments]
  */
object MeasuredMain {
  def main(args: Array[String]): Unit = {
    val label = args(0)
    val startedNs = System.nanoTime()
    val os = ManagementFactory.getOperatingSystemMXBean.asInstanceOf[com.sun.management.OperatingSystemMXBean]
    val cpuAtStartNs = os.getProcessCpuTime
    val heapPools = ManagementFactory.getMemoryPoolMXBeans.asScala.filter(_.getType.name == "HEAP").map(_.getName).toSet
    val liveAfterGc = new AtomicLong
    val listener: NotificationListener = (notification: Notification, _: AnyRef) =>
      if (notification.getType == GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION) {
        val info = GarbageCollectionNotificationInfo.from(notification.getUserData.asInstanceOf[CompositeData])
        val after = info.getGcInfo.getMemoryUsageAfterGc.asScala.collect {
          case (pool, usage) if heapPools(pool) => usage.getUsed
        }.sum
        liveAfterGc.accumulateAndGet(after, math.max)
      }
    ManagementFactory.getGarbageCollectorMXBeans.asScala.foreach {
      case emitter: NotificationEmitter => emitter.addNotificationListener(listener, null, null)
      case _                            =>
    }
    Runtime.getRuntime.addShutdownHook(new Thread(() => {
      val heapPeak = ManagementFactory.getMemoryPoolMXBeans.asScala.filter(_.getType.name == "HEAP")
        .map(_.getPeakUsage.getUsed).sum
      val mib = 1024.0 * 1024
      println(
        f"measured: $label: wall ${(System.nanoTime() - startedNs) / 1e9}%.1f s, CPU ${(os.getProcessCpuTime - cpuAtStartNs) / 1e9}%.1f s, " +
          f"heap in use up to ${heapPeak / mib}%,.0f MiB (pools' peaks), live after GC up to ${liveAfterGc.get / mib}%,.0f MiB, " +
          f"max heap ${Runtime.getRuntime.maxMemory / mib}%,.0f MiB"
      )
    }))
    Class.forName(args(1)).getMethod("main", classOf[Array[String]]).invoke(null, args.drop(2))
    ()
  }
}
