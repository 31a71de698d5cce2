package elections

import journey.SystemSettings

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.Shard
import config.InputError

/** The cache checks' settings: a missing or bad one stops the journey's build with one line naming the key. */
class CacheChecksSettingTest {
  private def problem(config: String): String =
    assertThrows(
      classOf[InputError],
      () => CacheChecks(SystemSettings("elections", ConfigFactory.parseString(config), 1.0, Shard.Whole))
    ).getMessage

  @Test def aMissingHeaderNameIsNamed(): Unit =
    assertEquals("elections.cacheStatus.header: missing", problem("cacheStatus.hit = HIT, minMaxAge = 60s"))

  @Test def aHitPatternThatIsNoRegularExpressionIsNamed(): Unit =
    assertTrue(
      problem("cacheStatus { header = X-Cache, hit = \"(HIT\" }, minMaxAge = 60s")
        .startsWith("elections.cacheStatus.hit: not a regular expression: "),
      "names the key"
    )

  @Test def statusesAreHitMissOrUnknownNeverAHitWithoutTheHeader(): Unit = {
    val checks =
      CacheChecks(SystemSettings(
        "elections",
        ConfigFactory.parseString("cacheStatus { header = X-Cache, hit = \"(?i)HIT.*\" }, minMaxAge = 60s"),
        1.0,
        Shard.Whole
      ))
    assertEquals(CacheChecks.Hit, checks.status(Some("HIT from cdn-akl-1")))
    assertEquals(CacheChecks.Miss, checks.status(Some("MISS")))
    assertEquals(CacheChecks.Unknown, checks.status(None))
    assertEquals(Some(300L), CacheChecks.maxAgeSeconds("public, s-maxage=600, max-age=300"))
    assertEquals(None, CacheChecks.maxAgeSeconds("no-store"))
  }
}
