package sandbox

import java.util.concurrent.{ CompletableFuture, CompletionException }

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper

/** The answers a JSON stand-in gives: a body from Scala maps and sequences, an error as `{"error": ...}`,
  * and a failed stub call as the status its gateway would answer (502 or 504).
  */
object JsonAnswers {
  private val mapper = new ObjectMapper

  def done(response: StandInResponse): CompletableFuture[StandInResponse] =
    CompletableFuture.completedFuture(response)

  def json(status: Int, body: Map[String, Any]): StandInResponse =
    StandInResponse(status, Vector(mapper.writeValueAsBytes(javaOf(body))))

  def error(status: Int, message: String): StandInResponse = json(status, Map("error" -> message))

  /** For `exceptionally` after a stub call: the stub's failure, however the future wrapped it. */
  def stubFailed(e: Throwable): StandInResponse = e match {
    case f: StubCallFailed                                        => error(f.status, f.getMessage)
    case wrapped: CompletionException if wrapped.getCause != null => stubFailed(wrapped.getCause)
    case other                                                    => error(500, String.valueOf(other.getMessage))
  }

  private def javaOf(value: Any): Any = value match {
    case m: Map[_, _] => m.map { case (k, v) => k.toString -> javaOf(v) }.asJava
    case s: Seq[_]    => s.map(javaOf).asJava
    case other        => other
  }
}
