package support

import ch.qos.logback.classic.PatternLayout
import ch.qos.logback.classic.spi.ILoggingEvent

/** Logback layout that blanks credentials in every line it formats: `Authorization` header values
  * (Gatling's request logging prints headers) and bearer tokens wherever they appear.
  */
class RedactingLayout extends PatternLayout {
  override def doLayout(event: ILoggingEvent): String = RedactingLayout.redact(super.doLayout(event))
}

object RedactingLayout {
  private val AuthorizationHeader = """(?i)(authorization\s*[:=]\s*)[^\r\n,}\]]+""".r
  private val BearerToken = """(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+""".r

  def redact(line: String): String =
    BearerToken.replaceAllIn(AuthorizationHeader.replaceAllIn(line, "$1<redacted>"), "$1<redacted>")
}
