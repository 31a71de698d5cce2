package publicapps.standin

import dvp.Dvp
import eol.Eol
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }

/** The public web host in the sandbox: DVP's pages under its path, Enrol Online's everything else, as on
  * the real host.
  */
object PublicAppsWebStandIn extends StandIn {
  override def start(context: StandInContext): StandInHandler = {
    val eol = Eol.standIn.start(context.of(Eol.key))
    val dvp = Dvp.standIn.start(context.of(Dvp.key))
    new StandInHandler {
      override def handle(request: StandInRequest) =
        if (request.path.startsWith("/app/dvp")) dvp.handle(request) else eol.handle(request)

      override def close(): Unit = {
        eol.close()
        dvp.close()
      }
    }
  }
}
