package keyupload.standin

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.net.http.HttpRequest.BodyPublishers

import com.fasterxml.jackson.databind.ObjectMapper
import keyupload.{ KeyUpload, KeyUploadRequests }
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The key-upload stand-in as the app meets it: a registration's token opens one upload of one key; a
  * decoy pair is answered as a real one is, with answers of the same length, and never opens an upload.
  */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeyUploadStandInTest {
  import KeyUploadRequests._

  private val http = HttpClient.newHttpClient()
  private val mapper = new ObjectMapper
  private val decoyPath = "/v1/decoy"
  private var sandbox: RunningSandbox = _

  @BeforeAll def start(): Unit =
    sandbox =
      SandboxTestKit.start(s"""sandbox.key-upload.decoyPath = "$decoyPath"""", KeyUpload.key -> KeyUploadStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  private def post(path: String, body: String) =
    http.send(
      HttpRequest.newBuilder(URI.create(sandbox.baseUrls(KeyUpload.key) + path)).POST(BodyPublishers.ofString(body))
        .header("Content-Type", "application/json").build(),
      HttpResponse.BodyHandlers.ofString()
    )

  private def token(response: HttpResponse[String]) = mapper.readTree(response.body).get(TokenAttribute).asText

  @Test def aRegistrationOpensExactlyOneUpload(): Unit = {
    val registered = post(RegisterPath, registerBody())
    assertEquals(200, registered.statusCode)
    val body = postBody(token(registered))
    val accepted = post(PostPath, body)
    assertEquals((200, """{"accepted":1}"""), (accepted.statusCode, accepted.body))
    assertEquals(403, post(PostPath, body).statusCode, "a token opens one upload only")
  }

  @Test def aDecoysTokenNeverOpensARealUpload(): Unit = {
    val decoy = post(decoyPath, registerBody())
    assertEquals(200, decoy.statusCode)
    assertEquals(200, post(decoyPath, postBody(token(decoy))).statusCode, "the decoy pair completes")
    assertEquals(403, post(PostPath, postBody(token(decoy))).statusCode, "its token is no registration")
  }

  @Test def decoysAreTheSameSizeAsRealPairsBothWays(): Unit = {
    val (real, decoy) = (post(RegisterPath, registerBody()), post(decoyPath, registerBody()))
    assertEquals(1, Seq.fill(20)(registerBody().length).distinct.size, "every registration body has one length")
    assertEquals(real.body.length, decoy.body.length, "registration answers")
    val (realBody, decoyBody) = (postBody(token(real)), postBody(token(decoy)))
    assertEquals(realBody.length, decoyBody.length, "upload bodies")
    assertEquals(post(PostPath, realBody).body.length, post(decoyPath, decoyBody).body.length, "upload answers")
  }

  @Test def anUploadCarriesOneKey(): Unit = {
    val twoKeys = postBody(token(post(RegisterPath, registerBody()))).replace("""[{""", """[{"keyData":"AA=="},{""")
    assertEquals(400, post(PostPath, twoKeys).statusCode)
  }

  @Test def theConnectivityChecksPageIsStatic(): Unit = {
    val page = http.send(
      HttpRequest.newBuilder(URI.create(sandbox.baseUrls(KeyUpload.key) + "/")).GET().build(),
      HttpResponse.BodyHandlers.ofByteArray()
    )
    assertEquals(200, page.statusCode)
    assertArrayEquals(KeyUploadStandIn.HomePage, page.body)
  }
}
