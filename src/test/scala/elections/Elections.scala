package elections

import journey.{ SystemSettings, SystemUnderTest }

import elections.standin.ElectionsStandIn
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck
import io.gatling.http.protocol.HttpProtocolBuilder

/** The election websites behind a CDN (docs/systems/elections.md): the homepage test (its HTML only) or
  * the comprehensive test (the homepage with every asset it links, then a few other pages from a feeder
  * with theirs), chosen by `elections.journey`. Every response's Cache-Control max-age is checked and its
  * cache status counted per page in the tally [[Elections.CacheTally]].
  */
object Elections extends SystemUnderTest {
  override val key = "elections"
  override val scenarioName = "Election sites"
  override val standIn = ElectionsStandIn

  val Homepage = "Homepage"
  val Page = "Page"

  /** An asset's request name, and the selector and attribute its links are read with from the page. */
  private final case class AssetKind(requestName: String, selector: String, attribute: String)

  // Favicons: rel="icon" and rel="apple-touch-icon" alike.
  private val AssetKinds = Seq(
    AssetKind("Stylesheet", "link[rel=stylesheet]", "href"),
    AssetKind("Favicon", "link[rel*=icon]", "href"),
    AssetKind("Image", "img[src]", "src"),
    AssetKind("Script", "script[src]", "src")
  )

  override val requestNames: Set[String] = Set(Homepage, Page) ++ AssetKinds.map(_.requestName)

  val Journeys: Seq[String] = Seq("homepage", "comprehensive")

  /** The tally every response's cache status is counted in, per page (its group's name). */
  val CacheTally = "Cache status by page"

  // Gatling's per-user cache is off: every user fetches what a first-time visitor's browser fetches, so
  // every response the CDN gives is checked and counted.
  override def protocol(baseUrl: String): HttpProtocolBuilder =
    http
      .baseUrl(baseUrl)
      .disableCaching
      .acceptHeader("text/html,application/xhtml+xml,*/*;q=0.8")
      .userAgentHeader("public-sector-load-tests (election sites)")

  override def journey(settings: SystemSettings): ChainBuilder = {
    val cache = CacheChecks(settings)
    val timeout = settings.duration("requestTimeout")
    def checks(page: Expression[String]): Seq[HttpCheck] = Seq(cache.tallied(page), status.is(200), cache.maxAge)

    settings.settings.oneOf("journey", Journeys) match {
      case "homepage" =>
        exec(http(Homepage).get("/").requestTimeout(timeout).check(checks(Homepage): _*))
      case _ =>
        val pages = ElectionsPages.load(settings.string("pages")).circular
        val perVisit = settings.int("pagesPerVisit", min = 0)

        /** A page and every asset it links, one after another, each checked and counted under `page`. */
        def visit(requestName: String, path: Expression[String], page: Expression[String]): ChainBuilder = {
          val links: Seq[HttpCheck] = AssetKinds.map(kind =>
            css(kind.selector, kind.attribute).findAll.withDefault(_ => Seq.empty[String].success).saveAs(
              kind.requestName
            )
          )
          AssetKinds.foldLeft(
            exec(http(requestName).get(path).requestTimeout(timeout).check(checks(page) ++ links: _*))
          ) {
            (chain, kind) =>
              chain.foreach(s"#{${kind.requestName}}", "asset")(
                exec(http(kind.requestName).get("#{asset}").requestTimeout(timeout).check(checks(page): _*))
              )
          }
        }

        group(Homepage)(visit(Homepage, "/", Homepage))
          .repeat(perVisit)(feed(pages).group("#{pageName}")(visit(Page, "#{pagePath}", "#{pageName}")))
    }
  }
}
