package elections.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{ CompletableFuture, CompletionException, ConcurrentHashMap }

import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse, StubCallFailed }

/** The election site behind a CDN: an origin ([[ElectionsSiteStandIn]]) whose every answer waits on the
  * `elections-origin` stub (the origin's latency is a stub delay), and a caching layer in front that keeps
  * each answer for `sandbox.elections.maxAge`, marks it with a cache-status header and answers a hit at
  * once. The first request for a path (or the first after its copy expired) is the MISS that goes to the
  * origin; requests for it while that fetch is under way wait for it and are hits, as a CDN collapses
  * them. Paths listed in `uncachedPaths` go to the origin every time and carry no cache-status header, as
  * a CDN passes through what it does not cache. Every answer carries `Cache-Control: public, max-age=...`.
  */
object ElectionsStandIn extends StandIn {

  private final case class Cached(fetchedAtNanos: Long, resource: CompletableFuture[ElectionsSiteStandIn.Resource])

  override def start(context: StandInContext): StandInHandler = {
    val settings = context.settings
    val statusHeader = settings.string("cacheStatusHeader")
    if (statusHeader.isEmpty) settings.fail("cacheStatusHeader", "must name a header")
    val maxAge = settings.positiveDuration("maxAge")
    val uncached = settings.stringList("uncachedPaths").toSet
    val cache = new ConcurrentHashMap[String, Cached]
    val cacheControl = "Cache-Control" -> s"public, max-age=${maxAge.toSeconds}"

    def fromOrigin(path: String): CompletableFuture[ElectionsSiteStandIn.Resource] =
      context.stubs.call(
        "elections-origin",
        HttpMethod.GET,
        s"/elections-origin$path"
      ).thenApply[ElectionsSiteStandIn.Resource](_ => ElectionsSiteStandIn.resources(path))

    def answer(resource: ElectionsSiteStandIn.Resource, status: Option[String]) =
      StandInResponse(
        200,
        Vector(resource.body),
        resource.contentType,
        cacheControl +: status.map(statusHeader -> _).toSeq
      )

    new StandInHandler {
      override def handle(request: StandInRequest): CompletableFuture[StandInResponse] = {
        val path = request.path
        if (request.method != HttpMethod.GET)
          CompletableFuture.completedFuture(text(405, s"${request.method} not allowed"))
        else if (!ElectionsSiteStandIn.resources.contains(path))
          CompletableFuture.completedFuture(text(404, s"no page $path"))
        else if (uncached(path)) fromOrigin(path).thenApply[StandInResponse](answer(_, None)).exceptionally(failed)
        else {
          val now = System.nanoTime()
          val fetch = new CompletableFuture[ElectionsSiteStandIn.Resource]
          var miss = false
          val entry = cache.compute(
            path,
            (_, held) =>
              if (held != null && now - held.fetchedAtNanos < maxAge.toNanos) held
              else {
                miss = true
                Cached(now, fetch)
              }
          )
          if (miss) {
            // Called once the path's entry is in place, not inside `compute`: the stub call's own work (WireMock
            // matching and rendering it) would hold the map's lock, and the hits for the path would wait on it.
            fromOrigin(path).whenComplete((resource, error) =>
              if (error == null) fetch.complete(resource) else fetch.completeExceptionally(error)
            )
            // A failed fetch is not kept: the next request tries the origin again.
            entry.resource.whenComplete((_, error) => if (error != null) cache.remove(path, entry))
          }
          // A hit that waits on the fetch under way waits on the origin's stub, as the miss does.
          (if (miss) entry.resource else context.stubs.join(entry.resource))
            .thenApply[StandInResponse](answer(_, Some(if (miss) "MISS" else "HIT")))
            .exceptionally(failed)
        }
      }
    }
  }

  /** The origin's stub failing is the CDN's 502, or 504 when it did not answer in time. */
  private def failed(e: Throwable): StandInResponse = e match {
    case f: StubCallFailed                                        => text(f.status, f.getMessage)
    case wrapped: CompletionException if wrapped.getCause != null => failed(wrapped.getCause)
    case other                                                    => text(500, String.valueOf(other.getMessage))
  }

  private def text(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/plain; charset=utf-8")
}
