package keyupload.standin

import java.nio.charset.StandardCharsets.UTF_8
import java.util.UUID
import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.LongAdder

import scala.util.Try

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import io.netty.handler.codec.http.HttpMethod
import keyupload.KeyUploadRequests
import sandbox.{ JsonAnswers, RecentRecords, StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse }

/** The key-upload backend: `GET /` a static page (the connectivity check), `POST /v1/register` a one-time
  * registration token, `POST /v1/post` one key under a token it issued, and the decoy path answering both
  * shapes with answers of the same length. A decoy's token is never stored, so a decoy can never be taken
  * for a real upload; the stand-in counts both, and says so when it stops.
  */
object KeyUploadStandIn extends StandIn {
  import KeyUploadRequests.{ PostPath, RegisterPath }

  private val mapper = new ObjectMapper
  val HomePage: Array[Byte] =
    "<!doctype html><html><head><title>Key upload</title></head><body><p>Key upload service</p></body></html>"
      .getBytes(UTF_8)

  /** What the stand-in received, by kind: uploads are pairs completed (a post accepted). */
  final class Counts {
    val realRegistrations, realUploads, decoyRegistrations, decoyUploads = new LongAdder

    def describe: String = {
      val (real, decoy) = (realUploads.sum, decoyUploads.sum)
      val ratio = if (real > 0) f", ${decoy.toDouble / real}%.1f decoys per real upload" else ""
      s"$real real uploads ($realRegistrations registrations), $decoy decoy pairs ($decoyRegistrations decoy registrations)$ratio"
    }
  }

  override def start(context: StandInContext): KeyUploadHandler =
    new KeyUploadHandler(context.settings.string("decoyPath"))

  final class KeyUploadHandler(decoyPath: String) extends StandInHandler {
    val counts = new Counts
    // Issued and not yet used; a post takes its token out, so each registers one upload.
    private val tokens = new RecentRecords[String, Unit]

    override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
      JsonAnswers.done((request.method, request.path) match {
        case (HttpMethod.GET, "/")           => StandInResponse(200, Vector(HomePage), "text/html; charset=utf-8")
        case (HttpMethod.POST, RegisterPath) => register(decoy = false)
        case (HttpMethod.POST, PostPath)     => post(request, decoy = false)
        case (HttpMethod.POST, p) if p == decoyPath =>
          // One path for both shapes, as the app sends them: a body with a token is the pair's second call.
          if (json(request).exists(_.has(KeyUploadRequests.TokenAttribute))) post(request, decoy = true)
          else register(decoy = true)
        case (_, p) if Seq("/", RegisterPath, PostPath, decoyPath).contains(p) =>
          JsonAnswers.error(405, s"${request.method} not allowed on $p")
        case (_, p) => JsonAnswers.error(404, s"no $p")
      })

    private def json(request: StandInRequest): Option[JsonNode] =
      Try(mapper.readTree(request.body)).toOption.filter(_ != null)

    private def register(decoy: Boolean): StandInResponse = {
      val token = UUID.randomUUID().toString
      if (decoy) counts.decoyRegistrations.increment()
      else {
        tokens.put(token, ())
        counts.realRegistrations.increment()
      }
      JsonAnswers.json(200, Map(KeyUploadRequests.TokenAttribute -> token))
    }

    private def post(request: StandInRequest, decoy: Boolean): StandInResponse =
      json(request) match {
        case None       => JsonAnswers.error(400, "the body is no JSON")
        case Some(body) =>
          val keys = Option(body.get("keys")).filter(_.isArray).map(_.size).getOrElse(0)
          val token = Option(body.get(KeyUploadRequests.TokenAttribute)).map(_.asText).getOrElse("")
          if (keys != 1) JsonAnswers.error(400, s"an upload carries one key (was $keys)")
          else if (decoy) {
            counts.decoyUploads.increment()
            accepted
          } else if (!tokens.remove(token)) JsonAnswers.error(403, "unknown or used registration token")
          else {
            counts.realUploads.increment()
            accepted
          }
      }

    private def accepted = JsonAnswers.json(200, Map("accepted" -> 1))

    override def close(): Unit = println(s"sandbox: key-upload received ${counts.describe}")
  }
}
