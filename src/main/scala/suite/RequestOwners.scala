package suite

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

import scala.jdk.CollectionConverters._

import io.gatling.core.check.{ Check, CheckResult }
import io.gatling.http.check.{ HttpCheck, HttpCheckScope }
import io.gatling.http.response.Response

/** Which system sent which request path (groups :+ request name, as simulation.log names it), seen as the
  * run goes: simulation.log does not say which scenario a request came from, and a run of several systems
  * is read system by system (see [[results.SystemRecord]]). A check the framework adds to each system's
  * protocol sees every answer that arrives; a path is recorded once, in the order first seen (a system's
  * journey order).
  */
final class RequestOwners {
  private val order = new AtomicLong
  private val seen = new ConcurrentHashMap[(String, List[String]), java.lang.Long]

  /** Records each answer's path under `system`; never fails a request. Its scope is Time, as early stop's,
    * so a request without a status check of its own keeps Gatling's default one.
    */
  def check(system: String): HttpCheck = HttpCheck(
    Check.Simple[Response](
      (response, session, _) => {
        val key = (system, session.groups :+ response.request.getName)
        if (!seen.containsKey(key)) seen.putIfAbsent(key, order.incrementAndGet())
        CheckResult.NoopCheckResultSuccess
      },
      None
    ),
    HttpCheckScope.Time
  )

  /** Each system's paths, in the order they were first answered. */
  def of(system: String): Seq[List[String]] =
    seen.asScala.toSeq.collect { case ((s, path), at) if s == system => (path, at.longValue) }.sortBy(_._2).map(_._1)
}
