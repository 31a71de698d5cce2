package results

import results.summarize.ResultsSettings

import java.net.{ InetSocketAddress, ServerSocket, URI }
import java.nio.charset.StandardCharsets

import com.sun.net.httpserver.HttpServer
import com.typesafe.config.ConfigFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The version a target tells, from a stand-in on loopback that answers it in its body or a header. */
class DeployedVersionTest {

  private def served(status: Int, body: String, headers: (String, String)*)(test: URI => Unit): Unit = {
    val server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0)
    server.createContext(
      "/version",
      exchange => {
        headers.foreach { case (k, v) => exchange.getResponseHeaders.add(k, v) }
        val bytes = body.getBytes(StandardCharsets.UTF_8)
        exchange.sendResponseHeaders(status, if (bytes.isEmpty) -1 else bytes.length.toLong)
        if (bytes.nonEmpty) exchange.getResponseBody.write(bytes)
        exchange.close()
      }
    )
    server.start()
    try test(URI.create(s"http://127.0.0.1:${server.getAddress.getPort}/version"))
    finally server.stop(0)
  }

  @Test def theFirstLineOfTheAnswerOrTheHeaderNamedIsTheVersion(): Unit = {
    served(200, "raid-api 4.2.1\nbuilt 2026-11-30\n")(url =>
      assertEquals(Right("raid-api 4.2.1"), DeployedVersion.read(url, None))
    )
    served(200, "", "X-App-Version" -> "4.3.0")(url =>
      assertEquals(Right("4.3.0"), DeployedVersion.read(url, Some("X-App-Version")))
    )
  }

  @Test def anAnswerWithoutAVersionIsAReasonNamingTheUrl(): Unit = {
    served(503, "down")(url =>
      assertEquals(Left(s"deployed version not read from $url: status 503"), DeployedVersion.read(url, None))
    )
    served(200, "4.2.1")(url =>
      assertEquals(
        Left(s"deployed version not read from $url: no header X-App-Version"),
        DeployedVersion.read(url, Some("X-App-Version"))
      )
    )
    val closed = {
      val s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress); val p = s.getLocalPort; s.close(); p
    }
    val url = URI.create(s"http://127.0.0.1:$closed/version")
    assertTrue(DeployedVersion.read(url, None).left.exists(_.startsWith(s"deployed version not read from $url: ")))
  }

  @Test def aUrlThatIsNotHttpIsRefusedNamingTheSetting(): Unit = {
    def settings(url: String) = ResultsSettings.fromConfig(
      ConfigFactory.parseString(s"""results.deployedVersion.url = "$url"""").withFallback(
        ConfigFactory.parseResources("results.conf")
      ).resolve()
    )
    val e = assertThrows(classOf[config.InputError], () => settings("ftp://demo.example/version"))
    assertEquals(
      "results.deployedVersion.url: must be an http or https URL (was 'ftp://demo.example/version')",
      e.getMessage
    )
    assertEquals(
      Some(URI.create("https://demo.example/version")),
      settings("https://demo.example/version").deployedVersionUrl
    )
    assertEquals(None, settings("").deployedVersionUrl)
  }

  @Test def aSystemTellsItsOwnVersionWhereItsBlockSays(): Unit = {
    def settings(block: String) = ResultsSettings.fromConfig(
      ConfigFactory.parseString(block).withFallback(ConfigFactory.parseResources("results.conf")).resolve()
    )
    val told = settings(
      """results.deployedVersion.raid { url = "https://raid.example/version", header = "X-App-Version" }
        |results.deployedVersion.vote.url = "https://vote.example/version"""".stripMargin
    )
    assertEquals(
      Map(
        "raid" -> ResultsSettings.VersionSource(URI.create("https://raid.example/version"), Some("X-App-Version")),
        "vote" -> ResultsSettings.VersionSource(URI.create("https://vote.example/version"), None)
      ),
      told.systemVersionSources
    )
    assertEquals(None, told.deployedVersionUrl)
    assertEquals(Map.empty, settings("").systemVersionSources)
    def refused(block: String) = assertThrows(classOf[config.InputError], () => settings(block)).getMessage
    assertEquals(
      "results.deployedVersion.raid.url: must be an http or https URL (was 'raid.example')",
      refused("""results.deployedVersion.raid.url = "raid.example"""")
    )
    assertEquals(
      "results.deployedVersion.raid.headr: unknown key (known: url, header)",
      refused("""results.deployedVersion.raid { url = "https://raid.example/v", headr = "X" }""")
    )
    assertEquals(
      "results.deployedVersion.raid: must be a block of url and header",
      refused("""results.deployedVersion.raid = "https://raid.example/v"""")
    )
  }
}
