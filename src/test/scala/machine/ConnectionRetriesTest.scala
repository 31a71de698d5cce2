package machine

import ch.qos.logback.classic.{ Level, Logger }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import org.slf4j.LoggerFactory

class ConnectionRetriesTest {
  @Test def theClientsRetryLineIsCountedWhateverTheLevel(): Unit = {
    ConnectionRetries.install()
    ConnectionRetries.install()
    val client = LoggerFactory.getLogger("io.gatling.http.client.impl.DefaultHttpClient").asInstanceOf[Logger]
    val level = client.getLevel
    client.setLevel(Level.WARN) // as in every run
    try {
      val before = ConnectionRetries.seen
      client.debug("Retrying with new HTTP/1.1 connection")
      LoggerFactory.getLogger("io.gatling.other").debug("Retrying with new HTTP/1.1 connection")
      client.debug("Sending request")
      assertEquals(1, ConnectionRetries.seen - before, "one retry, counted once though installed twice")
    } finally client.setLevel(level)
  }
}
