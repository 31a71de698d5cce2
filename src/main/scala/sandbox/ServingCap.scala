package sandbox

import java.util.concurrent.atomic.AtomicLong

/** A stand-in's capacity (`sandbox.<key>.maxRequestsPerSecond`): it serves at most that many requests a
  * second, one every 1/rate, in the order they came (FIFO); the rest wait their turn, as the requests of a
  * saturated system queue. The wait is the system's time, not the sandbox's own: the cap models the
  * system's capacity.
  */
final class ServingCap(val requestsPerSecond: Double) {
  require(requestsPerSecond > 0, s"a positive rate (was $requestsPerSecond)")
  private val intervalNanos = math.max(1L, math.round(1e9 / requestsPerSecond))
  private val nextFree = new AtomicLong(Long.MinValue)

  /** How long a request that came at `nowNanos` waits before it is served: 0 when the server has a turn free. */
  @annotation.tailrec
  def waitNanos(nowNanos: Long): Long = {
    val free = nextFree.get
    val turn = if (free == Long.MinValue || free - nowNanos < 0) nowNanos else free
    if (nextFree.compareAndSet(free, turn + intervalNanos)) turn - nowNanos else waitNanos(nowNanos)
  }
}
