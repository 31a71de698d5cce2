package suite

import ch.qos.logback.classic.PatternLayout
import ch.qos.logback.classic.spi.ILoggingEvent

/** Logback layout that blanks credentials in every line it formats: `Authorization` header values
  * (Gatling's request logging prints headers), bearer tokens wherever they appear, and the values of
  * secret-looking session attributes such as `apiToken` (Gatling's TRACE logging prints the session).
  */
class RedactingLayout extends PatternLayout {
  // Loads the patterns when logging starts: loaded first under load on a process out of file descriptors,
  // the class could not be read, and the JVM would then fail every later log line (seen: the sandbox's
  // event-loop thread died on its first warning, and its stand-in answered no more).
  override def start(): Unit = {
    RedactingLayout.redact("")
    super.start()
  }

  override def doLayout(event: ILoggingEvent): String = RedactingLayout.redact(super.doLayout(event))
}

object RedactingLayout {
  private val AuthorizationHeader = """(?i)(authorization\s*[:=]\s*)[^\r\n,}\]]+""".r
  private val BearerToken = """(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+""".r
  private val SecretAttribute = """(?i)(\b\w*(?:token|secret|password)\w*\s*(?:->|=|:)\s*)[^\s,)}\]]+""".r

  def redact(line: String): String =
    Seq(AuthorizationHeader, BearerToken, SecretAttribute).foldLeft(line)((redacted, pattern) =>
      pattern.replaceAllIn(redacted, "$1<redacted>")
    )
}
