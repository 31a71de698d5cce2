package sandbox

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.{ CompletableFuture, TimeUnit }
import java.util.concurrent.atomic.AtomicBoolean

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.fasterxml.jackson.core.JsonProcessingException
import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.github.tomakehurst.wiremock.core.Options
import com.github.tomakehurst.wiremock.http.{
  AdminRequestHandler,
  Cookie,
  HttpHeader,
  HttpHeaders,
  HttpServer,
  HttpServerFactory,
  ImmutableRequest,
  Request,
  RequestMethod,
  Response,
  StubRequestHandler
}
import com.github.tomakehurst.wiremock.jetty.JettyHttpServerFactory
import io.netty.channel.{ EventLoop, EventLoopGroup }
import io.netty.handler.codec.http.HttpMethod

/** A stub answered outside 2xx, or with a broken answer, or too late; `status` is the HTTP status to return. */
final class StubCallFailed(val status: Int, message: String) extends RuntimeException(message)

/** The stand-ins' calls to the WireMock stubs, made in-process: WireMock matches the call against the mapping
  * it names and renders the answer (faults included) as it would for a request on its port, and the answer is
  * released on the stand-in's own event loops once the stub's delay, counted from the call, has passed.
  *
  * In-process because over loopback each call in flight held two descriptors (the stand-in's connection and
  * WireMock's), the sandbox's own plumbing that a real system's budget does not carry: at RAiD x6 the capacity
  * preflight counted 3,600 of them beside 18,000 users' connections, over this machine's 20,000.
  */
final class StubClient private[sandbox] (stubs: StubRequestHandler, group: EventLoopGroup, timeout: FiniteDuration) {

  /** Per stub, the time from each call to its answer (see [[ServingTimes]]): the stubs' own figures. */
  val times = new ServingTimes("stubs")

  /** The response body of a 2xx answer; otherwise the future fails with [[StubCallFailed]].
    *
    * @param stub the name of the stub mapping the call is for, which alone it is matched against (see
    *             [[StubMappingsByName]]): a call its mapping does not match is answered 404
    */
  def call(stub: String, method: HttpMethod, pathAndQuery: String): CompletableFuture[String] = {
    val result = new CompletableFuture[String]
    // The request this call is made for: its completion runs on that request's behalf, so that a call made
    // from it counts for the same request.
    val timing = RequestTiming.active
    val started = System.nanoTime()
    val ended = new AtomicBoolean(false)
    def end(outcome: => Unit): Unit =
      if (ended.compareAndSet(false, true)) {
        val took = System.nanoTime() - started
        if (timing != null) timing.addStub(took)
        times.record(stub, took, took)
        RequestTiming.within(timing)(outcome)
      }
    val loop = StubClient.loopFor(group)
    val timer = loop.schedule(
      (() => end(result.completeExceptionally(new StubCallFailed(504, s"$stub: no answer within $timeout")))): Runnable,
      timeout.toMillis,
      TimeUnit.MILLISECONDS
    )
    try
      stubs.handle(
        new StubClient.Call(stub, method, pathAndQuery),
        (_: Request, response: Response, _: java.util.Map[String, AnyRef]) => {
          // The delay counts from the call, as a real system's time does from the request's arrival: the
          // matching and rendering before it are the stubs' machinery, not the system they stand in for.
          loop.schedule(
            (() => {
              timer.cancel(false)
              end(StubClient.complete(stub, response, result))
            }): Runnable,
            TimeUnit.MILLISECONDS.toNanos(response.getInitialDelay) - (System.nanoTime() - started),
            TimeUnit.NANOSECONDS
          )
          ()
        },
        null
      )
    catch {
      case NonFatal(e) =>
        timer.cancel(false)
        end(result.completeExceptionally(new StubCallFailed(502, s"$stub: the stubs failed: $e")))
    }
    result
  }

