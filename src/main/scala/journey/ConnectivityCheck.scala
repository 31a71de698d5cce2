package journey

import config.InputError

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.time.Duration
import java.util.concurrent.{ Callable, Executors, TimeUnit }

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

/** A system's connectivity check (`<key>.connectivityCheck`): before any load, `requests` static GETs of
  * `path` on `connections` connections must run faster than `minRequestsPerSecond`, or the run stops: a
  * link or target too slow to carry even a static page would make the run measure the link, not the
  * system. `warmUpRequests` go first, untimed; `timeout` bounds the whole check.
  */
final case class ConnectivityCheck(
    system: String,
    path: String,
    minRequestsPerSecond: Double,
    requests: Int,
    warmUpRequests: Int,
    connections: Int,
    timeout: FiniteDuration
) {
  private def key(name: String) = s"$system.${ConnectivityCheck.Block}.$name"

  /** Runs the check against `baseUrl`; returns the measured requests per second, or stops the run with one line. */
  def run(baseUrl: String): Double = {
    val url = baseUrl.stripSuffix("/") + path
    val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(toJava(timeout)).build()
    val request = HttpRequest.newBuilder(URI.create(url)).GET().timeout(toJava(timeout)).build()
    val deadline = System.nanoTime() + timeout.toNanos
    val pool = Executors.newFixedThreadPool(
      connections,
      (r: Runnable) => {
        val t = new Thread(r, s"connectivity-check-$system")
        t.setDaemon(true)
        t
      }
    )
    def send(count: Int): Unit = {
      // Each connection sends its share one after another; connection i takes the remainder's extra ones.
      val tasks = (0 until connections).map { i =>
        val share = count / connections + (if (i < count % connections) 1 else 0)
        (() => {
          (1 to share).foreach { _ =>
            if (System.nanoTime() > deadline) throw new ConnectivityCheck.TooSlow
            val status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()
            if (status / 100 != 2) throw new ConnectivityCheck.BadStatus(status)
          }
        }): Callable[Unit]
      }
      val remainingNs = math.max(0L, deadline - System.nanoTime())
      pool.invokeAll(tasks.asJava, remainingNs, TimeUnit.NANOSECONDS).asScala.foreach { f =>
        try f.get()
        catch {
          case _: java.util.concurrent.CancellationException => throw new ConnectivityCheck.TooSlow
          case e: java.util.concurrent.ExecutionException    => throw e.getCause
        }
      }
    }
    try {
      send(warmUpRequests)
      val start = System.nanoTime()
      send(requests)
      val rate = requests * 1e9 / (System.nanoTime() - start)
      if (rate <= minRequestsPerSecond)
        throw new InputError(
          s"${key("minRequestsPerSecond")}",
          s"GET $url ran at ${ConnectivityCheck.show(rate)} requests/s " +
            s"($requests requests on $connections connections), not over ${ConnectivityCheck.show(minRequestsPerSecond)}: " +
            "the link or the target is too slow for this run"
        )
      rate
    } catch {
      case e: InputError                => throw e
      case _: ConnectivityCheck.TooSlow =>
        throw new InputError(
          s"${key("timeout")}",
          s"GET $url did not finish ${warmUpRequests + requests} requests within ${timeout.toSeconds} s"
        )
      case e: ConnectivityCheck.BadStatus => throw new InputError(s"${key("path")}", s"GET $url answered ${e.status}")
      case NonFatal(e)                    =>
        throw new InputError(s"${key("path")}", s"GET $url failed (${InputError.oneLine(e)})")
    } finally pool.shutdownNow()
  }

  private def toJava(d: FiniteDuration): Duration = Duration.ofNanos(d.toNanos)
}

object ConnectivityCheck {
  val Block = "connectivityCheck"

  private final class TooSlow extends RuntimeException
  private final class BadStatus(val status: Int) extends RuntimeException

  private def show(rate: Double): String = String.format(java.util.Locale.ROOT, "%,.0f", Double.box(rate))

  /** The system's check, if its settings hold a `connectivityCheck` block; a bad setting stops the run. */
  def of(settings: SystemSettings): Option[ConnectivityCheck] =
    Option.when(settings.settings.has(Block)) {
      val block = settings.settings.block(Block)
      val path = block.string("path")
      if (!path.startsWith("/") || path.startsWith("//"))
        block.fail("path", s"must be a path starting with one '/' (was '$path')")
      ConnectivityCheck(
        settings.key,
        path,
        block.positiveDouble("minRequestsPerSecond"),
        block.int("requests", min = 1, max = 1000000),
        block.int("warmUpRequests", min = 0, max = 1000000),
        block.int("connections", min = 1, max = 256),
        block.positiveDuration("timeout")
      )
    }
}
