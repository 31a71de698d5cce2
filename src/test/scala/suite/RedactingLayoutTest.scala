package suite

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RedactingLayoutTest {
  @Test def authorizationHeaderValuesAreRemoved(): Unit = {
    val line =
      "HTTP request: headers=DefaultHttpHeaders[Authorization: Bearer sandbox.20000001.local-only, accept: application/json]"
    val redacted = RedactingLayout.redact(line)
    assertFalse(redacted.contains("sandbox.20000001.local-only"), redacted)
    assertTrue(redacted.contains("accept: application/json"), "other headers stay readable")
  }

  @Test def bearerTokensAreRemovedAnywhere(): Unit =
    assertEquals(
      "token was Bearer <redacted> here",
      RedactingLayout.redact("token was Bearer eyJhbGciOi.J9.eyJzdWIi here")
    )

  @Test def secretSessionAttributesAreRemoved(): Unit = {
    val line =
      "Session(RAiD mint and update,1,HashMap(servicePointId -> 20000001, apiToken -> sandbox.20000001.local-only, today -> 2026-11-22),OK)"
    val redacted = RedactingLayout.redact(line)
    assertFalse(redacted.contains("local-only"), redacted)
    assertTrue(redacted.contains("apiToken -> <redacted>"), redacted)
    assertTrue(redacted.contains("servicePointId -> 20000001"), "other attributes stay readable")
  }

  @Test def linesWithoutCredentialsAreUnchanged(): Unit = {
    val line = "GET /raid/?servicePointId=20000001 200 OK"
    assertEquals(line, RedactingLayout.redact(line))
  }
}
