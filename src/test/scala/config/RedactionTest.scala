package config

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RedactionTest {
  private val secret = "s3cr3t-Value.42"

  private def assertRedacted(line: String, readable: String*): Unit = {
    val redacted = Redaction.redact(line)
    assertFalse(redacted.contains(secret), s"$line -> $redacted")
    assertTrue(redacted.contains(Redaction.Marker), redacted)
    readable.foreach(part => assertTrue(redacted.contains(part), s"'$part' stays readable in $redacted"))
  }

  // The eight forms of the issue: the last three, JSON members, came back in clear.
  @Test def authorizationHeader(): Unit =
    assertRedacted(
      s"HTTP request: headers=DefaultHttpHeaders[Authorization: Bearer $secret, accept: application/json]",
      "accept: application/json"
    )

  @Test def bearerTokenAnywhere(): Unit =
    assertEquals("token was Bearer <redacted> here", Redaction.redact(s"token was Bearer $secret here"))

  @Test def sessionAttribute(): Unit =
    assertRedacted(
      s"Session(RAiD mint and update,1,HashMap(servicePointId -> 20000001, apiToken -> $secret, today -> 2026-11-22),OK)",
      "apiToken -> <redacted>",
      "servicePointId -> 20000001",
      "today -> 2026-11-22"
    )

  @Test def formParameter(): Unit =
    assertRedacted(s"username=eroll.staff.1&password=$secret&remember=on", "username=eroll.staff.1", "&remember=on")

  @Test def colonSeparatedValue(): Unit = assertRedacted(s"token: $secret", "token: <redacted>")

  @Test def jsonPassword(): Unit =
    assertEquals(
      """{"username":"eroll.staff.1","password":"<redacted>"}""",
      Redaction.redact(s"""{"username":"eroll.staff.1","password":"$secret"}""")
    )

  @Test def jsonTokenWithSpaces(): Unit =
    assertEquals(
      """{"token": "<redacted>", "expiresIn": 1800}""",
      Redaction.redact(s"""{"token": "$secret", "expiresIn": 1800}""")
    )

  @Test def jsonApiToken(): Unit =
    assertEquals("""{"apiToken":"<redacted>"}""", Redaction.redact(s"""{"apiToken":"$secret"}"""))

  @Test def everySecretNameInJsonWhateverItsSpacingAndQuotes(): Unit =
    Seq(
      "password",
      "passwd",
      "clientSecret",
      "refresh_token",
      "apikey",
      "api_key",
      "X-Api-Key",
      "apiToken",
      "authorization",
      "credentials"
    )
      .foreach { name =>
        assertRedacted(s"""{"$name"  :  "$secret"}""", s""""$name"""")
        assertRedacted(s"""{'$name': '$secret'}""", s"'$name'")
        assertRedacted(s"""{"$name":"with \\"quotes\\" $secret"}""", s""""$name"""")
        assertEquals(s"""{"$name": <redacted>}""", Redaction.redact(s"""{"$name": 1234567890}"""))
      }

  @Test def jsonEscapedInsideAString(): Unit =
    assertRedacted(s"""body: "{\\"username\\":\\"u\\",\\"password\\":\\"$secret\\"}"""", """\"username\":\"u\"""")

  @Test def queryParametersOfAJdbcUrl(): Unit =
    assertEquals(
      "jdbc:postgresql://127.0.0.1:5432/keyall?user=loadtest&password=<redacted>&ssl=true",
      Redaction.redact(s"jdbc:postgresql://127.0.0.1:5432/keyall?user=loadtest&password=$secret&ssl=true")
    )

  @Test def urlUserInfo(): Unit = {
    assertEquals(
      "jdbc:postgresql://loadtest:<redacted>@db.example:5432/keyall",
      Redaction.redact(s"jdbc:postgresql://loadtest:$secret@db.example:5432/keyall")
    )
    assertEquals(
      "https://<redacted>@git.example/x",
      Redaction.redact(s"https://$secret@git.example/x"),
      "a token alone"
    )
    assertEquals("https://api.example.org/path?q=a", Redaction.redact("https://api.example.org/path?q=a"))
  }

  @Test def cookieAndProxyAuthorizationHeaders(): Unit = {
    assertRedacted(s"Cookie: JSESSIONID=$secret; theme=dark", "Cookie: <redacted>")
    assertRedacted(s"set-cookie: sid=$secret; Path=/; HttpOnly\naccept: */*", "set-cookie: <redacted>\naccept: */*")
    assertRedacted(s"Proxy-Authorization: Basic $secret", "Proxy-Authorization: <redacted>")
  }

  @Test def gatlingsCookieListAndSessionCookies(): Unit = {
    assertEquals(
      "GET /home\ncookies:\n\t<redacted>\n\t<redacted>\n=========================",
      Redaction.redact(
        s"GET /home\ncookies:\n\tKEYALL_SESSION=$secret; path=/\n\ttheme=$secret\n========================="
      )
    )
    assertRedacted(
      s"HashMap(gatling.http.cookies -> CookieJar(Map(CookieKey(KEYALL_SESSION,127.0.0.1,/) -> StoredCookie(KEYALL_SESSION=$secret,true,false,1795761198594))), queue -> DET)",
      "gatling.http.cookies -> CookieJar(Map(CookieKey(KEYALL_SESSION,127.0.0.1,/) -> StoredCookie(KEYALL_SESSION=<redacted>,true",
      "queue -> DET"
    )
  }

  @Test def linesWithoutCredentialsAreUnchanged(): Unit =
    Seq(
      "GET /raid/?servicePointId=20000001 200 OK",
      "eroll.passwordEnv = EROLL_PASSWORD",
      "raid.tokenEnv = DEMO_RAID_TOKEN",
      "sessionTimeout = 30 minutes",
      """{"tokens": ["a"], "username": "u"}"""
    ).foreach(line => assertEquals(line, Redaction.redact(line)))

  @Test def secretSettingsAndTheVariablesTheyNameAreRedactedByValue(): Unit = {
    val config = ConfigFactory.parseString(
      """system-a { password = "learned-by-setting-1", passwordEnv = "A_LOGIN", user = "plain-user-1" }
        |system-b.tokenEnv = "B_KEY"
        |short.password = "abc"
        |system-c.secret = "with sp@ce+sign"
        |""".stripMargin
    )
    val environment = Map(
      "A_LOGIN" -> "learned-by-variable-2",
      "B_KEY_20000001" -> "learned-by-variant-3",
      "UNRELATED" -> "not-a-secret-4"
    )
    Redaction.learn(config, environment)
    val line = "learned-by-setting-1 learned-by-variable-2 learned-by-variant-3 not-a-secret-4 plain-user-1 abc"
    assertEquals("<redacted> <redacted> <redacted> not-a-secret-4 plain-user-1 abc", Redaction.redact(line))
    assertEquals(
      "q=<redacted>&r=<redacted>",
      Redaction.redact("q=with+sp%40ce%2Bsign&r=with sp@ce+sign"),
      "URL-encoded too"
    )
  }

  @Test def settingsAreShownWithoutTheirSecrets(): Unit = {
    assertEquals(Redaction.Marker, Redaction.redactSetting("raid.apiToken", "abc123"))
    assertEquals("DEMO_RAID_TOKEN", Redaction.redactSetting("raid.tokenEnv", "DEMO_RAID_TOKEN"))
    assertEquals(
      "jdbc:postgresql://127.0.0.1/keyall?password=<redacted>",
      Redaction.redactSetting("sandbox.key-all.jdbcUrl", s"jdbc:postgresql://127.0.0.1/keyall?password=$secret")
    )
  }

  /** Gatling's report escapes a message's quotes: the member is redacted all the same, the page stays escaped. */
  @Test def anHtmlPagesEscapedTextIsReadAsText(): Unit = {
    val page = s"""<td class="error-col-1">found {&quot;apiToken&quot;:&quot;$secret&quot;} &amp; &lt;b&gt;</td>"""
    assertEquals(
      """<td class="error-col-1">found {&quot;apiToken&quot;:&quot;&lt;redacted&gt;&quot;} &amp; &lt;b&gt;</td>""",
      Redaction.redactHtml(page)
    )
    val plain = """<td class="x">found {&quot;answer&quot;:&quot;42&quot;} &amp;quot;</td>"""
    assertEquals(plain, Redaction.redactHtml(plain), "nothing to redact: the page as it was")
  }
}
