package testkit

import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong

/** How late this JVM's threads woke while a body ran: a watcher thread sleeps a few milliseconds at a time
  * and adds up how much later than asked it woke. Other processes on the machine, and this JVM's own
  * pauses, make it larger. A test that bounds a duration adds it to its margin, so that the margin comes
  * from the machine's speed during the measurement, not from a quiet machine's.
  */
object SchedulingLag {
  private val TickMs = 20L

  /** The body's result, and the watcher's lateness over the body's run, in milliseconds. */
  def during[A](body: => A): (A, Long) = {
    val lateNanos = new AtomicLong
    @volatile var watching = true
    val watcher = new Thread(
      () =>
        while (watching) {
          val asleep = System.nanoTime()
          Thread.sleep(TickMs)
          lateNanos.addAndGet(math.max(0L, System.nanoTime() - asleep - TimeUnit.MILLISECONDS.toNanos(TickMs)))
        },
      "scheduling-lag"
    )
    watcher.setDaemon(true)
    watcher.start()
    try (body, TimeUnit.NANOSECONDS.toMillis(lateNanos.get))
    finally {
      watching = false
      watcher.join()
    }
  }
}
