package testkit.toy

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.CompletableFuture

import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest, StandInResponse }

/** `GET /` answers at once; `GET /lookup/<n>` asks the toy-registry stub first, as a real stand-in
  * calls its external systems. Its one setting, `sandbox.toy.greeting`, is the home page's text.
  */
object ToyStandIn extends StandIn {
  private val Lookup = """/lookup/(\d+)""".r

  override def start(context: StandInContext): StandInHandler = {
    val greeting = context.settings.string("greeting")
    new StandInHandler {
      override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
        request.path match {
          case "/"       => CompletableFuture.completedFuture(text(200, greeting))
          case Lookup(n) =>
            context.stubs
              .call("toy-registry", HttpMethod.GET, s"/toy-registry/$n")
              .thenApply[StandInResponse](_ => StandInResponse(200, Vector(s"""{"answer":"$n"}""".getBytes(UTF_8))))
          case other => CompletableFuture.completedFuture(text(404, s"no $other"))
        }
    }
  }

  private def text(status: Int, body: String) =
    StandInResponse(status, Vector(body.getBytes(UTF_8)), "text/plain; charset=utf-8")
}
