package eroll

import journey.{ Feeders, SystemSettings, SystemUnderTest }

import eroll.standin.ERollStandIn
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import config.InputError

/** eRoll API: authorised users query the roll (docs/systems/eroll.md). One journey is one session: log
  * in, calls drawn by route weight with think time before each, until a drawn logout.
  */
object ERoll extends SystemUnderTest {
  override val key = "eroll"
  override val scenarioName = "eRoll API"
  override val standIn = ERollStandIn
  override val requestNames: Set[String] = ERollRequests.names

  /** The routes of the reports' mix (`eroll.mix`); a session's calls are drawn among them. */
  object Route {
    val Electorates = "electorates"
    val Enrol = "enrol"
    val Persons = "persons"
    val ResidentialAddresses = "residential_addresses"
    val LookupAddress = "lookup_address"
    val Logout = "logout"
    val names: Seq[String] = Seq(Electorates, Enrol, Persons, ResidentialAddresses, LookupAddress, Logout)
  }

  override def protocol(baseUrl: String): HttpProtocolBuilder = SystemUnderTest.jsonApi(baseUrl, "eRoll")

  override def journey(settings: SystemSettings): ChainBuilder = {
    import ERollRequests._
    val routes = settings.mix("mix", Route.names)
    val searches = settings.mix("searchMix", Searches)
    val think = settings.thinkTime("thinkTime").pause
    val maxCalls = settings.int("maxCallsPerSession", min = 1)
    val maxDuration = settings.settings.positiveDuration("maxSessionDuration")
    val wildLetters = settings.int("search.wildLetters", min = 1)
    val prefixLength = settings.int("addressCompletion.prefixLength", min = 3)
    val people = roll(settings)
    val (mononyms, named) = people.partition(_("firstName").toString.isEmpty)
    if (mononyms.isEmpty) throw new InputError(s"${settings.string("roll")}", "no mononyms (people with no first name)")
    val namedFeeder = named.circular
    val mononymFeeder = mononyms.circular

    def searchFor(variant: String): ChainBuilder =
      feed(if (variant == SearchMononym) mononymFeeder else namedFeeder).exec(search(variant, wildLetters))
    val completeAddress = feed(namedFeeder).exec(addressCompletion(prefixLength))
    val searchChains = searches.names.map(variant => variant -> searchFor(variant)).toMap

    // A call that needs a value no earlier call of the session gave (an elector to update, an address to
    // look up) first makes the call that gives it, as a client cannot update an elector it has not found.
    val calls = Map(
      Route.Electorates -> exec(electorates),
      Route.Enrol -> doIf(!_.contains("foundElectorId"))(searchFor(Search)).exec(enrolUpdateMda2),
      Route.Persons -> searches.switch("search", searchChains),
      Route.ResidentialAddresses -> completeAddress,
      Route.LookupAddress -> doIf(!_.contains("addressId"))(completeAddress).exec(lookupAddress),
      Route.Logout -> exec(logout).exec(_.set("loggedOut", true))
    )

    def loggedOut(session: Session) = session("loggedOut").as[Boolean]
    feed(staff(settings).circular)
      .exec(login)
      .exitHereIfFailed
      .exec(_.set("loggedOut", false))
      // Bounded by count and time: a session that has not drawn a logout by then logs out after them.
      .asLongAsDuring(session => !loggedOut(session) && session("calls").as[Int] < maxCalls, maxDuration, "calls")(
        exec(think).exec(routes.switch("route", calls))
      )
      .doIf(!loggedOut(_))(exec(logout))
  }

  /** Staff accounts: a blank password is taken from the environment variable `passwordEnv`, so real
    * environments' passwords live in CI secrets, never in a file.
    */
  def staff(settings: SystemSettings): IndexedSeq[Feeders.Record] = {
    val file = settings.string("staff")
    val passwordEnv = settings.string("passwordEnv")
    Feeders.csvRecords(file, ERollPeople.StaffColumns).map { account =>
      if (account("password").toString.trim.nonEmpty) account
      else
        account.updated(
          "password",
          sys.env.get(passwordEnv).filter(_.nonEmpty).getOrElse(
            throw new InputError(s"$file", s"${account("username")} has no password; set $passwordEnv")
          )
        )
    }
  }

  /** The people on the roll that staff search for. */
  def roll(settings: SystemSettings): IndexedSeq[Feeders.Record] =
    Feeders.csvRecords(settings.string("roll"), ERollPeople.RollColumns)
}
