package bench

import java.io.{ FileWriter, PrintWriter }
import java.lang.management.ManagementFactory
import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.{ Executors, TimeUnit }

import scala.jdk.CollectionConverters._

/** This JVM's own CPU time and heap in use, recorded from inside once a second as CSV lines (epoch ms, CPU
  * ms since the JVM started, heap in use MiB), so that a benchmark reads what a JVM cost over any window
  * of a run from the JVM itself, never from matching process names (which finds other runs' JVMs). Each line
  * also has the whole machine's CPU counters where Linux gives them (busy and total clock ticks, CPUs), so
  * that how busy the machine was reads over the same window as the JVM's own share of it.
  */
object JvmTimeline {
  final case class Sample(epochMs: Long, cpuMs: Long, heapMiB: Long, machine: Option[MachineTicks] = None)

  /** The machine's CPU counters as /proc/stat's first line has them, counted as bench/machine-cpu.sh counts:
    * busy is user, nice, system, irq and softirq; total adds idle, I/O wait and steal.
    */
  final case class MachineTicks(busy: Long, total: Long, cpus: Int)

  object MachineTicks {
    private val procStat = Paths.get("/proc/stat")

    def now(): Option[MachineTicks] =
      if (!Files.isReadable(procStat)) None
      else parse(Files.readAllLines(procStat).asScala.toSeq)

    def parse(procStatLines: Seq[String]): Option[MachineTicks] =
      procStatLines.headOption.map(_.trim.split("\\s+")).collect {
        case fields if fields.length >= 9 && fields(0) == "cpu" =>
          val ticks = fields.slice(1, 9).map(_.toLong)
          MachineTicks(
            ticks(0) + ticks(1) + ticks(2) + ticks(5) + ticks(6),
            ticks.sum,
            procStatLines.count(_.matches("cpu\\d+ .*"))
          )
      }
  }

  /** What the JVM used between two samples: CPU seconds over wall seconds, and the most heap in use; and how
    * many of the machine's CPUs were busy meanwhile, this JVM's included, when both samples have counters.
    */
  final case class Usage(
      cpuSeconds: Double,
      wallSeconds: Double,
      heapPeakMiB: Long,
      machineCores: Option[(Double, Int)]
  ) {
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
      () => {
        val machine = MachineTicks.now().fold("")(m => s",${m.busy},${m.total},${m.cpus}")
        out.println(
          s"${System.currentTimeMillis()},${os.getProcessCpuTime / 1000000},${memory.getHeapMemoryUsage.getUsed / (1024 * 1024)}$machine"
        )
      },
      0,
      1,
      TimeUnit.SECONDS
    )
    ()
  }

  def read(file: Path): Seq[Sample] =
    Files.readAllLines(file).asScala.toSeq.map(_.split(',')).collect {
      case Array(at, cpu, heap) if heap.nonEmpty                    => Sample(at.toLong, cpu.toLong, heap.toLong)
      case Array(at, cpu, heap, busy, total, cpus) if cpus.nonEmpty =>
        Sample(at.toLong, cpu.toLong, heap.toLong, Some(MachineTicks(busy.toLong, total.toLong, cpus.toInt)))
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
      val machineCores = (window.head.machine, window.last.machine) match {
        case (Some(from), Some(to)) if to.total > from.total =>
          Some((to.cpus * (to.busy - from.busy).toDouble / (to.total - from.total), to.cpus))
        case _ => None
      }
      Usage(
        (window.last.cpuMs - window.head.cpuMs) / 1000.0,
        (window.last.epochMs - window.head.epochMs) / 1000.0,
        window.map(_.heapMiB).max,
        machineCores
      )
    }
  }
}
