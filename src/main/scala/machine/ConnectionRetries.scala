package machine

import java.util.concurrent.atomic.AtomicLong

import scala.jdk.CollectionConverters._

import ch.qos.logback.classic.{ Level, Logger, LoggerContext }
import ch.qos.logback.classic.turbo.TurboFilter
import ch.qos.logback.core.spi.FilterReply
import org.slf4j.{ LoggerFactory, Marker }

/** Counts the requests Gatling's HTTP client sent again on a new connection because the first was closed
  * or reset (up to `gatling.http.maxRetry` times): the log records only the last attempt, so a reset followed
  * by a good answer is no KO. The client says so only in a DEBUG line, which this filter counts whatever
  * the logger's level, letting everything through as before.
  *
  * It reads a line of Gatling's own code: GatlingBridgeVersionTest pins the version, and
  * FaultsEndToEndTest's resets would find no retries if the line changed.
  */
final class ConnectionRetries extends TurboFilter {
  override def decide(
      marker: Marker,
      logger: Logger,
      level: Level,
      format: String,
      params: Array[AnyRef],
      t: Throwable
  ): FilterReply = {
    if (
      (level eq Level.DEBUG) && (format ne null) && format.startsWith(ConnectionRetries.RetryLine) &&
      logger.getName == ConnectionRetries.ClientLogger
    ) ConnectionRetries.count.incrementAndGet()
    FilterReply.NEUTRAL
  }
}

object ConnectionRetries {
  private val ClientLogger = "io.gatling.http.client.impl.DefaultHttpClient"
  private val RetryLine = "Retrying with new HTTP"
  private val count = new AtomicLong

  /** Retries this JVM has seen since [[install]]. */
  def seen: Long = count.get

  /** Adds the filter to logback, once; again after anything reset logback's configuration (which drops
    * turbo filters: it happens between in-process runs). Without logback, nothing is counted.
    */
  def install(): Unit =
    LoggerFactory.getILoggerFactory match {
      case context: LoggerContext =>
        context.synchronized {
          if (!context.getTurboFilterList.asScala.exists(_.isInstanceOf[ConnectionRetries]))
            context.addTurboFilter(new ConnectionRetries)
        }
      case _ => ()
    }
}
