package sandbox

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.util.concurrent.TimeUnit

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.SandboxTestKit
import testkit.toy.ToyStandIn
import votenz.standin.VoteNzStandIn

/** One stand-in's requests waiting on a slow stub hold no thread: another stand-in's page with no stub behind
  * it is answered meanwhile, even with a single serving loop for both.
  */
class StandInIsolationTest {

  @Test def aPageWithoutAStubIsAnsweredWhileAnotherStandInWaitsOnItsStubs(): Unit =
    SandboxTestKit.withSandbox(
      """sandbox.ioThreads = 1
        |sandbox.stubs.delay { distribution = fixed, ms = 8000 }
        |""".stripMargin,
      "toy" -> ToyStandIn,
      "vote-nz" -> VoteNzStandIn
    ) { sandbox =>
      val http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
      def get(url: String) =
        http.sendAsync(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
      val lookups = (1 to 50).map(n => get(s"${sandbox.baseUrls("toy")}/lookup/$n"))
      val home = get(s"${sandbox.baseUrls("vote-nz")}/").get(15, TimeUnit.SECONDS)
      assertEquals(200, home.statusCode)
      assertEquals(0, lookups.count(_.isDone), "every lookup still waits on its stub when the page is answered")
      lookups.foreach(_.cancel(true))
    }
}
