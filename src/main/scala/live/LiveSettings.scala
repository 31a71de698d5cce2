package live

import scala.concurrent.duration._

import config.Settings

/** Where the live view serves (`live` in application.conf) and where its figures go to Graphite (`graphite`).
  *
  * @param keepServing    how long the page goes on after the run is archived, for an open page to show the verdict
  * @param token          what every request must carry, from loopback too (an SSH tunnel, a proxy on this machine)
  * @param maxConnections connections open at once; one more takes the place of the oldest whose request has not
  *                       been taken (none came whole, or it lacked the token), else is closed
  * @param requestTimeout the longest a connection is kept: its request, then its answer
  * @param maxSeries      request names with their own series in /metrics; the rest count as `other`
  */
final case class LiveSettings(
    enabled: Boolean,
    host: String,
    port: Int,
    keepServing: FiniteDuration,
    graphite: Option[GraphiteSettings],
    token: Option[LiveToken] = None,
    maxConnections: Int = 16,
    requestTimeout: FiniteDuration = 10.seconds,
    maxSeries: Int = 200
) {

  /** Whether the run's figures are followed at all: for the page, for Graphite, or both. */
  def recording: Boolean = enabled || graphite.nonEmpty
}

/** A secret: its value is compared, never shown. */
final case class LiveToken(value: String) {
  override def toString: String = "LiveToken(<hidden>)"
}

/** @param rootPathPrefix  the first element of every metric path, e.g. `loadtest.toy.users.active`
  * @param sendBufferBytes the connection's kernel send buffer (0: the system's, which grows to some MB): what a
  *                        stalled Graphite can leave waiting there before the sender's write timeout applies
  * @param maxSeries       request names with paths of their own; the rest are summed per system as `other`
  */
final case class GraphiteSettings(
    host: String,
    port: Int,
    rootPathPrefix: String,
    sendBufferBytes: Int = 0,
    maxSeries: Int = 200
)

object LiveSettings {
  val Off: LiveSettings = LiveSettings(enabled = false, "127.0.0.1", 0, Duration.Zero, None)

  def read(root: Settings): LiveSettings = {
    val live = root.block("live")
    val host = live.string("host")
    if (host.isEmpty) live.fail("host", "must not be empty (127.0.0.1 serves this machine only)")
    val graphite = root.block("graphite")
    LiveSettings(
      live.boolean("enabled"),
      host,
      live.port("port"),
      live.duration("keepServing"),
      graphite.optionalString("host").map { graphiteHost =>
        val prefix = graphite.string("rootPathPrefix")
        if (!prefix.matches("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*"))
          graphite.fail("rootPathPrefix", s"must be names of letters, digits, _ or - joined by dots (was '$prefix')")
        GraphiteSettings(
          graphiteHost,
          graphite.int("port", min = 1, max = 65535),
          prefix,
          graphite.int("sendBufferBytes", min = 0),
          graphite.int("maxSeries", min = 1)
        )
      },
      live.optionalString("token").map(LiveToken),
      live.int("maxConnections", min = 1),
      live.positiveDuration("requestTimeout"),
      live.int("maxSeries", min = 1)
    )
  }
}
