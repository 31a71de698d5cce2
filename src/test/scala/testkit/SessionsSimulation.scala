package testkit

import journey.Sessions

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.http.Predef._

/** Sessions whose outcome is known, against [[LoopbackServer]]: each user reads one page and stays a
  * second; [[SessionsSimulation.Failing]] of them then ask for a page that is not there (404, a KO), and
  * [[SessionsSimulation.Staying]] stay an hour, so the time limit leaves them unfinished.
  */
class SessionsSimulation extends Simulation {
  import SessionsSimulation._

  private val port =
    sys.props.getOrElse(LoopbackServer.PortProperty, sys.error(s"-D${LoopbackServer.PortProperty} is not set"))

  private val outcomes =
    (Seq.fill(Completing)("complete") ++ Seq.fill(Failing)("fail") ++ Seq.fill(Staying)("stay")).map(o =>
      Map("outcome" -> o)
    )

  private val visit = scenario(Scenario)
    .feed(outcomes.toIndexedSeq.queue)
    .exec(Sessions.recorded(Scenario) {
      exec(http("page").get("/fast").check(status.is(200)))
        .pause(StayMs.milliseconds)
        .doIfEquals("#{outcome}", "fail")(exec(http("missing page").get("/missing").check(status.is(200))))
        .doIfEquals("#{outcome}", "stay")(exec(pause(1.hour)))
    })

  setUp(visit.inject(atOnceUsers(Completing + Failing + Staying)))
    .protocols(http.baseUrl(s"http://127.0.0.1:$port"))
    .maxDuration(5.seconds)
}

object SessionsSimulation {
  val Scenario = "crafted visit"
  val Completing = 3
  val Failing = 2
  val Staying = 1
  val StayMs = 1000
}
