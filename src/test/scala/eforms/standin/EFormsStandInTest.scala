package eforms.standin

import eforms.EForms
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The eForms stand-in's incremental extraction: the returns submitted after a watermark, each once, and
  * the watermark to give the next extraction.
  */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EFormsStandInTest {
  private var sandbox: RunningSandbox = _

  @BeforeAll def start(): Unit = sandbox = SandboxTestKit.start("", EForms.key -> EFormsStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  private def send(method: String, path: String, cookie: Option[String] = None, form: String = "") =
    SandboxTestKit.send(sandbox.baseUrls(EForms.key) + path, method, cookie, form)

  private def logIn(): String =
    send("POST", "/login", form = "username=extraction&password=survey-sandbox").headers
      .firstValue("Set-Cookie")
      .get
      .takeWhile(_ != ';')

  /** CAPEX's two pages (fields 1 to 20, then 21 to 26), answered and submitted. */
  private def submitCapex(cookie: String): Unit = {
    def answers(fields: Range) = fields.map(i => s"q$i=1").mkString("&")
    assertEquals(200, send("GET", "/surveys/CAPEX/pages/1", Some(cookie)).statusCode)
    assertEquals(200, send("POST", "/surveys/CAPEX/pages/1", Some(cookie), answers(1 to 20)).statusCode)
    val submitted = send("POST", "/surveys/CAPEX/submit", Some(cookie), answers(21 to 26))
    assertEquals(200, submitted.statusCode, submitted.body)
  }

  @Test def anExtractionAnswersTheReturnsSubmittedAfterItsWatermark(): Unit = {
    val cookie = logIn()
    assertEquals(401, send("GET", "/extractions?since=0").statusCode, "not without a session")
    assertEquals(400, send("GET", "/extractions?since=-1", Some(cookie)).statusCode, "a watermark is 0 or more")
    val before = send("GET", "/extractions?since=0", Some(cookie)).body
    val watermark = """"watermark":([0-9]+)""".r.findFirstMatchIn(before).get.group(1).toLong
    submitCapex(cookie)
    submitCapex(cookie)
    val first = send("GET", s"/extractions?since=$watermark", Some(cookie))
    assertEquals(200, first.statusCode)
    assertEquals(
      s"""{"watermark":${watermark + 2},"records":[{"reference":"R${watermark + 1}","survey":"CAPEX"},""" +
        s"""{"reference":"R${watermark + 2}","survey":"CAPEX"}]}""",
      first.body
    )
    assertEquals(
      s"""{"watermark":${watermark + 2},"records":[]}""",
      send("GET", s"/extractions?since=${watermark + 2}", Some(cookie)).body,
      "nothing new: the watermark stays"
    )
  }
}
