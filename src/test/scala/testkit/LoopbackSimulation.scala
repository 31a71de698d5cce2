package testkit

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.http.Predef._

import results.gate.Thresholds

/** A few seconds of named requests inside a group against [[LoopbackServer]], to give the results
  * tests a real simulation.log and report. Its thresholds come from `-Dthresholds` (key "fixture").
  */
class LoopbackSimulation extends Simulation {
  private val port =
    sys.props.getOrElse(LoopbackServer.PortProperty, sys.error(s"-D${LoopbackServer.PortProperty} is not set"))

  private val journey = scenario("loopback journey")
    .group(LoopbackSimulation.Group) {
      exec(http("home").get("/fast"))
        .exec(http("search").get("/slow"))
    }
    .exec(http("broken").get("/flaky").check(status.is(200)))

  setUp(journey.inject(rampUsers(LoopbackSimulation.Users).during(2.seconds)))
    .protocols(http.baseUrl(s"http://127.0.0.1:$port").shareConnections)
    // Gatling judges percentiles as one number: the fixture's breach (FixtureRun: p99 at most 1 ms) lies wholly
    // beyond its interval too, so Gatling's assertion and the results gate agree
    .assertions(Thresholds.load(Seq("fixture"), None, Map.empty).assertions(pointEstimates = true): _*)
    .maxDuration(30.seconds)
}

object LoopbackSimulation {
  val Group = "Browse"
  val Users = 40
}
