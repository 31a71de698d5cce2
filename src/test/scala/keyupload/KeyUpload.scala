package keyupload

import journey.{ SystemSettings, SystemUnderTest }

import java.util.concurrent.ThreadLocalRandom

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import keyupload.standin.KeyUploadStandIn
import websites.SitePath

/** The exposure-key upload backend of a contact-tracing app (docs/systems/key-upload.md): each iteration
  * is one pair of calls, a real upload or, about `decoysPerReal` times as often, a decoy pair shaped like
  * one. Its load is a concurrency sweep, read as pairs per second against concurrency.
  */
object KeyUpload extends SystemUnderTest {
  import KeyUploadRequests._

  override val key = "key-upload"
  override val scenarioName = "Key upload app"
  override val standIn = KeyUploadStandIn
  override val requestNames: Set[String] = KeyUploadRequests.names

  private val DecoyAttribute = "decoy"

  override def protocol(baseUrl: String): HttpProtocolBuilder = SystemUnderTest.jsonApi(baseUrl, "key upload")

  override def journey(settings: SystemSettings): ChainBuilder = {
    val decoyPath = settings.string("decoyPath")
    SitePath.problem(decoyPath).foreach(settings.settings.fail("decoyPath", _))
    if (Seq(RegisterPath, PostPath).contains(decoyPath))
      settings.settings.fail("decoyPath", s"must differ from the real calls' paths (was '$decoyPath')")
    val decoysPerReal = settings.int("decoysPerReal", min = 0)
    val think = settings.thinkTime("thinkTime").pause
    // Each app decides on its own, so real pairs fall at random among the decoys, as in real traffic.
    exec(session => session.set(DecoyAttribute, ThreadLocalRandom.current().nextInt(decoysPerReal + 1) != 0))
      .group(PairGroup)(
        doIfOrElse(session => session(DecoyAttribute).as[Boolean])(
          exec(decoyRegister(decoyPath)).exec(think).exec(decoyPost(decoyPath))
        )(exec(register).exec(think).exec(postKey))
      )
  }
}
