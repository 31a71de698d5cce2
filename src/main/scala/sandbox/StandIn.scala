package sandbox

import java.util.concurrent.CompletableFuture

import io.netty.handler.codec.http.{ HttpHeaders, HttpMethod, QueryStringDecoder }
import config.Settings

/** One HTTP request as a stand-in sees it: the body is copied out of Netty's buffer. */
final case class StandInRequest(method: HttpMethod, uri: String, headers: HttpHeaders, body: Array[Byte]) {
  lazy val decoded: QueryStringDecoder = new QueryStringDecoder(uri)

  def path: String = decoded.path

  def header(name: String): Option[String] = Option(headers.get(name))

  def queryParameter(name: String): Option[String] =
    Option(decoded.parameters.get(name)).flatMap(values => Option.when(!values.isEmpty)(values.get(0)))
}

/** One answer. `body` is served as the concatenation of its parts, so a stand-in can answer a list of
  * stored records without joining them first.
  */
final case class StandInResponse(
    status: Int,
    body: Vector[Array[Byte]],
    contentType: String = "application/json",
    headers: Seq[(String, String)] = Nil
)

/** What the sandbox gives a stand-in when it starts it.
  *
  * @param settings the system's block `sandbox.<key>` (its own knobs: seed sizes, list limits)
  * @param stubs    a non-blocking client to the external-system stubs, shared by every stand-in
  * @param sandbox  the whole sandbox's settings
  */
final case class StandInContext(settings: Settings, stubs: StubClient, sandbox: SandboxSettings) {

  /** The context another system's stand-in gets: for a stand-in serving several systems on one host. */
  def of(key: String): StandInContext = copy(settings = sandbox.system(key))
}

/** A request handler standing in for a system under test. The sandbox serves it on its own port of
  * one shared server; a request waiting on the stubs holds no thread, only a pending future.
  */
trait StandInHandler extends AutoCloseable {
  def handle(request: StandInRequest): CompletableFuture[StandInResponse]

  /** The name the sandbox's own timings give the request (see [[ServingTimes]]): best the journey's name for
    * it; by default its method and path, each segment with a digit in it shown as `{id}`.
    */
  def requestName(request: StandInRequest): String =
    s"${request.method} ${request.path.split('/').map(s => if (s.exists(_.isDigit)) "{id}" else s).mkString("/")}"

  override def close(): Unit = ()
}

/** How a system's stand-in is made: given to the sandbox by the system's slice. */
trait StandIn {
  def start(context: StandInContext): StandInHandler
}
