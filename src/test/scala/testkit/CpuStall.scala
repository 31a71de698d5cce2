package testkit

import java.nio.file.{ Files, Path, Paths }

/** How long, while a body ran, some runnable task on this machine waited for a CPU: the "some" line of Linux's
  * pressure stall information, `/proc/pressure/cpu`. Work of other processes a test waits for (a JVM
  * archiving its run: CPU work, not sleeps) is stretched by the machine's other load by at most this much,
  * since each wait of theirs for a CPU is such a stall. [[SchedulingLag]]'s sleeping watcher misses most of
  * it: the scheduler wakes a sleeper ahead of the busy threads. None where the kernel keeps no such figure.
  */
object CpuStall {
  private val Pressure: Path = Paths.get("/proc/pressure/cpu")
  private val SomeTotal = """(?m)^some .*\btotal=(\d+)""".r

  /** The stalled time so far, in microseconds. */
  private[testkit] def someTotalMicros(pressure: String): Option[Long] =
    SomeTotal.findFirstMatchIn(pressure).map(_.group(1).toLong)

  private def read: Option[Long] =
    if (Files.isReadable(Pressure)) someTotalMicros(Files.readString(Pressure)) else None

  /** The body's result, and the milliseconds some task waited for a CPU while it ran. */
  def during[A](body: => A): (A, Option[Long]) = {
    val before = read
    val result = body
    (result, for { b <- before; a <- read } yield (a - b) / 1000)
  }
}
