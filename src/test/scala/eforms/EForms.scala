package eforms

import journey.{ Companion, Mix, SystemSettings, SystemUnderTest }

import eforms.standin.EFormsStandIn
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import profiles.Plan

/** Survey eForms (docs/systems/eforms.md): a respondent logs in, fills in one survey page by page and
  * submits it. The survey is drawn by take-up; its pages follow from its question fields. Respondents are
  * split by line speed (`eforms.lineSpeeds`), each class through its port of the line-speed proxy. The profile
  * `data-extraction` adds an extractor beside them ([[EFormsExtraction]]).
  */
object EForms extends SystemUnderTest {
  import EFormsRequests._

  override val key = "eforms"
  override val scenarioName = "eForms respondent"
  override val standIn = EFormsStandIn
  override val requestNames: Set[String] = EFormsRequests.names

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    http
      .baseUrl(baseUrl)
      .acceptHeader("text/html,application/xhtml+xml")
      .userAgentHeader("public-sector-load-tests (eForms respondent)")

  /** The data extraction, where the run asks for it (the profile `data-extraction`). */
  override def companions(settings: SystemSettings, plan: Plan): Seq[Companion] =
    EFormsExtraction.companions(settings, plan)

  override def journey(settings: SystemSettings): ChainBuilder = {
    val surveys = EFormsSurveys.read(settings.settings)
    // Take-up sets each survey's share; a smoke run draws every survey in turn.
    val mix = Mix.of(surveys.surveys.map(s => s.code -> s.takeUp.toDouble), inTurn = settings.smoke)
      .getOrElse(settings.settings.fail("surveys", "every takeUp is 0: no survey could ever be drawn"))
    val think = settings.thinkTime("thinkTime").pause
    val password = settings.string("password")
    exec { session =>
      val survey = surveys(mix.draw()).get
      session.setAll(
        "username" -> s"respondent-${session.userId}",
        "survey" -> survey.code,
        "pages" -> surveys.pages(survey)
      )
    }
      .group(LogInGroup)(exec(loginForm).exec(logIn(password)))
      .exec(think)
      .group(PageGroup)(exec(openSurvey(surveys)))
      .repeat(session => session("pages").as[Int] - 1, "index")(
        exec(session => session.set("page", session("index").as[Int] + 1))
          .exec(think)
          .group(PageGroup)(exec(nextPage(surveys)))
      )
      .exec(session => session.set("page", session("pages").as[Int]))
      .exec(think)
      .group(SubmitGroup)(exec(submit(surveys)))
  }
}
