package votenz

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** A page of vote.nz the journey browses: its group and request are named after it, and `key` names its
  * path in `vote-nz.pages`.
  */
final case class VoteNzPage(key: String, name: String) {
  def request: String = s"vote.nz - $name"
}

/** The vote.nz requests of docs/systems/vote-nz.md. Names are a contract. A page's assets are the ones
  * its HTML links, inferred as a browser does; they are named by kind, since their file names change
  * with every edit of the site's content.
  */
object VoteNzRequests {
  val Home: VoteNzPage = VoteNzPage("home", "Home")
  val HowToEnrolOnline: VoteNzPage = VoteNzPage("howToEnrolOnline", "How to enrol online")
  val Faqs: VoteNzPage = VoteNzPage("faqs", "FAQs")
  val MaoriElectoralOption: VoteNzPage = VoteNzPage("maoriElectoralOption", "Māori electoral option")
  val KeyDates: VoteNzPage = VoteNzPage("keyDates", "Key dates")

  /** In the order a visitor browses them. */
  val Pages: Seq[VoteNzPage] = Seq(Home, HowToEnrolOnline, Faqs, MaoriElectoralOption, KeyDates)

  val Stylesheet = "vote.nz - Stylesheet"
  val Script = "vote.nz - Script"
  val Image = "vote.nz - Image"

  val names: Set[String] = Pages.map(_.request).toSet ++ Set(Stylesheet, Script, Image)

  /** The name of an inferred asset request, by its file's extension; anything neither a stylesheet nor a
    * script is an image on vote.nz (photos, logos, icons).
    */
  def assetName(path: String): String = {
    val file = path.substring(path.lastIndexOf('/') + 1).toLowerCase(java.util.Locale.ROOT)
    if (file.endsWith(".css")) Stylesheet else if (file.endsWith(".js")) Script else Image
  }

  /** The page's HTML; Gatling then fetches the assets it links (see VoteNz.protocol). A substring check, not
    * `css`, which would build the whole page's DOM to find its title.
    */
  def page(page: VoteNzPage, path: String): HttpRequestBuilder =
    http(page.request)
      .get(path)
      .header("Accept", "text/html,application/xhtml+xml")
      .check(status.is(200), substring("<title>").exists)
}
