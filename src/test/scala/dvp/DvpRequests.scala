package dvp

import electoral.AddressTyping
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The Download Voting Papers requests of docs/systems/dvp.md. Names are a contract: teams compare runs
  * with their historical reports line by line. Every `/app/dvp/ajax/` call sends back the landing page's
  * form token (the session cookie goes by itself). Requests are built when the journey is (Gatling's DSL
  * needs its configuration loaded), so the names can be used without them.
  */
object DvpRequests {
  val InitialPage = "DVP - Initial Page"
  val AddressCompletion = "DVP - Address Completion"
  val EnrolmentDetails = "DVP - Enrolment Details"
  val ReasonOutside = "DVP - Reason - Outside Selection"
  val ReasonRemote = "DVP - Reason - Remote"
  val ConfirmDetails = "DVP - Confirm Details"
  val DownloadPdf = "DVP - Download PDF"

  val names: Set[String] =
    Set(InitialPage, AddressCompletion, EnrolmentDetails, ReasonOutside, ReasonRemote, ConfirmDetails, DownloadPdf)

  /** The header the page's script sends its form token back in. */
  val TokenHeader = "X-DVP-Form-Token"

  private def ajax(name: String, path: String): HttpRequestBuilder =
    http(name)
      .post(path)
      .header(TokenHeader, "#{formToken}")
      .header("X-Requested-With", "XMLHttpRequest")

  def initialPage: HttpRequestBuilder =
    http(InitialPage)
      .get("/app/dvp")
      .header("Accept", "text/html")
      .check(status.is(200), css("input[name=formToken]", "value").saveAs("formToken"))

  /** One keystroke of the burst: suggestions for the prefix typed so far. Once the whole address is typed,
    * the elector picks the suggestion that is their address; its id goes with the enrolment details.
    */
  def addressCompletion: HttpRequestBuilder =
    http(AddressCompletion)
      .get("/app/dvp/ajax/address")
      .queryParam("q", "#{prefix}")
      .header(TokenHeader, "#{formToken}")
      .header("X-Requested-With", "XMLHttpRequest")
      .check(AddressTyping.suggestionChecks: _*)

  /** Finds the elector on the roll at the address picked: keeps their reference, and checks whether the
    * roll holds an overseas address for them, as the situation expects.
    */
  def enrolmentDetails(overseas: Boolean): HttpRequestBuilder =
    ajax(EnrolmentDetails, "/app/dvp/ajax/details")
      .formParam("firstName", "#{firstName}")
      .formParam("surname", "#{surname}")
      .formParam("dateOfBirth", "#{dateOfBirth}")
      .formParam("addressId", "#{addressId}")
      .check(
        status.is(200),
        jsonPath("$.found").ofType[Boolean].is(true),
        jsonPath("$.electorReference").saveAs("electorReference"),
        jsonPath("$.overseasAddress").ofType[Boolean].is(overseas)
      )

  /** "Outside New Zealand": an elector with an overseas address may go on; one without is told they cannot
    * download, and leaves.
    */
  def reasonOutside(overseas: Boolean): HttpRequestBuilder =
    ajax(ReasonOutside, "/app/dvp/ajax/reason/outside")
      .formParam("electorReference", "#{electorReference}")
      .check(status.is(200), jsonPath("$.eligible").ofType[Boolean].is(overseas))

  /** "Approved remote grounds": the app checks the grounds with the remote-grounds register first. */
  def reasonRemote: HttpRequestBuilder =
    ajax(ReasonRemote, "/app/dvp/ajax/reason/remote")
      .formParam("electorReference", "#{electorReference}")
      .check(status.is(200), jsonPath("$.eligible").ofType[Boolean].is(true))

  def confirmDetails: HttpRequestBuilder =
    ajax(ConfirmDetails, "/app/dvp/ajax/confirm")
      .formParam("electorReference", "#{electorReference}")
      .check(status.is(200), jsonPath("$.downloadUrl").saveAs("downloadUrl"))

  /** The voting papers: a PDF that parses, of at least `minPages` pages. */
  def downloadPdf(minPages: Int): HttpRequestBuilder =
    http(DownloadPdf)
      .get("#{downloadUrl}")
      .header("Accept", "application/pdf")
      .check(
        status.is(200),
        header("Content-Type").is("application/pdf"),
        bodyBytes.validate(
          s"is a PDF of at least $minPages pages",
          (body, _) =>
            body.fold[Validation[Option[Array[Byte]]]]("no body".failure)(DvpPdf.check(_, minPages).map(_ => body))
        )
      )
}
