package websites

import java.net.URI

import scala.util.Try

/** A page's path as the website slices take it from their settings or feeders: a path on the site under
  * test, never a URL of another host, so that load only goes where the target points.
  */
object SitePath {

  /** Why `path` is not a path on the site, if it is not. */
  def problem(path: String): Option[String] = {
    val parsed = Try(new URI(path)).toOption
    Option.when(
      !path.startsWith("/") || path.startsWith("//") || !parsed.exists(u => u.getScheme == null && u.getHost == null)
    )(s"not a path on the site (it must start with one '/' and be a valid URI path): '$path'")
  }
}
