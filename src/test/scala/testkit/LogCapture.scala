package testkit

import scala.jdk.CollectionConverters._

import ch.qos.logback.classic.{ Level, LoggerContext }
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.classic.util.ContextInitializer
import ch.qos.logback.core.read.ListAppender
import org.slf4j.LoggerFactory

/** The warnings and errors logged under a logger name (e.g. "io.gatling") while `body` runs in this JVM, as
  * "LEVEL logger - message" lines, beside what `body` returned. Logback is configured first as a JVM's start
  * configures it (logback-test.xml): Gatling stops logback at the end of every run, which leaves the next
  * in-process run in the same JVM with no configuration at all.
  */
object LogCapture {
  def warnings[T](under: String)(body: => T): (T, Seq[String]) = {
    val context = LoggerFactory.getILoggerFactory.asInstanceOf[LoggerContext]
    context.reset()
    new ContextInitializer(context).autoConfig()
    val root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)
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
