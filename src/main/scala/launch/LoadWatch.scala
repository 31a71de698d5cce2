package launch

import watch.{ Answer, EarlyStop, GroupSoFar, LoadListener }

import io.gatling.core.Predef._
import io.gatling.core.check.{ Check, CheckResult }
import io.gatling.commons.stats.OK
import io.gatling.core.session.{ GroupBlock, Session }
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.check.{ HttpCheck, HttpCheckScope }
import io.gatling.http.protocol.HttpProtocolBuilder
import io.gatling.http.response.Response

/** One seam between the load and whatever follows it (early stop, the live view, which system sent which
  * request), so that each system's
  * protocol carries one check and each journey one start, however many listen.
  *
  * Gatling's open-source edition has no public hook on its own per-request results nor on a user's end:
  * the answers are seen by a check added to each system's protocol, and a user's end by the session's
  * `onExit` (a public field of Gatling's `Session`), which Gatling calls however the user ends (the journey's
  * end, `exitHereIfFailed`), set when the user's first journey starts.
  */
final class LoadWatch(val earlyStop: Option[EarlyStop], others: Seq[LoadListener] = Nil) {
  private val listeners = earlyStop.toSeq ++ others

  /** The system's protocol, with the check that hands every answer to the listeners (none without one). */
  def protocol(system: String, protocol: HttpProtocolBuilder): HttpProtocolBuilder =
    if (listeners.isEmpty) protocol else protocol.check(check(system))

  /** The journey, guarded by the stops (see [[SystemLoad.withStops]]), its users counted when anyone but the
    * early stop listens.
    */
  def journey(system: String, journey: ChainBuilder): ChainBuilder = {
    val guarded = SystemLoad.withStops(journey, earlyStop)
    if (others.isEmpty) guarded else exec(session => counted(system, session)).exec(guarded)
  }

  private def counted(system: String, session: Session): Session =
    if (session.contains(LoadWatch.CountedKey)) session
    else {
      listeners.foreach(_.userStarted(system))
      val exit = session.onExit
      session
        .set(LoadWatch.CountedKey, true)
        .copy(onExit = ended => { listeners.foreach(_.userEnded(system)); exit(ended) })
    }

  /** Hands each answer on; never fails a request. Its scope is Time, not Status, so a request without a status
    * check of its own keeps Gatling's default one.
    */
  private def check(system: String): HttpCheck = HttpCheck(
    Check.Simple[Response](
      (response, session, _) => {
        val responseTimeMs = response.endTimestamp - response.startTimestamp
        // The session a check sees holds the group's time before this answer: Gatling adds it after the checks.
        val groups = session.blockStack.collect { case g: GroupBlock =>
          GroupSoFar(
            g.groups,
            session.userId,
            g.startTimestamp,
            g.cumulatedResponseTime + responseTimeMs,
            g.status == OK
          )
        }
        val answer = Answer(
          system,
          session.groups :+ response.request.getName,
          response.endTimestamp,
          responseTimeMs,
          response.status.code,
          groups
        )
        listeners.foreach(_.answered(answer))
        CheckResult.NoopCheckResultSuccess
      },
      None
    ),
    HttpCheckScope.Time
  )
}

object LoadWatch {
  private val CountedKey = "suite.loadWatch.counted"
}
