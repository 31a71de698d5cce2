package learningportal

import journey.{ SystemSettings, SystemUnderTest }

import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import sandbox.{ StandIn, StandInContext, StandInHandler }
import websites.Browser

/** The learning portal's mobile variant (docs/systems/learning-portal.md): the same course pages on the
  * portal's mobile host, its own base URL per target. A learner logs in there and reads every page of the
  * portal's feeder with the images and stylesheet it links, under the mobile host's own request names; the
  * portal's settings (pages, think time, password) apply. The practice service is the portal's alone.
  */
object LearningPortalMobile extends SystemUnderTest {
  override val key = "learning-portal-mobile"
  override val scenarioName = "Learning portal mobile learner"
  override val parts: Seq[SystemUnderTest] = Seq(LearningPortal)
  override val requestNames: Set[String] = LearningPortalRequests.Mobile.names

  /** The portal's stand-in, with the portal's sandbox settings, answering on the mobile host's own port. */
  override val standIn: StandIn = new StandIn {
    override def start(context: StandInContext): StandInHandler =
      LearningPortal.standIn.start(context.of(LearningPortal.key))
  }

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    Browser.protocol(baseUrl, "learning portal mobile", LearningPortalRequests.Mobile.assetName)

  override def journey(settings: SystemSettings): ChainBuilder =
    LearningPortal.reading(LearningPortalRequests.Mobile, settings.of(LearningPortal))
}
