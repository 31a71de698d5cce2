package eol

import journey.{ Feeders, SystemSettings, SystemUnderTest }

import electoral.AddressTyping
import eol.standin.EolStandIn
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder

/** Enrol Online: the electoral enrolment web application, driven through its AJAX endpoints
  * (docs/systems/eol.md). Each user runs one transaction, drawn from the configured mix.
  */
object Eol extends SystemUnderTest {
  override val key = "eol"
  override val scenarioName = "Enrol Online"
  override val standIn = EolStandIn
  override val requestNames: Set[String] = EolRequests.names

  override def protocol(baseUrl: String): HttpProtocolBuilder = SystemUnderTest.jsonApi(baseUrl, "Enrol Online")

  override def journey(settings: SystemSettings): ChainBuilder = {
    val mix = settings.mix("mix", EolTransactions.names)
    val electors = Eol.electors(settings).circular
    val enrolees = Eol.enrolees(settings).circular
    val chains = transactions(settings, t => feed(if (t.onRoll) electors else enrolees))
    mix.switch("transaction", chains)
  }

  /** People on the roll (they change their details, or only search) and people not on it (they enrol). */
  def electors(settings: SystemSettings): IndexedSeq[Feeders.Record] =
    Feeders.csvRecords(settings.string("electors"), EolPeople.Columns)

  def enrolees(settings: SystemSettings): IndexedSeq[Feeders.Record] =
    Feeders.csvRecords(settings.string("enrolees"), EolPeople.Columns)

  /** Each transaction's chain by name, as a group; `person` puts the person it is for in the session. */
  def transactions(settings: SystemSettings, person: EolTransaction => ChainBuilder): Map[String, ChainBuilder] = {
    val think = settings.thinkTime("thinkTime").pause
    val keystroke = settings.thinkTime("addressCompletion.keystrokePause").pause
    val burst = settings.int("addressCompletion.requests", min = 1)

    def step(s: EolStep, onRoll: Boolean): ChainBuilder = {
      import EolRequests._
      val requests = s match {
        case EolStep.InitialPage       => exec(initialPage)
        case EolStep.AddressCompletion => AddressTyping.typeAddress(burst, keystroke, addressCompletion)
        case EolStep.Search            => exec(search(onRoll))
        case EolStep.VerifyLicence     => exec(verifyLicence)
        case EolStep.PassportInitiate  => exec(passportInitiate)
        case EolStep.PassportResolve   => exec(passportResolve)
        case EolStep.EmailValidation   => exec(emailValidation)
        case EolStep.EsValidation      => exec(esValidation)
        case EolStep.PreSubmit         => exec(preSubmit(onRoll))
        case EolStep.EnrolmentForm     => exec(enrolmentForm)
      }
      requests.exec(analytics(s.request))
    }

    EolTransactions.All.map { t =>
      t.name -> person(t).group(t.name)(
        t.steps.map(step(_, t.onRoll)).reduce((done, next) => done.exec(think).exec(next))
      )
    }.toMap
  }
}
