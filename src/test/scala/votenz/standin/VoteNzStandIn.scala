package votenz.standin

import java.util.concurrent.CompletableFuture

import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse }

/** The vote.nz stand-in: [[VoteNzSiteStandIn]]'s pages and assets over GET, as a CMS serves them. Assets are
  * cacheable for a day, as a browser would be told, so a visit fetches a shared asset once; pages are not.
  */
object VoteNzStandIn extends StandIn {
  override def start(context: StandInContext): StandInHandler = {
    val site = new VoteNzSiteStandIn(context.settings.int("homeTiles", min = 0))
    new StandInHandler {
      override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
        CompletableFuture.completedFuture(answer(site, request))
    }
  }

  private def answer(site: VoteNzSiteStandIn, request: StandInRequest): StandInResponse =
    if (request.method != HttpMethod.GET) text(405, "GET only")
    else
      site.pageAt(request.path).map(page =>
        StandInResponse(200, Vector(page), "text/html; charset=utf-8", Seq("Cache-Control" -> "no-cache"))
      ).orElse(site.assetAt(request.path).map(asset =>
        StandInResponse(200, Vector(asset.body), asset.contentType, Seq("Cache-Control" -> "public, max-age=86400"))
      )).getOrElse(text(404, s"no page or asset at ${request.path}"))

  private def text(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "text/plain; charset=utf-8")
}
