package machine

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Try

import profiles.capacity.MachineWatch
import results.model.MachineFigures

/** Reads how busy the machine is from Linux's /proc: the cores' busy, idle and stolen time (`/proc/stat`'s `cpu`
  * line, in clock ticks) and, for this JVM's threads, the time they ran and the time they waited for a core
  * (`/proc/self/task/<id>/schedstat`, in nanoseconds). A thread that ended within a window takes its counts
  * with it: the JVM's long-lived threads (Gatling's, the sandbox's) make up nearly all of them.
  */
final class MachineLoad(proc: Path = Paths.get("/proc")) extends MachineWatch {
  private val cores = Runtime.getRuntime.availableProcessors

  /** The cores' ticks: busy, idle (with waiting for I/O) and stolen; None without /proc. */
  private def ticks(): Option[(Long, Long, Long)] =
    Try(Files.readAllLines(proc.resolve("stat")).asScala.find(_.startsWith("cpu ")).map { line =>
      val fields = line.trim.split("\\s+").drop(1).map(_.toLong).padTo(8, 0L)
      // user nice system idle iowait irq softirq steal (guest time is counted in user and nice already)
      val idle = fields(3) + fields(4)
      (fields.take(8).sum - idle - fields(7), idle, fields(7))
    }).toOption.flatten

  /** This JVM's threads' time on a core and time waiting for one, in ns. */
  private def scheduled(): (Long, Long) = {
    val tasks = Try(Files.list(proc.resolve("self").resolve("task"))).toOption
    tasks.fold((0L, 0L)) { stream =>
      try stream.iterator.asScala.foldLeft((0L, 0L)) { case ((ran, waited), task) =>
          Try(Files.readString(task.resolve("schedstat")).trim.split("\\s+")).toOption.filter(_.length >= 2)
            .fold((ran, waited))(f => (ran + f(0).toLong, waited + f(1).toLong))
        }
      finally stream.close()
    }
  }

  def from(): () => Option[MachineFigures] = {
    val (before, (ranBefore, waitedBefore)) = (ticks(), scheduled())
    val startedNs = System.nanoTime()
    () =>
      for { (busy0, idle0, stolen0) <- before; (busy1, idle1, stolen1) <- ticks() } yield {
        val (ran, waited) = scheduled()
        val total = math.max(1L, (busy1 - busy0) + (idle1 - idle0) + (stolen1 - stolen0)).toDouble
        val wallNs = math.max(1L, System.nanoTime() - startedNs).toDouble
        val ranNs = math.max(0L, ran - ranBefore).toDouble
        MachineFigures(
          busyPercent = 100 * (busy1 - busy0 + stolen1 - stolen0) / total,
          stolenPercent = 100 * (stolen1 - stolen0) / total,
          ownPercent = 100 * ranNs / wallNs / cores,
          waitPerCpuSecond = if (ranNs <= 0) 0.0 else math.max(0L, waited - waitedBefore) / ranNs
        )
      }
  }
}
