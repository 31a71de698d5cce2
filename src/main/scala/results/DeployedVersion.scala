package results

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.time.Duration

import scala.util.control.NonFatal

import config.{ InputError, Redaction }

/** The version the target says it runs (`results.deployedVersion.url`, `.header`), kept with the run's record in
  * the history: one GET after the run, 5 s at most, never retried; a version that cannot be read is a warning.
  */
object DeployedVersion {
  private val Timeout = Duration.ofSeconds(5)
  private val MaxLength = 200

  /** The version, or why there is none (a line naming the URL, its secrets redacted). */
  def read(url: URI, header: Option[String]): Either[String, String] = {
    def refused(why: String) = Left(s"deployed version not read from ${Redaction.redact(url.toString)}: $why")
    try {
      val client = HttpClient.newBuilder().connectTimeout(Timeout).followRedirects(HttpClient.Redirect.NORMAL).build()
      val response = client.send(
        HttpRequest.newBuilder(url).timeout(Timeout).GET().build(),
        HttpResponse.BodyHandlers.ofString()
      )
      val told =
        if (response.statusCode / 100 != 2) None
        else
          header.fold(response.body.linesIterator.nextOption())(h =>
            Option(response.headers.firstValue(h).orElse(null))
          ).map(_.trim.take(MaxLength)).filter(_.nonEmpty)
      told.toRight(()).left.flatMap(_ =>
        refused(
          if (response.statusCode / 100 != 2) s"status ${response.statusCode}"
          else header.fold("an empty answer")(h => s"no header $h")
        )
      )
    } catch { case NonFatal(e) => refused(InputError.oneLine(e)) }
  }
}
