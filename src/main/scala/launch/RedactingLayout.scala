package launch

import config.Redaction

import ch.qos.logback.classic.PatternLayout
import ch.qos.logback.classic.spi.ILoggingEvent

/** Logback layout that redacts credentials in every line it formats ([[Redaction.redact]]): Gatling's request
  * logging prints headers and bodies (eRoll's JSON login), its TRACE logging the session's attributes.
  */
class RedactingLayout extends PatternLayout {
  // Loads the patterns when logging starts: loaded first under load on a process out of file descriptors,
  // the class could not be read, and the JVM would then fail every later log line (seen: the sandbox's
  // event-loop thread died on its first warning, and its stand-in answered no more).
  override def start(): Unit = {
    Redaction.redact("")
    super.start()
  }

  override def doLayout(event: ILoggingEvent): String = Redaction.redact(super.doLayout(event))
}
