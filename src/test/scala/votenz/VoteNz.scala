package votenz

import journey.{ Sessions, SystemSettings, SystemUnderTest }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import votenz.standin.VoteNzStandIn
import websites.{ Browser, SitePath }

/** vote.nz, the public electoral information website (docs/systems/vote-nz.md): each user is one visit
  * that browses its pages in turn, each page a group with every asset a browser fetches for it.
  */
object VoteNz extends SystemUnderTest {
  override val key = "vote-nz"
  override val scenarioName = "vote.nz visit"
  override val standIn = VoteNzStandIn
  override val requestNames: Set[String] = VoteNzRequests.names

  override def protocol(baseUrl: String): HttpProtocolBuilder =
    Browser.protocol(baseUrl, "vote.nz", VoteNzRequests.assetName)

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
    SitePath.problem(path).foreach(settings.settings.fail(key, _))
    path
  }
}
