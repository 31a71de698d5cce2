package raid

import java.io.ByteArrayInputStream
import java.nio.charset.StandardCharsets.UTF_8

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RaidRequestsTest {
  private def opens(body: String) = RaidRequests.opensAnArray(new ByteArrayInputStream(body.getBytes(UTF_8)))

  @Test def aListAnswerIsAJsonArray(): Unit = {
    assertTrue(opens("""[{"identifier":{"id":"https://raid.org/10.1/a"}}]"""))
    assertTrue(opens("[]"))
    assertTrue(opens(" \r\n\t[]"), "white space before the array")
  }

  @Test def anythingElseIsNot(): Unit = {
    assertFalse(opens("""{"type":"about:blank","status":500}"""), "a problem body")
    assertFalse(opens("<html>502 Bad Gateway</html>"))
    assertFalse(opens(""), "no body")
    assertFalse(opens("   "), "white space alone")
  }
}
