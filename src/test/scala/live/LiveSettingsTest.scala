package live

import java.net.{ InetAddress, ServerSocket }

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.{ InputError, Settings }
import results.model.PercentileInterval

/** The live view's settings as application.conf and -D give them, and the one-line errors for bad ones. */
class LiveSettingsTest {
  private def start(settings: LiveSettings): Option[LiveView] = LiveView.start(
    "ToySimulation",
    settings,
    Seq("toy"),
    Map.empty,
    () => None,
    None,
    None,
    PercentileInterval.DefaultConfidencePercent
  )
  private def read(overrides: (String, Any)*): LiveSettings =
    LiveSettings.read(new Settings(
      ConfigFactory.parseMap(overrides.toMap.asJava).withFallback(ConfigFactory.parseResources("application.conf"))
        .resolve()
    ))

  private def errorFor(overrides: (String, Any)*): String =
    assertThrows(classOf[InputError], () => read(overrides: _*)).getMessage

  @Test def byDefaultThePageIsOnOnLoopbackOnAFreePortAndGraphiteIsOff(): Unit =
    assertEquals(LiveSettings(enabled = true, "127.0.0.1", 0, 2.seconds, None), read())

  @Test def graphiteIsOnOnceItsHostIsSet(): Unit =
    assertEquals(
      Some(GraphiteSettings("metrics.example", 2004, "loadtest.nightly")),
      read(
        "graphite.host" -> "metrics.example",
        "graphite.port" -> "2004",
        "graphite.rootPathPrefix" -> "loadtest.nightly"
      )
        .graphite
    )

  @Test def theTokenIsReadAndNeverShown(): Unit = {
    val settings = read("live.token" -> "s3cret-token", "live.maxSeries" -> "50")
    assertEquals((Some(LiveToken("s3cret-token")), 50), (settings.token, settings.maxSeries))
    assertFalse(settings.toString.contains("s3cret-token"), settings.toString)
  }

  @Test def badValuesAreOneLineNamingTheKey(): Unit = {
    assertEquals("live.port: must be at most 65535 (was 70000)", errorFor("live.port" -> "70000"))
    assertEquals("live.port: must be a whole number (was 'abc')", errorFor("live.port" -> "abc"))
    assertEquals("live.enabled: must be true or false (was 'maybe')", errorFor("live.enabled" -> "maybe"))
    assertEquals(
      "live.host: must not be empty (127.0.0.1 serves this machine only)",
      errorFor("live.host" -> " ")
    )
    assertEquals(
      "graphite.rootPathPrefix: must be names of letters, digits, _ or - joined by dots (was 'a..b')",
      errorFor("graphite.host" -> "127.0.0.1", "graphite.rootPathPrefix" -> "a..b")
    )
    assertEquals("live.maxConnections: must be at least 1 (was 0)", errorFor("live.maxConnections" -> "0"))
    assertEquals("live.requestTimeout: must be greater than 0 (was 0s)", errorFor("live.requestTimeout" -> "0s"))
    assertEquals(
      "graphite.port: must be at least 1 (was 0)",
      errorFor("graphite.host" -> "127.0.0.1", "graphite.port" -> "0")
    )
  }

  @Test def aPortTakenIsAnInputError(): Unit =
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { taken =>
      val port = taken.getLocalPort
      val error = assertThrows(
        classOf[InputError],
        () =>
          start(read("live.port" -> port))
      )
      assertTrue(
        error.getMessage.startsWith(s"live.port: cannot listen on 127.0.0.1:$port ("),
        error.getMessage
      )
    }

  @Test def nothingIsFollowedWhenThePageAndGraphiteAreOff(): Unit =
    assertEquals(
      None,
      start(read("live.enabled" -> "false"))
    )
}
