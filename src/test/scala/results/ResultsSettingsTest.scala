package results

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

/** The `results` block: every bad value is refused with one line naming its key. */
class ResultsSettingsTest {
  private def settings(overrides: String): ResultsSettings =
    ResultsSettings.fromConfig(ConfigFactory.parseString(overrides).withFallback(ConfigFactory.parseResources("results.conf")).resolve())

  private def error(overrides: String): String =
    assertThrows(classOf[ResultsException], () => settings(overrides)).getMessage

  @Test
  def theDefaultsLoad(): Unit =
    assertEquals((1500, 10000, ResultsSettings.LastPassing), { val s = settings(""); (s.apdexThresholdMs, s.slowThresholdMs, s.baseline) })

  @Test
  def aNonPositiveApdexThresholdNamesTheKeyOnce(): Unit =
    assertEquals("results settings: results.apdexThresholdMs must be positive, got 0", error("results.apdexThresholdMs = 0"))

  @Test
  def aValueOfTheWrongTypeNamesTheKey(): Unit = {
    val message = error("results.slowThresholdMs = slow")
    assertTrue(message.startsWith("results settings: ") && !message.startsWith("results settings: results settings:"), message)
    assertTrue(message.contains("slowThresholdMs") && !message.contains("\n"), message)
  }

  @Test
  def theBaselineIsLastPassingNoneOrARunFolderName(): Unit = {
    assertEquals(ResultsSettings.NoBaseline, settings("results.baseline = none").baseline)
    assertEquals("raidsimulation-20250101120000000", settings("results.baseline = raidsimulation-20250101120000000").baseline)
  }

  @Test
  def anEmptyBaselineIsRefused(): Unit = {
    val allowed = "use last-passing, none or an archived run's folder name"
    assertEquals(s"results settings: results.baseline is empty: $allowed", error("""results.baseline = """""))
    assertEquals(s"results settings: results.baseline is empty: $allowed", error("""results.baseline = "  """"))
  }

  @Test
  def aMisspeltBaselineIsRefused(): Unit = {
    val allowed = "(use last-passing, none or an archived run's folder name)"
    Seq("last_passing", "lastpassing", "Last-Passing", "last passing").foreach { typo =>
      assertEquals(s"results settings: results.baseline is '$typo': did you mean last-passing? $allowed", error(s"""results.baseline = "$typo""""))
    }
    assertEquals(s"results settings: results.baseline is 'None': did you mean none? $allowed", error("results.baseline = None"))
  }
}
