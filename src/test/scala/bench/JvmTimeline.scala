package bench

import java.io.{ FileWriter, PrintWriter }
import java.lang.management.ManagementFactory
import java.nio.file.{ Files, Path }
import java.util.concurrent.{ Executors, TimeUnit }

import scala.jdk.CollectionConverters._

/** This JVM's own CPU time and heap in use, recorded from inside once a second as CSV lines (epoch ms, CPU
  * ms since the JVM started, heap in use MiB), so that a benchmark reads what a JVM cost over any window
  * of a run from the JVM itself, never from matching process names (which finds other runs' JVMs).
  */
object JvmTimeline {
  final case class Sample(epochMs: Long, cpuMs: Long, heapMiB: Long)

  /** What the JVM used between two samples: CPU seconds over wall seconds, and the most heap in use. */
  final case class Usage(cpuSeconds: Double, wallSeconds: Double, heapPeakMiB: Long) {
    def cores: Double = if (wallSeconds > 0) cpuSeconds / wallSeconds else 0.0
    def describe: String =
      f"$cpuSeconds%.1f CPU s over $wallSeconds%.0f s = $cores%.2f cores, heap in use up to $heapPeakMiB%,d MiB"
  }

  /** Starts recording to `file` (replaced) on a daemon thread, until the JVM ends. */
  def start(file: Path): Unit = {
    Option(file.toAbsolutePath.getParent).foreach(Files.createDirectories(_))
    val out = new PrintWriter(new FileWriter(file.toFile, false), true)
    val os = ManagementFactory.getOperatingSystemMXBean.asInstanceOf[com.sun.management.OperatingSystemMXBean]
    val memory = ManagementFactory.getMemoryMXBean
    val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
      val thread = new Thread(r, "bench-jvm-timeline")
      thread.setDaemon(true)
      thread
    }
    scheduler.scheduleAtFixedRate(
      () =>
        out.println(
          s"${System.currentTimeMillis()},${os.getProcessCpuTime / 1000000},${memory.getHeapMemoryUsage.getUsed / (1024 * 1024)}"
        ),
      0,
      1,
      TimeUnit.SECONDS
    )
    ()
  }

  def read(file: Path): Seq[Sample] =
    Files.readAllLines(file).asScala.toSeq.map(_.split(',')).collect {
      case Array(at, cpu, heap) if heap.nonEmpty => Sample(at.toLong, cpu.toLong, heap.toLong)
    }

  /** The usage between the last sample at or before `fromMs` and the first at or after `toMs` (or the
    * samples nearest them); None when fewer than two samples fall there.
    */
  def over(samples: Seq[Sample], fromMs: Long, toMs: Long): Option[Usage] = {
    val first = samples.lastIndexWhere(_.epochMs <= fromMs).max(0)
    val last = samples.indexWhere(_.epochMs >= toMs) match {
      case -1 => samples.size - 1
      case i  => i
    }
    Option.when(last > first) {
      val window = samples.slice(first, last + 1)
      Usage(
        (window.last.cpuMs - window.head.cpuMs) / 1000.0,
        (window.last.epochMs - window.head.epochMs) / 1000.0,
        window.map(_.heapMiB).max
      )
    }
  }
}
