package votenz

import java.net.URI
import java.util.regex.Pattern

import scala.util.Try

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import suite.{ Sessions, SystemSettings, SystemUnderTest }

/** vote.nz, the public electoral information website (docs/systems/vote-nz.md): each user is one visit
  * that browses its pages in turn, each page a group with every asset a browser fetches for it.
  */
object VoteNz extends SystemUnderTest {
  override val key = "vote-nz"
  override val scenarioName = "vote.nz visit"
  override val standIn = VoteNzStandIn
  override val requestNames: Set[String] = VoteNzRequests.names

  /** Assets are inferred from each page's HTML, as a browser finds them, and only from the site itself:
    * third-party hosts (analytics, others' CDNs) are not ours to load.
    */
  override def protocol(baseUrl: String): HttpProtocolBuilder =
    http
      .baseUrl(baseUrl)
      .inferHtmlResources(AllowList(Pattern.quote(baseUrl.stripSuffix("/")) + "/.*"))
      .nameInferredHtmlResources(uri => VoteNzRequests.assetName(uri.getPath))
      .acceptLanguageHeader("en-NZ,en;q=0.9")
      .userAgentHeader("public-sector-load-tests (vote.nz)")

  override def journey(settings: SystemSettings): ChainBuilder = {
    val think = settings.uniformThinkTime("thinkTime").pause
    val pages =
      VoteNzRequests.Pages.map(page => group(page.name)(exec(VoteNzRequests.page(page, path(settings, page)))))
    Sessions.recorded(scenarioName)(pages.reduce((done, next) => done.exec(think).exec(next)))
  }

  /** The page's path on the site, from `vote-nz.pages.<key>`: a path, not a URL of another host. */
  def path(settings: SystemSettings, page: VoteNzPage): String = {
    val key = s"pages.${page.key}"
    val path = settings.string(key)
    val parsed = Try(new URI(path)).toOption
    if (!path.startsWith("/") || path.startsWith("//") || !parsed.exists(u => u.getScheme == null && u.getHost == null))
      settings.settings.fail(
        key,
        s"not a path on the site (it must start with one '/' and be a valid URI path): '$path'"
      )
    path
  }
}
