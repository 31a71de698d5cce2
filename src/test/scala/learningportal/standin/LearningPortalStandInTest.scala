package learningportal.standin

import learningportal.{ LearningPortal, PortalReading }
import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The learning portal's stand-in as a learner meets it: nothing but the login form before logging in,
  * then pages linking their images, and a practice whose answers come from the oracle stub.
  */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LearningPortalStandInTest {
  private var sandbox: RunningSandbox = _

  @BeforeAll def start(): Unit =
    sandbox = SandboxTestKit.start("sandbox.stubs.delay.ms = 0", LearningPortal.key -> LearningPortalStandIn)

  @AfterAll def stop(): Unit = sandbox.close()

  private def send(method: String, path: String, cookie: Option[String] = None, form: String = "") =
    SandboxTestKit.send(sandbox.baseUrls(LearningPortal.key) + path, method, cookie, form)

  private def logIn(password: String) = send("POST", "/login", form = s"username=learner-1&password=$password")

  private def heading(html: String) = PortalReading.Heading.r.findFirstMatchIn(html).map(_.group(1))

  @Test def theJourneysHeadingCheckReadsTheFirstH1WhateverItsAttributesAndWhiteSpace(): Unit = {
    assertEquals(
      Some("Advance voting"),
      heading("<h1 class=\"page-title\" id=\"t\">\n  Advance voting\n</h1><h1>Next</h1>")
    )
    assertEquals(None, heading("<h2>Advance voting</h2>"), "no <h1>: the check fails")
  }

  @Test def withoutASessionEveryPageAssetAndPracticeIsRefused(): Unit = {
    val page = LearningPortalSiteStandIn.pages.head
    assertEquals(200, send("GET", "/login").statusCode, "the login form is open to all")
    assertEquals(401, logIn("wrong").statusCode, "a wrong password")
    Seq("GET" -> page.path, "GET" -> LearningPortalSiteStandIn.assets(page).last, "POST" -> "/practice").foreach {
      case (method, path) =>
        assertEquals(401, send(method, path).statusCode, s"$method $path without a session")
        assertEquals(401, send(method, path, Some("portal_session=forged")).statusCode, s"$method $path, forged")
    }
  }

  @Test def aLearnerReadsPagesWithTheirImagesAndPracticesAgainstTheOracle(): Unit = {
    val login = logIn("practice-sandbox")
    assertEquals(303, login.statusCode)
    val cookie = login.headers.firstValue("Set-Cookie").get.takeWhile(_ != ';')
    LearningPortalSiteStandIn.pages.foreach { page =>
      val html = send("GET", page.path, Some(cookie)).body
      assertEquals(Some(page.title), heading(html), s"the journey's check reads the page's <h1>: $html")
      val linked = """(?:src|href)="(/[^"]+\.(?:css|png))"""".r.findAllMatchIn(html).map(_.group(1)).toSet
      assertEquals(LearningPortalSiteStandIn.assets(page).toSet, linked, s"${page.title}: the assets its HTML links")
      linked.foreach(asset => assertEquals(200, send("GET", asset, Some(cookie)).statusCode, asset))
      assertEquals(LearningPortalSiteStandIn.pages.size - 1, "<a href=\"/learn/".r.findAllMatchIn(html).size, "links")
    }
    val practice = send("POST", "/practice", Some(cookie))
    assertEquals(201, practice.statusCode, practice.body)
    val id = """"practiceId":"([^"]+)"""".r.findFirstMatchIn(practice.body).get.group(1)
    (1 to 10).foreach { question =>
      val answer = send("POST", s"/practice/$id/questions/$question/answer", Some(cookie))
      assertEquals(200, answer.statusCode, answer.body)
      assertTrue(answer.body.contains("\"answer\":\"B\""), s"the oracle's answer: ${answer.body}")
    }
    assertEquals(404, send("POST", s"/practice/$id/questions/11/answer", Some(cookie)).statusCode, "10 questions")
  }
}
