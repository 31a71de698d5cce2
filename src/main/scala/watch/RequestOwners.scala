package watch

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

import scala.jdk.CollectionConverters._

/** Which system sent which request path (groups :+ request name, as simulation.log names it), seen as the
  * run goes: simulation.log does not say which scenario a request came from, and a run of several systems
  * is read system by system (see [[results.model.SystemRecord]]). It listens to every answer through the run's
  * [[LoadWatch]]; a path is recorded once, in the order first seen (a system's journey order).
  */
final class RequestOwners extends LoadListener {
  private val order = new AtomicLong
  private val seen = new ConcurrentHashMap[(String, List[String]), java.lang.Long]

  def answered(answer: Answer): Unit = {
    val key = (answer.system, answer.path)
    if (!seen.containsKey(key)) { seen.putIfAbsent(key, order.incrementAndGet()); () }
  }

  /** Each system's paths, in the order they were first answered. */
  def of(system: String): Seq[List[String]] =
    seen.asScala.toSeq.collect { case ((s, path), at) if s == system => (path, at.longValue) }.sortBy(_._2).map(_._1)
}
