package results

import results.summarize.ResultsSettings

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import config.InputError

/** The `results` block: every bad value is refused with one line naming its key. */
class ResultsSettingsTest {
  private def settings(overrides: String): ResultsSettings =
    ResultsSettings.fromConfig(
      ConfigFactory.parseString(overrides).withFallback(ConfigFactory.parseResources("results.conf")).resolve()
    )

  private def error(overrides: String): String =
    assertThrows(classOf[InputError], () => settings(overrides)).getMessage

  @Test
  def theDefaultsLoad(): Unit =
    assertEquals(
      (1500, 10000, ResultsSettings.LastPassing),
      { val s = settings(""); (s.apdexThresholdMs, s.slowThresholdMs, s.baseline) }
    )

  @Test
  def aNonPositiveThresholdNamesTheKeyOnce(): Unit = {
    assertEquals("results.apdexThresholdMs: must be at least 1 (was 0)", error("results.apdexThresholdMs = 0"))
    assertEquals("results.slowThresholdMs: must be at least 1 (was -5)", error("results.slowThresholdMs = -5"))
  }

  @Test
  def aValueOfTheWrongTypeNamesTheKey(): Unit = {
    assertEquals(
      "results.slowThresholdMs: must be a whole number (was 'slow')",
      error("results.slowThresholdMs = slow")
    )
    assertEquals(
      "results.apdexThresholdMs: must be a whole number (was '1.5')",
      error("results.apdexThresholdMs = 1.5")
    )
    val duration = error("results.steadyWindow.excludeStart = soon")
    assertTrue(duration.startsWith("results.steadyWindow.excludeStart: ") && !duration.contains("\n"), duration)
  }

  @Test
  def aNegativeSteadyWindowExclusionIsRefused(): Unit =
    assertEquals(
      "results.steadyWindow.excludeEnd: must be at least 0s (was -5s)",
      error("results.steadyWindow.excludeEnd = -5s")
    )

  @Test
  def aMissingSettingNamesItsFullKey(): Unit = {
    val withoutRoot = ConfigFactory.parseResources("results.conf").withoutPath("results.root").resolve()
    assertEquals(
      "results.root: missing",
      assertThrows(classOf[InputError], () => ResultsSettings.fromConfig(withoutRoot)).getMessage
    )
    val withoutApdex = ConfigFactory.parseResources("results.conf").withoutPath("results.apdexThresholdMs").resolve()
    assertEquals(
      "results.apdexThresholdMs: missing",
      assertThrows(classOf[InputError], () => ResultsSettings.fromConfig(withoutApdex)).getMessage
    )
    assertEquals(
      "results.root: missing",
      assertThrows(classOf[InputError], () => ResultsSettings.fromConfig(ConfigFactory.empty())).getMessage
    )
  }

  @Test
  def theBaselineIsLastPassingNoneOrARunFolderName(): Unit = {
    assertEquals(ResultsSettings.NoBaseline, settings("results.baseline = none").baseline)
    assertEquals(
      "raidsimulation-20250101120000000",
      settings("results.baseline = raidsimulation-20250101120000000").baseline
    )
  }

  private val mustBe = "must be last-passing, none or an archived run's folder name"

  @Test
  def anEmptyBaselineIsRefused(): Unit = {
    assertEquals(s"results.baseline: $mustBe (was '')", error("""results.baseline = """""))
    assertEquals(s"results.baseline: $mustBe (was '')", error("""results.baseline = "  """"))
  }

  @Test
  def aMisspeltBaselineIsRefused(): Unit = {
    Seq("last_passing", "lastpassing", "Last-Passing", "last passing").foreach { typo =>
      assertEquals(
        s"results.baseline: $mustBe (was '$typo'; did you mean last-passing?)",
        error(s"""results.baseline = "$typo"""")
      )
    }
    assertEquals(s"results.baseline: $mustBe (was 'None'; did you mean none?)", error("results.baseline = None"))
    assertEquals(
      s"--baseline: $mustBe (was 'last_passing'; did you mean last-passing?)",
      assertThrows(classOf[InputError], () => ResultsSettings.baselineChoice("last_passing", "--baseline")).getMessage
    )
  }
}
