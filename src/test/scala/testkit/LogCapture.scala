package testkit

import scala.jdk.CollectionConverters._

import ch.qos.logback.classic.{ Level, Logger }
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.core.read.ListAppender
import org.slf4j.LoggerFactory

/** The warnings and errors logged under a logger name (e.g. "io.gatling") while `body` runs in this JVM, as
  * "LEVEL logger - message" lines, beside what `body` returned. What an in-process run logs is caught until it
  * ends, when Gatling stops logback (and with it this appender).
  */
object LogCapture {
  def warnings[T](under: String)(body: => T): (T, Seq[String]) = {
    val root = LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).asInstanceOf[Logger]
    val appender = new ListAppender[ILoggingEvent]
    appender.start()
    root.addAppender(appender)
    val result =
      try body
      finally root.detachAppender(appender)
    val lines = appender.list.asScala.toSeq.collect {
      case e if e.getLevel.isGreaterOrEqual(Level.WARN) && e.getLoggerName.startsWith(under) =>
        s"${e.getLevel} ${e.getLoggerName} - ${e.getFormattedMessage}"
    }
    (result, lines)
  }
}
