package eroll

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The eRoll API calls of docs/systems/eroll.md. Names are a contract: teams compare runs with their
  * historical reports line by line. `eRoll - Login` is the suite's own: the reports count the calls of a
  * logged-in session, but a session needs its bearer token from somewhere. Requests are built when the
  * journey is (Gatling's DSL needs its configuration loaded), so the names can be used without them.
  */
object ERollRequests {
  val Login = "eRoll - Login"
  val Electorates = "eRoll - Electorates"
  val EnrolUpdateMda2 = "eRoll - Enrol Update MDA2"
  val Search = "eRoll - Search"
  val SearchWild = "eRoll - Search - Wild"
  val SearchNoMidnames = "eRoll - Search - No Midnames"
  val SearchWildNoMidnames = "eRoll - Search - Wild - No Midnames"
  val SearchMononym = "eRoll - Search - Mononym"
  val AddressCompletion = "eRoll - Address completion"
  val LookupAddress = "eRoll - Lookup Address"
  val Logout = "eRoll - Logout"

  /** The search variants, which share the persons route between them (`eroll.searchMix`). */
  val Searches: Seq[String] = Seq(Search, SearchWild, SearchNoMidnames, SearchWildNoMidnames, SearchMononym)

  val names: Set[String] =
    Set(Login, Electorates, EnrolUpdateMda2, AddressCompletion, LookupAddress, Logout) ++ Searches

  private def authorised(name: String): String => HttpRequestBuilder =
    path => http(name).get(path).header("Authorization", "Bearer #{token}")

  def login: HttpRequestBuilder =
    http(Login)
      .post("/api/login")
      .body(StringBody("""{"username":"#{username}","password":"#{password}"}"""))
      .asJson
      .check(status.is(200), jsonPath("$.token").saveAs("token"))

  def electorates: HttpRequestBuilder =
    authorised(Electorates)("/api/electorates")
      .queryParam("withElection", "true")
      .check(status.is(200), jsonPath("$.electorates[*].code").count.gt(0))

  /** An update to the elector a search found, which makes the roll send them an MDA2 letter. */
  def enrolUpdateMda2: HttpRequestBuilder =
    http(EnrolUpdateMda2)
      .post("/api/enrol")
      .header("Authorization", "Bearer #{token}")
      .body(StringBody("""{"electorId":"#{foundElectorId}","update":"residential-address","correspondence":"MDA2"}"""))
      .asJson
      .check(
        status.is(200),
        jsonPath("$.electorId").is("#{foundElectorId}"),
        jsonPath("$.correspondence.type").is("MDA2")
      )

  /** One search variant for the person fed: the answer must list them (by elector id), whose id is kept
    * for a later enrol update. Wild variants send the first `wildLetters` of each name then `*`; "No
    * Midnames" variants leave middle names out; a mononym is searched by their one name.
    */
  def search(variant: String, wildLetters: Int): HttpRequestBuilder = {
    def wild(attribute: String) = (session: Session) =>
      session(attribute).validate[String].map(name => name.take(wildLetters) + "*")
    require(Searches.contains(variant), s"not a search variant: $variant")
    val request = authorised(variant)("/api/persons")
    val named = variant match {
      case SearchMononym => request.queryParam("surname", "#{surname}").queryParam("mononym", "true")
      case SearchWild | SearchWildNoMidnames =>
        request.queryParam("surname", wild("surname")).queryParam("firstName", wild("firstName"))
      case _ => request.queryParam("surname", "#{surname}").queryParam("firstName", "#{firstName}")
    }
    val withMiddleNames =
      if (variant == Search || variant == SearchWild) named.queryParam("middleNames", "#{middleNames}") else named
    withMiddleNames.check(
      status.is(200),
      jsonPath("$.results[?(@.electorId == '#{electorId}')].electorId").saveAs("foundElectorId")
    )
  }

  /** The suggestions for the first letters of the fed person's address; one of them is kept for a lookup. */
  def addressCompletion(prefixLength: Int): HttpRequestBuilder =
    authorised(AddressCompletion)("/api/residential_addresses")
      .queryParam("q", (session: Session) => session("address").validate[String].map(_.take(prefixLength)))
      .check(status.is(200), jsonPath("$.suggestions[*].id").findRandom.saveAs("addressId"))

  def lookupAddress: HttpRequestBuilder =
    authorised(LookupAddress)("/api/lookup_address")
      .queryParam("id", "#{addressId}")
      .check(status.is(200), jsonPath("$.id").is("#{addressId}"), jsonPath("$.electorate").exists)

  def logout: HttpRequestBuilder =
    http(Logout).post("/api/logout").header("Authorization", "Bearer #{token}").check(status.is(204))
}
