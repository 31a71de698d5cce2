package websites

import java.util.regex.Pattern

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

/** How the website slices fetch a page: as a browser does, every asset its HTML links inferred and fetched
  * with it, but only from the site itself (third-party hosts, analytics and others' CDNs, are not ours to
  * load), each asset named by `assetName` of its path since file names change with the site's content.
  */
object Browser {
  def protocol(baseUrl: String, client: String, assetName: String => String): HttpProtocolBuilder =
    http
      .baseUrl(baseUrl)
      .inferHtmlResources(AllowList(Pattern.quote(baseUrl.stripSuffix("/")) + "/.*"))
      .nameInferredHtmlResources(uri => assetName(uri.getPath))
      .acceptLanguageHeader("en-NZ,en;q=0.9")
      .userAgentHeader(s"public-sector-load-tests ($client)")
}
