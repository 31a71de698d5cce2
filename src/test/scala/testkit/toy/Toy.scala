package testkit.toy

import journey.{ SystemSettings, SystemUnderTest }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

/** A minimal system, built exactly as docs/adding-a-system.md says: this slice, its systems/toy.conf, its stub
  * mapping and its registration in [[ToySystems]]. It proves the framework needs nothing else to run it, alone
  * or beside RAiD ([[testkit.ToyAndRaidSimulation]]), each gated on its own thresholds.
  */
object Toy extends SystemUnderTest {
  override val key = "toy"
  override val scenarioName = "Toy lookups"
  override val standIn = ToyStandIn

  override val requestNames: Set[String] = Set("toy - home", "toy - look up")

  override def protocol(baseUrl: String): HttpProtocolBuilder = http.baseUrl(baseUrl)

  override def pathsPerJourney(settings: SystemSettings): Map[List[String], Double] =
    settings.string("group") match {
      case ""    => requestNames.map(name => List(name) -> 1.0).toMap
      case named => requestNames.map(name => List(named, name) -> 1.0).toMap + (List(named) -> 1.0)
    }

  override def journey(settings: SystemSettings): ChainBuilder = {
    val think = settings.thinkTime("thinkTime").pause
    val timeout = settings.duration("requestTimeout")
    val visit = exec(http("toy - home").get("/").requestTimeout(timeout).check(status.is(200)))
      .exec(think)
      .exec(http("toy - look up").get("/lookup/42").requestTimeout(timeout).check(
        status.is(200),
        jsonPath("$.answer").is("42")
      ))
    settings.string("group") match {
      case ""    => visit
      case named => group(named)(visit)
    }
  }
}
