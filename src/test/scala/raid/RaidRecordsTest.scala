package raid

import java.io.ByteArrayInputStream
import java.nio.charset.StandardCharsets.UTF_8

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RaidRecordsTest {
  private val json = new ObjectMapper()

  @Test def orcidCheckDigitMatchesOrcidsPublishedExample(): Unit =
    // https://orcid.org/0000-0002-1825-0097 is ORCID's documented sample iD.
    assertEquals('7', RaidRecords.orcidCheckDigit("000000021825009"))

  @Test def orcidCheckDigitCanBeX(): Unit =
    assertEquals('X', RaidRecords.orcidCheckDigit("000000021694233"))

  @Test def randomOrcidsAreWellFormed(): Unit =
    (1 to 200).map(_ => RaidRecords.randomOrcid()).foreach { orcid =>
      assertTrue(orcid.matches("""\d{4}-\d{4}-\d{4}-\d{3}[\dX]"""), orcid)
      val digits = orcid.replace("-", "")
      assertEquals(RaidRecords.orcidCheckDigit(digits.init), digits.last, orcid)
    }

  @Test def handleIsThePrefixAndSuffixOfTheIdentifier(): Unit =
    assertEquals("10.80368/b1adfb3a", RaidRecords.handleOf("https://raid.org/10.80368/b1adfb3a"))

  @Test def handleOfSomethingElseIsAnError(): Unit =
    assertThrows(classOf[IllegalArgumentException], () => RaidRecords.handleOf("https://example.org/x"))

  @Test def updateAddsOneContributorAndOneDescriptionAndKeepsTheRest(): Unit = {
    val record =
      """{"identifier":{"id":"https://raid.org/10.1/a","version":2},"title":[{"text":"t"}],
        |"description":[{"text":"d"}],"contributor":[{"id":"https://orcid.org/0000-0002-1825-0097","leader":true}],
        |"organisation":[{"id":"https://ror.org/038sjwq14"}]}""".stripMargin
    val updated = json.readTree(RaidRecords.withAddedContributor(record, 2))
    assertEquals(2, updated.get("contributor").size())
    assertEquals(2, updated.get("description").size())
    assertEquals(1, updated.get("organisation").size())
    assertEquals(2, updated.at("/identifier/version").asInt(), "the client does not bump the version")
    val added = updated.get("contributor").get(1)
    assertFalse(added.get("leader").asBoolean())
    assertTrue(added.get("id").asText().startsWith("https://orcid.org/"))
  }

  private def opens(body: String) = RaidRecords.opensAnArray(new ByteArrayInputStream(body.getBytes(UTF_8)))

  @Test def aListAnswerIsAJsonArray(): Unit = {
    assertTrue(opens("""[{"identifier":{"id":"https://raid.org/10.1/a"}}]"""))
    assertTrue(opens("[]"))
    assertTrue(opens(" \r\n\t[]"), "white space before the array")
  }

  @Test def anythingElseIsNotAListAnswer(): Unit = {
    assertFalse(opens("""{"type":"about:blank","status":500}"""), "a problem body")
    assertFalse(opens("<html>502 Bad Gateway</html>"))
    assertFalse(opens(""), "no body")
    assertFalse(opens("   "), "white space alone")
  }
}
