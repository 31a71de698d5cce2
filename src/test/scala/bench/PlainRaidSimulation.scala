package bench

import machine.InjectorHealth

import java.nio.file.{ Files, Paths }

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import profiles.LateStarts
import raid.{ RaidRecords, RaidRequests }

/** The reference for bench/overhead.sh: RAiD's journey as a plain Gatling simulation, the same 8 requests
  * with the same checks (RaidRequests), a CSV feeder of the same service points, no think time, a closed
  * population held for a while, and nothing else of the suite: no profile, sandbox, windows, thresholds or
  * archive. Only its CPU and heap are measured, by the injector's own sampler, as the suite measures itself.
  *
  * -Dbench.baseUrl, -Dbench.users (concurrent), -Dbench.seconds, -Dbench.figuresFile (where the CPU
  * seconds and peak heap go).
  */
class PlainRaidSimulation extends Simulation {
  private val baseUrl = sys.props.getOrElse("bench.baseUrl", "http://127.0.0.1:18080")
  private val users = Integer.getInteger("bench.users", 32).intValue
  private val seconds = Integer.getInteger("bench.seconds", 60).intValue
  private val figuresFile = Paths.get(sys.props.getOrElse("bench.figuresFile", "target/bench-plain-injector.txt"))

  private val journey = {
    import RaidRequests._
    feed(csv("feeders/raid/service-points.csv").circular)
      .feed(RaidRecords.newRaids)
      .exec(listRaids, mintRaid, listRaids, readRaid, addContributor(2), listRaids, readRaid, addContributor(3))
  }

  private val injector = new InjectorHealth(intervalMs = 1000, busyCpuPercent = 90, new LateStarts)
  before(injector.start())
  after {
    injector.stop()
    injector.figures.foreach(f => Files.writeString(figuresFile, s"${f.cpuSeconds} ${f.heapPeakMiB}\n"))
  }

  setUp(
    scenario("RAiD mint and update").exec(journey).inject(constantConcurrentUsers(users).during(seconds))
  ).protocols(
    http.baseUrl(baseUrl).acceptHeader("application/json").userAgentHeader("public-sector-load-tests (RAiD)")
  )
}
