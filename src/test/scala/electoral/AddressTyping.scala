package electoral

import journey.Typing

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck
import io.gatling.http.request.builder.HttpRequestBuilder

/** A person typing their address into an electoral web app's address completion. Built when a journey is
  * (Gatling's DSL needs its configuration loaded).
  */
object AddressTyping {

  /** `burst` lookups of the `address` in the session with a growing prefix (as `prefix`), keystroke pauses
    * between them.
    */
  def typeAddress(burst: Int, keystroke: ChainBuilder, lookup: => HttpRequestBuilder): ChainBuilder =
    exec(session => session.set("prefixes", Typing.prefixes(session("address").as[String], burst)))
      .foreach("#{prefixes}", "prefix")(exec(lookup).exec(keystroke))

  /** The checks of one lookup: suggestions come back; once the whole address is typed, the person picks
    * the suggestion that is their address, and its id is kept as `addressId` for the form.
    */
  def suggestionChecks: Seq[HttpCheck] = Seq(
    status.is(200),
    jsonPath("$.suggestions[*].label").exists,
    checkIf((session: Session) => session("prefix").as[String] == session("address").as[String])(
      jsonPath("$.suggestions[*]")
        .ofType[Map[String, Any]]
        .findAll
        .transformWithSession { (suggestions, session) =>
          val address = session("address").as[String]
          suggestions.find(_.get("label").contains(address)).fold("")(_("id").toString)
        }
        .not("")
        .saveAs("addressId")
    )
  )
}
