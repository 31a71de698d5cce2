package dvp

import DvpRequests._

/** One step of a situation: the request(s) it sends (address completion is a burst). */
sealed abstract class DvpStep(val request: String)

object DvpStep {
  case object InitialPage extends DvpStep(DvpRequests.InitialPage)
  case object AddressCompletion extends DvpStep(DvpRequests.AddressCompletion)
  case object EnrolmentDetails extends DvpStep(DvpRequests.EnrolmentDetails)
  case object ReasonOutside extends DvpStep(DvpRequests.ReasonOutside)
  case object ReasonRemote extends DvpStep(DvpRequests.ReasonRemote)
  case object ConfirmDetails extends DvpStep(DvpRequests.ConfirmDetails)
  case object DownloadPdf extends DvpStep(DvpRequests.DownloadPdf)
}

/** A situation (a Gatling group of this name): whose details it sends and its steps in order.
  *
  * @param overseas the elector has an overseas address on the roll (else an elector in New Zealand)
  */
final case class DvpSituation(name: String, overseas: Boolean, steps: Seq[DvpStep]) {

  /** How many times one run of this situation sends `request`, given the address-completion burst size. */
  def sends(request: String, burst: Int): Int =
    steps.count(_.request == request) * (if (request == AddressCompletion) burst else 1)

  def downloads: Boolean = steps.contains(DvpStep.DownloadPdf)
}

/** The three situations of docs/systems/dvp.md. */
object DvpSituations {
  import DvpStep._

  private val start = Seq(InitialPage, AddressCompletion, EnrolmentDetails)
  private val download = Seq(ConfirmDetails, DownloadPdf)

  val NoOverseasAddress: DvpSituation = DvpSituation("No overseas address", overseas = false, start :+ ReasonOutside)
  val OverseasOutsideNz: DvpSituation =
    DvpSituation("Overseas - outside NZ", overseas = true, (start :+ ReasonOutside) ++ download)
  val OverseasRemoteGrounds: DvpSituation =
    DvpSituation("Overseas - remote grounds", overseas = true, (start :+ ReasonRemote) ++ download)

  val All: Seq[DvpSituation] = Seq(NoOverseasAddress, OverseasOutsideNz, OverseasRemoteGrounds)

  val names: Seq[String] = All.map(_.name)
}
