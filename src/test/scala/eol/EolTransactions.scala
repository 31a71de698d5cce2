package eol

import EolRequests._

/** One step of a transaction: the request(s) it sends (address completion is a burst), then one analytics call. */
sealed abstract class EolStep(val request: String)

object EolStep {
  case object InitialPage extends EolStep(EolRequests.InitialPage)
  case object AddressCompletion extends EolStep(EolRequests.AddressCompletion)
  case object Search extends EolStep(EolRequests.Search)
  case object VerifyLicence extends EolStep(EolRequests.VerifyLicence)
  case object PassportInitiate extends EolStep(EolRequests.PassportInitiate)
  case object PassportResolve extends EolStep(EolRequests.PassportResolve)
  case object EmailValidation extends EolStep(EolRequests.EmailValidation)
  case object EsValidation extends EolStep(EolRequests.EsValidation)
  case object PreSubmit extends EolStep(EolRequests.PreSubmit)
  case object EnrolmentForm extends EolStep(EolRequests.EnrolmentForm)
}

/** A transaction (a Gatling group of this name): whose details it sends and its steps in order.
  *
  * @param onRoll the person is already enrolled (changes details, or only searches); else an enrolee
  */
final case class EolTransaction(name: String, onRoll: Boolean, steps: Seq[EolStep]) {

  /** How many times one run of this transaction sends `request`, given the address-completion burst size. */
  def sends(request: String, burst: Int): Int =
    if (request == Analytics) steps.size
    else steps.count(_.request == request) * (if (request == AddressCompletion) burst else 1)
}

/** The seven transactions of docs/systems/eol.md, steps as the reference run's scripts. */
object EolTransactions {
  import EolStep._

  private val start = Seq(InitialPage, AddressCompletion, Search)
  private val licence = Seq(VerifyLicence)
  private val passport = Seq(PassportInitiate, PassportResolve)
  private val changeEnd = Seq(EmailValidation, EsValidation, AddressCompletion, PreSubmit, EnrolmentForm)
  private val enrolEnd = Seq(AddressCompletion, EmailValidation, EsValidation, PreSubmit, EnrolmentForm)

  val All: Seq[EolTransaction] = Seq(
    EolTransaction("Change details with drivers licence", onRoll = true, start ++ licence ++ changeEnd),
    EolTransaction("Change details with passport", onRoll = true, start ++ passport ++ changeEnd),
    EolTransaction("Change details without ID", onRoll = true, start ++ changeEnd),
    EolTransaction("Enrol with drivers licence", onRoll = false, start ++ licence ++ enrolEnd),
    EolTransaction("Enrol with passport", onRoll = false, start ++ passport ++ enrolEnd),
    EolTransaction("Enrol without ID", onRoll = false, start ++ enrolEnd),
    EolTransaction("Search only", onRoll = true, start)
  )

  val names: Seq[String] = All.map(_.name)

  def named(name: String): EolTransaction = All.find(_.name == name).getOrElse(sys.error(s"no transaction $name"))
}
