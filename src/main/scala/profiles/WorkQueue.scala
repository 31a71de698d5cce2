package profiles

import java.util.concurrent.atomic.AtomicLong

import scala.concurrent.duration.FiniteDuration

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import results.model.{ WindowKind, WindowLabel }

/** A fixed amount of work shared by a pool of workers: items `firstItem` until `firstItem + size`,
  * each handed out exactly once, and none after `timeLimit` has passed since the first was asked for.
  */
private[profiles] final class WorkQueue(firstItem: Long, size: Long, timeLimit: FiniteDuration) {
  private val next = new AtomicLong(0)
  private val deadline = new AtomicLong(Long.MaxValue)

  def take(nowMs: Long): Option[Long] = {
    deadline.compareAndSet(Long.MaxValue, nowMs + timeLimit.toMillis)
    if (nowMs >= deadline.get) None
    else {
      val item = next.getAndIncrement()
      if (item < size) Some(firstItem + item) else None
    }
  }

  def handedOut: Long = math.min(next.get, size)
}

/** Workers that run one iteration of a journey per work item until the queue is empty. The session
  * attribute is public: journeys read it.
  */
object Workers {

  /** Session attribute holding the current work item: its index in the whole run's list of scenarios,
    * so a journey can pick its scenario from that list and shards never repeat each other's.
    */
  val WorkItem = "workItem"

  /** The session an iteration starts from. Each iteration is a new scenario, so nothing the previous one
    * saved (an id, a token) survives, or a step that failed there would leave the next iteration acting on
    * stale data; and the previous failure does not mark this one failed. Gatling's own attributes (this
    * loop's counter, HTTP cookies and caches) and the current work item are kept.
    */
  private[profiles] def startIteration(session: Session): Session = {
    val clean = session.reset.markAsSucceeded
    session.attributes.get(WorkItem).fold(clean)(clean.set(WorkItem, _))
  }

  private[profiles] def loop(
      queue: WorkQueue,
      journey: ChainBuilder,
      windows: WindowRecorder,
      kind: WindowKind,
      label: WindowLabel,
      finished: () => Unit = () => ()
  ): ChainBuilder = {
    def takeNext(session: Session): Session =
      queue.take(System.currentTimeMillis()).fold(session.remove(WorkItem))(item => session.set(WorkItem, item))

    exec { session =>
      windows.started(kind, label, System.currentTimeMillis())
      takeNext(session)
    }.asLongAs(session => session.contains(WorkItem)) {
      exec(session => startIteration(session))
        .exec(journey)
        .exec { session =>
          finished()
          takeNext(session)
        }
    }.exec { session =>
      windows.ended(kind, label, System.currentTimeMillis())
      session
    }
  }
}
