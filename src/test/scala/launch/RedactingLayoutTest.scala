package launch

import ch.qos.logback.classic.{ Level, LoggerContext }
import ch.qos.logback.classic.spi.LoggingEvent
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The layout every log line goes through (logback-test.xml): what it formats is redacted by [[Redaction]]. */
class RedactingLayoutTest {
  @Test def everyFormattedLineIsRedacted(): Unit = {
    val context = new LoggerContext
    val layout = new RedactingLayout
    layout.setContext(context)
    layout.setPattern("%level %msg")
    layout.start()
    val logger = context.getLogger("io.gatling.http.engine.response")
    val event = new LoggingEvent(
      getClass.getName,
      logger,
      Level.TRACE,
      """body: {"username":"eroll.staff.00001","password":"sandbox.00001.local-only"}""",
      null,
      null
    )
    assertEquals("""TRACE body: {"username":"eroll.staff.00001","password":"<redacted>"}""", layout.doLayout(event))
  }
}
