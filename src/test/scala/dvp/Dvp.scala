package dvp

import journey.{ Feeders, SystemSettings, SystemUnderTest }

import dvp.standin.DvpStandIn
import electoral.AddressTyping
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder

/** Download Voting Papers: electors who cannot vote in person download their voting papers
  * (docs/systems/dvp.md). Each user runs one situation, drawn from the configured mix.
  */
object Dvp extends SystemUnderTest {
  override val key = "dvp"
  override val scenarioName = "Download Voting Papers"
  override val standIn = DvpStandIn
  override val requestNames: Set[String] = DvpRequests.names

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    SystemUnderTest.jsonApi(baseUrl, "Download Voting Papers")

  override def journey(settings: SystemSettings): ChainBuilder = {
    val mix = settings.mix("mix", DvpSituations.names)
    val inNz = Dvp.nzElectors(settings).circular
    val overseas = Dvp.overseasElectors(settings).circular
    val chains = situations(settings, s => feed(if (s.overseas) overseas else inNz))
    mix.switch("situation", chains)
  }

  /** Each situation as often as the mix draws it; each of its requests as often as it sends it. */
  override def pathsPerJourney(settings: SystemSettings): Map[List[String], Double] = {
    val mix = settings.mix("mix", DvpSituations.names)
    val burst = settings.int("addressCompletion.requests", min = 1)
    DvpSituations.All.flatMap { s =>
      val share = mix.share(s.name)
      (List(s.name) -> share) +: DvpRequests.names.toSeq.map(r => List(s.name, r) -> share * s.sends(r, burst))
    }.filter(_._2 > 0).toMap
  }

  /** Electors living in New Zealand (no overseas address on the roll) and electors overseas. */
  def nzElectors(settings: SystemSettings): IndexedSeq[Feeders.Record] =
    Feeders.csvRecords(settings.string("nzElectors"), DvpPeople.Columns)

  def overseasElectors(settings: SystemSettings): IndexedSeq[Feeders.Record] =
    Feeders.csvRecords(settings.string("overseasElectors"), DvpPeople.Columns)

  /** The least pages the downloaded voting papers must have (`dvp.pdfCheck.minPages`, at least 1). */
  private[dvp] def minPages(settings: SystemSettings): Int = settings.int("pdfCheck.minPages", min = 1)

  /** Each situation's chain by name, as a group; `person` puts the elector it is for in the session. */
  def situations(settings: SystemSettings, person: DvpSituation => ChainBuilder): Map[String, ChainBuilder] = {
    val pages = minPages(settings)
    val think = settings.thinkTime("thinkTime").pause
    val keystroke = settings.thinkTime("addressCompletion.keystrokePause").pause
    val burst = settings.int("addressCompletion.requests", min = 1)

    def step(s: DvpStep, overseas: Boolean): ChainBuilder = {
      import DvpRequests._
      s match {
        case DvpStep.InitialPage       => exec(initialPage)
        case DvpStep.AddressCompletion => AddressTyping.typeAddress(burst, keystroke, addressCompletion)
        case DvpStep.EnrolmentDetails  => exec(enrolmentDetails(overseas))
        case DvpStep.ReasonOutside     => exec(reasonOutside(overseas))
        case DvpStep.ReasonRemote      => exec(reasonRemote)
        case DvpStep.ConfirmDetails    => exec(confirmDetails)
        case DvpStep.DownloadPdf       => exec(downloadPdf(pages))
      }
    }

    DvpSituations.All.map { s =>
      s.name -> person(s).group(s.name)(
        s.steps.map(step(_, s.overseas)).reduce((done, next) => done.exec(think).exec(next))
      )
    }.toMap
  }
}
