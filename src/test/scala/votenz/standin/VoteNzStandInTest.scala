package votenz.standin

import java.io.ByteArrayInputStream
import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import javax.imageio.ImageIO

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit
import votenz.{ VoteNz, VoteNzRequests }

/** The vote.nz stand-in as a browser meets it: real pages linking real stylesheets, scripts and images. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VoteNzStandInTest {
  private val http = HttpClient.newHttpClient()
  private val site = new VoteNzSiteStandIn(homeTiles = 20)
  private var sandbox: RunningSandbox = _

  @BeforeAll def start(): Unit =
    sandbox = SandboxTestKit.start("sandbox.vote-nz.homeTiles = 20", VoteNz.key -> VoteNzStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  private def get(path: String): HttpResponse[Array[Byte]] =
    http.send(
      HttpRequest.newBuilder(URI.create(sandbox.baseUrls(VoteNz.key) + path)).build(),
      HttpResponse.BodyHandlers.ofByteArray()
    )

  @Test def everyPageLinksItsAssetsAndEveryAssetIsWhatItsNameSays(): Unit =
    site.pagePaths.foreach { case (page, path) =>
      val html = new String(get(path).body, "UTF-8")
      assertTrue(html.contains(s"<title>${page.name} | vote.nz</title>"), html)
      val linked = """(?:src|href)="(/[^"]+\.(?:css|js|png|jpg|svg))"""".r.findAllMatchIn(html).map(_.group(1)).toSet
      assertEquals(site.assets(page).toSet, linked, s"${page.name}: the assets its HTML links")
      (linked ++ site.stylesheetImages).foreach { asset =>
        val response = get(asset)
        assertEquals(200, response.statusCode, asset)
        assertEquals(Some("public, max-age=86400"), Option(response.headers.firstValue("Cache-Control").orElse(null)))
        val contentType = response.headers.firstValue("Content-Type").orElse("")
        if (asset.endsWith(".png") || asset.endsWith(".jpg"))
          assertNotNull(ImageIO.read(new ByteArrayInputStream(response.body)), s"$asset decodes as an image")
        else if (asset.endsWith(".css")) assertTrue(contentType.startsWith("text/css"), contentType)
        else if (asset.endsWith(".js")) assertTrue(contentType.startsWith("text/javascript"), contentType)
        else assertTrue(new String(response.body, "UTF-8").startsWith("<svg"), asset)
      }
    }

  @Test def theHomePageHasTensOfAssetsAndUnknownPathsAreNotFound(): Unit = {
    assertEquals(34, site.assets(VoteNzRequests.Home).size)
    assertEquals(404, get("/no-such-page/").statusCode)
  }
}
