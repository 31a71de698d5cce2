package electoral.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.security.SecureRandom
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._

import io.netty.handler.codec.http.{ HttpHeaderNames, QueryStringDecoder }
import io.netty.handler.codec.http.cookie.{ ServerCookieDecoder, ServerCookieEncoder }
import sandbox.{ StandInRequest, StandInResponse }
import sandbox.JsonAnswers.{ error, json }

/** What an electoral web app remembers of one visitor, server side: the token its landing page carried. */
abstract class Visit(val token: String, val startedMs: Long)

/** The visits of an electoral web app's stand-in: the landing page sets a session cookie and carries a
  * per-visit token; an AJAX call must send both back (403 otherwise), as the real apps refuse a forged
  * call. A visit older than `timeout` is forgotten.
  *
  * @param tokenHeader the header the page's script sends the token back in
  * @param landingPath where a visitor without a session is sent, named in the 403
  */
final class Visits[V <: Visit](cookieName: String, tokenHeader: String, landingPath: String, timeout: FiniteDuration) {
  private val visits = new ConcurrentHashMap[String, V]
  private val opened = new AtomicLong

  /** A new visit made by `start(token, nowMs)`, and the Set-Cookie header that names it. */
  def open(start: (String, Long) => V): (V, (String, String)) = {
    val id = WebApp.token()
    val visit = start(WebApp.token(), System.currentTimeMillis())
    visits.put(id, visit)
    // Sweeping now and then keeps the map to the visits of one timeout, without a timer thread.
    if (opened.incrementAndGet() % 4096 == 0)
      visits.values.removeIf(v => visit.startedMs - v.startedMs > timeout.toMillis)
    (visit, HttpHeaderNames.SET_COOKIE.toString -> ServerCookieEncoder.STRICT.encode(cookieName, id))
  }

  /** Visits still held (started within the timeout, or since the last sweep). */
  def size: Int = visits.size

  /** The visit of the request's session cookie, whatever token it sends (a download link the browser follows). */
  def byCookie(request: StandInRequest): Either[StandInResponse, V] = {
    val now = System.currentTimeMillis()
    request.header(HttpHeaderNames.COOKIE.toString).toSeq
      .flatMap(h => ServerCookieDecoder.STRICT.decode(h).asScala)
      .find(_.name == cookieName)
      .flatMap(c => Option(visits.get(c.value)))
      .filter(v => now - v.startedMs <= timeout.toMillis)
      .toRight(error(403, s"no session: open $landingPath first"))
  }

  /** The visit of an AJAX call: its session cookie and the page's token in `tokenHeader`. */
  def ajax(request: StandInRequest): Either[StandInResponse, V] =
    byCookie(request).flatMap { v =>
      Either.cond(request.header(tokenHeader).contains(v.token), v, error(403, s"$tokenHeader missing or wrong"))
    }
}

/** The form handling and tokens the electoral web apps' stand-ins share; their JSON answers are
  * [[sandbox.JsonAnswers]].
  */
object WebApp {
  private val random = new SecureRandom

  /** 128 random bits as hex: session ids and the tokens chained between steps. */
  def token(): String = {
    val bytes = new Array[Byte](16)
    random.nextBytes(bytes)
    bytes.map(b => f"$b%02x").mkString
  }

  def form(request: StandInRequest): Map[String, String] =
    new QueryStringDecoder(new String(request.body, UTF_8), UTF_8, false).parameters.asScala.collect {
      case (k, v) if !v.isEmpty => k -> v.get(0)
    }.toMap

  /** 400 naming the first of `names` the form lacks. */
  def required(form: Map[String, String], names: String*): Either[StandInResponse, Unit] =
    names.find(n => form.get(n).forall(_.trim.isEmpty)).map(n => error(400, s"$n: missing")).toLeft(())

  /** 409 unless the step's prerequisites are met, as the real apps refuse a step out of order. */
  def inOrder(ready: Boolean, what: String): Option[StandInResponse] =
    Option.when(!ready)(error(409, s"step out of order: $what"))

  /** Address completion's answer: the suggestions for the query `q` (3 characters at least). */
  def suggestions(request: StandInRequest, suggest: String => Seq[KnownAddress]): StandInResponse =
    request.queryParameter("q").filter(_.trim.length >= 3) match {
      case None    => error(400, "q: at least 3 characters")
      case Some(q) => json(200, Map("suggestions" -> suggest(q).map(a => Map("id" -> a.id, "label" -> a.label))))
    }

  def html(page: String, cookie: (String, String)): StandInResponse =
    StandInResponse(200, Vector(page.getBytes(UTF_8)), "text/html; charset=utf-8", Seq(cookie))

  def enc(value: String): String = java.net.URLEncoder.encode(value, UTF_8)
}
