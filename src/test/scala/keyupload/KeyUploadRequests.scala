package keyupload

import java.util.Base64
import java.util.concurrent.ThreadLocalRandom

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The key-upload backend's calls (docs/systems/key-upload.md). Names are a contract. A real upload
  * registers, then posts one key with the token the registration answered; a decoy pair sends the same
  * two bodies, with the same fields and lengths, to the decoy path, so that an observer of the traffic
  * cannot tell them apart by size or timing.
  */
object KeyUploadRequests {
  val Register = "Register"
  val PostKey = "Post key"
  val DecoyRegister = "Decoy register"
  val DecoyPost = "Decoy post"
  val PairGroup = "Pair"

  val names: Set[String] = Set(Register, PostKey, DecoyRegister, DecoyPost)

  val RegisterPath = "/v1/register"
  val PostPath = "/v1/post"
  val TokenAttribute = "registrationToken"

  // Fixed lengths: every body of a kind has the same size, real or decoy.
  private val DeviceTokenBytes = 32
  private val KeyBytes = 16
  private val PaddingChars = 100

  private def base64(bytes: Int): String = {
    val b = new Array[Byte](bytes)
    ThreadLocalRandom.current().nextBytes(b)
    Base64.getEncoder.encodeToString(b)
  }

  private def padding: String = "0" * PaddingChars

  def registerBody(): String = s"""{"deviceToken":"${base64(DeviceTokenBytes)}","padding":"$padding"}"""

  /** One key, as the app uploads it: its data, the 10-minute interval it starts in (seven digits until
    * the year 2160) and a one-digit transmission risk.
    */
  def postBody(registrationToken: String): String = {
    val random = ThreadLocalRandom.current()
    val interval = System.currentTimeMillis() / 600000 - random.nextInt(14 * 144)
    val key =
      s"""{"keyData":"${base64(
          KeyBytes
        )}","rollingStartIntervalNumber":$interval,"rollingPeriod":144,"transmissionRiskLevel":${1 + random.nextInt(
          8
        )}}"""
    s"""{"registrationToken":"$registrationToken","keys":[$key],"padding":"$padding"}"""
  }

  private def registration(name: String, path: String): HttpRequestBuilder =
    http(name)
      .post(path)
      .body(StringBody(_ => registerBody()))
      .asJson
      .check(status.is(200), jsonPath("$.registrationToken").saveAs(TokenAttribute))

  private def upload(name: String, path: String): HttpRequestBuilder =
    http(name)
      .post(path)
      .body(StringBody(session => postBody(session(TokenAttribute).as[String])))
      .asJson
      .check(status.is(200), jsonPath("$.accepted").is("1"))

  def register: HttpRequestBuilder = registration(Register, RegisterPath)
  def postKey: HttpRequestBuilder = upload(PostKey, PostPath)
  def decoyRegister(decoyPath: String): HttpRequestBuilder = registration(DecoyRegister, decoyPath)
  def decoyPost(decoyPath: String): HttpRequestBuilder = upload(DecoyPost, decoyPath)
}
