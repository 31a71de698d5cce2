package publicapps

import journey.{ SystemSettings, SystemUnderTest }

import eroll.ERoll
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import sandbox.{ StandIn, StandInContext, StandInHandler }

/** The eRoll host's share of the combined run (docs/systems/public-apps.md): eRoll sessions as
  * `eroll` defines them, worked through as a list of their own that starts some minutes after the web list.
  */
object PublicAppsERoll extends SystemUnderTest {
  override val key = "public-apps-eroll"
  override val scenarioName = "Public apps - eRoll"
  override val parts: Seq[SystemUnderTest] = Seq(ERoll)
  override val requestNames: Set[String] = ERoll.requestNames

  override val standIn: StandIn = new StandIn {
    override def start(context: StandInContext): StandInHandler = ERoll.standIn.start(context.of(ERoll.key))
  }

  override def protocol(baseUrl: String): HttpProtocolBuilder = ERoll.protocol(baseUrl)

  override def journey(settings: SystemSettings): ChainBuilder = ERoll.journey(settings.of(ERoll))
}
