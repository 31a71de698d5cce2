package launch

import config.{ InputError, Redaction }

import java.net.{ InetSocketAddress, Socket, URI }

import scala.concurrent.duration.FiniteDuration
import scala.util.Using
import scala.util.control.NonFatal

/** Checks, before any load is sent, that every base URL accepts a TCP connection: a wrong host or
  * a closed VPN should cost a second, not a run full of connection errors.
  */
object Preflight {
  def check(baseUrls: Map[String, String], timeout: FiniteDuration): Unit =
    baseUrls.foreach { case (system, url) =>
      val shown = Redaction.redact(url)
      val uri =
        try URI.create(url)
        catch { case NonFatal(_) => throw new InputError(s"$system.baseUrl", s"not a URL: '$shown'") }
      val host = Option(uri.getHost).getOrElse(throw new InputError(s"$system.baseUrl", s"no host in '$shown'"))
      val port = if (uri.getPort >= 0) uri.getPort else if (uri.getScheme == "https") 443 else 80
      try Using.resource(new Socket())(_.connect(new InetSocketAddress(host, port), timeout.toMillis.toInt))
      catch {
        case NonFatal(e) =>
          throw new InputError(
            s"$system.baseUrl",
            s"$shown is unreachable (${e.getClass.getSimpleName}: ${e.getMessage})"
          )
      }
    }
}
