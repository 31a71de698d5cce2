package profiles

import java.util.concurrent.atomic.AtomicLong

import org.HdrHistogram.{ ConcurrentHistogram, Histogram }
import results.model.LateStartFigures

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** How late users started against their schedule. An injector short of CPU starts its users late, so an
  * open profile's arrival rate sags and its latencies flatter the target; this is the injector's own
  * evidence of that, beside its CPU and GC.
  *
  * Measured where the schedule is exact: an evenly spread open phase, whose k-th user is due k intervals
  * after the first. A user's start (its first action) less k intervals is when the phase would have begun
  * had that user been on time; its lateness is that against the earliest such beginning seen so far, so
  * neither a constant start-up delay nor a late first user is counted.
  */
final class LateStarts {
  // Milliseconds, up to an hour, 2 significant digits.
  private val histogram = new ConcurrentHistogram(3600000L, 2)

  def users: Long = histogram.getTotalCount

  def p99Ms: Long = if (users == 0) 0 else histogram.getValueAtPercentile(99)

  def maxMs: Long = if (users == 0) 0 else histogram.getMaxValue

  /** What has been measured so far, to take from a later reading: see [[since]]. */
  def snapshot: Histogram = histogram.copy()

  /** The users measured since `snapshot` was taken: one window's own late starts. */
  def since(snapshot: Histogram): LateStartFigures = {
    val window = histogram.copy()
    window.subtract(snapshot)
    val users = window.getTotalCount
    if (users == 0) LateStartFigures.None
    else LateStartFigures(users, window.getValueAtPercentile(99), window.getMaxValue)
  }

  private[profiles] def record(lateMs: Long): Unit = histogram.recordValue(math.max(0L, math.min(lateMs, 3600000L)))

  /** The first action of a population whose users after the first `skip` are due every `intervalMs`. */
  private[profiles] def evenlySpread(skip: Long, intervalMs: Double): ChainBuilder = {
    val started = new AtomicLong
    val earliestBeginningMs = new AtomicLong(Long.MaxValue)
    exec { session =>
      val k = started.getAndIncrement() - skip
      if (k >= 0) {
        val beginningMs = System.currentTimeMillis() - math.round(k * intervalMs)
        record(beginningMs - earliestBeginningMs.accumulateAndGet(beginningMs, math.min))
      }
      session
    }
  }
}