  /** `call`, made for another request, as the request being handled now waits on it too (a CDN collapsing the
    * requests for one path onto one origin fetch): the wait counts as this request's stub time, not as time
    * the sandbox added, and what follows the call runs on this request's behalf.
    */
  def join[T](call: CompletableFuture[T]): CompletableFuture[T] = {
    val timing = RequestTiming.active
    if (timing == null || call.isDone) call
    else {
      val started = System.nanoTime()
      val joined = new CompletableFuture[T]
      call.whenComplete { (value, failure) =>
        timing.addStub(System.nanoTime() - started)
        RequestTiming.within(timing) {
          if (failure == null) joined.complete(value) else joined.completeExceptionally(failure)
        }
        ()
      }
      joined
    }
  }

  /** The JSON body of a 2xx answer; a body that is no JSON document fails the call like a bad answer (502). */
  def callJson(stub: String, method: HttpMethod, pathAndQuery: String): CompletableFuture[JsonNode] =
    call(stub, method, pathAndQuery).thenApply(StubClient.json(stub, _))
}

object StubClient {
  private val mapper = new ObjectMapper

  /** The loop this thread runs, if it is one of `group`'s, so that a call made while serving a request is
    * answered on that request's loop: handing the answer to another loop costs each call a queue and a wake-up
    * (at RAiD x6, 3,000 calls a second). Otherwise, as for a call from outside the loops, the next one.
    */
  private def loopFor(group: EventLoopGroup): EventLoop =
    group.asScala.collectFirst { case loop: EventLoop if loop.inEventLoop => loop }.getOrElse(group.next())

  /** The header by which an in-process call names the stub mapping it is for. */
  private[sandbox] val StubHeader = "X-Sandbox-Stub"

  /** A call as WireMock sees a request on its port: no body, no cookies, one header naming its stub. */
  private final class Call(stub: String, method: HttpMethod, pathAndQuery: String)
      extends ImmutableRequest(
        "http://stubs.sandbox" + pathAndQuery,
        RequestMethod.fromString(method.name),
        "HTTP/1.1",
        "127.0.0.1",
        new HttpHeaders(new HttpHeader(StubHeader, stub)),
        Array.emptyByteArray,
        false,
        false
      ) {
    // Response templating reads the cookies, which ImmutableRequest leaves null.
    override def getCookies: java.util.Map[String, Cookie] = java.util.Collections.emptyMap()
  }

  private def complete(stub: String, response: Response, result: CompletableFuture[String]): Unit =
    Option(response.getFault) match {
      case Some(fault) =>
        // What the stand-in's connection would have seen: a reset, an empty or a malformed answer.
        result.completeExceptionally(new StubCallFailed(502, s"$stub: ${fault.name.toLowerCase.replace('_', ' ')}"))
      case None =>
        val body = new String(response.getBody, UTF_8)
        val status = response.getStatus
        if (status / 100 == 2) result.complete(body)
        else
          result.completeExceptionally(
            new StubCallFailed(502, s"$stub: answered $status ${body.take(200).replaceAll("\\s+", " ")}")
          )
        ()
    }

  private def json(stub: String, body: String): JsonNode = {
    val parsed =
      try Option(mapper.readTree(body)).filterNot(_.isMissingNode)
      catch { case _: JsonProcessingException => None }
    parsed.getOrElse(
      throw new StubCallFailed(502, s"$stub: answered no JSON: '${body.take(200).replaceAll("\\s+", " ")}'")
    )
  }
}

/** WireMock's own Jetty server, as WireMock would build it, that also keeps WireMock's stub handler for the
  * in-process calls of a [[StubClient]]: the port still serves anyone who calls the stubs over HTTP.
  */
private[sandbox] final class InProcessStubs extends HttpServerFactory {
  @volatile private var stubHandler: Option[StubRequestHandler] = None

  override def getName: String = "sandbox-in-process-stubs"

  override def buildHttpServer(
      options: Options,
      admin: AdminRequestHandler,
      stubs: StubRequestHandler
  ): HttpServer = {
    stubHandler = Some(stubs)
    new JettyHttpServerFactory().buildHttpServer(options, admin, stubs)
  }

  /** A client to these stubs whose delays and timeouts run on `group`. */
  def client(group: EventLoopGroup, timeout: FiniteDuration): StubClient =
    new StubClient(
      stubHandler.getOrElse(throw new IllegalStateException("WireMock has not built its server yet")),
      group,
      timeout
    )
}
