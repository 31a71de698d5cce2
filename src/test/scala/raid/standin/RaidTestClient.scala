package raid.standin

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.time.Duration
import java.util.concurrent.{ CompletableFuture, TimeUnit }

import scala.jdk.CollectionConverters._
import scala.jdk.OptionConverters._

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode

/** An answer from the stand-in, with how long it took. */
final case class Reply(
    status: Int,
    body: String,
    location: Option[String],
    millis: Long,
    contentType: Option[String] = None,
    headers: Map[String, Seq[String]] = Map.empty
) {
  def json: JsonNode = RaidMetadata.mapper.readTree(body)

  /** The first value of a response header, whatever the case of its name. */
  def header(name: String): Option[String] =
    headers.collectFirst { case (n, values) if n.equalsIgnoreCase(name) && values.nonEmpty => values.head }
}

/** A plain HTTP client for the sandbox tests (the suite's own requests live in `raid/`). */
final class RaidTestClient(baseUrl: String) {
  private val http =
    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build()

  def sendAsync(
      method: String,
      path: String,
      token: Option[String],
      body: Option[String] = None
  ): CompletableFuture[Reply] = {
    val builder = HttpRequest
      .newBuilder(URI.create(baseUrl + path))
      .timeout(Duration.ofSeconds(20))
      .method(method, body.fold(HttpRequest.BodyPublishers.noBody())(HttpRequest.BodyPublishers.ofString))
      .header("Content-Type", "application/json")
    token.foreach(t => builder.header("Authorization", s"Bearer $t"))
    val started = System.nanoTime()
    http
      .sendAsync(builder.build(), HttpResponse.BodyHandlers.ofString())
      .thenApply { r =>
        val millis = (System.nanoTime() - started) / 1000000
        val headers = r.headers.map.asScala.map { case (name, values) => name -> values.asScala.toSeq }.toMap
        val first = (name: String) => r.headers.firstValue(name).toScala
        Reply(r.statusCode, r.body, first("Location"), millis, first("Content-Type"), headers)
      }
  }

  def send(method: String, path: String, token: Option[String], body: Option[String] = None): Reply =
    sendAsync(method, path, token, body).get(30, TimeUnit.SECONDS)

  def mint(token: String, raid: ObjectNode): Reply = send("POST", "/raid/", Some(token), Some(raid.toString))
  def read(token: String, handle: String): Reply = send("GET", s"/raid/$handle", Some(token))
  def update(token: String, handle: String, raid: JsonNode): Reply =
    send("PUT", s"/raid/$handle", Some(token), Some(raid.toString))
  def list(token: String, servicePointId: Long): Reply =
    send("GET", s"/raid/?servicePointId=$servicePointId", Some(token))
}

/** Assertions on the stand-in's error answers, which follow the real RAiD v2 API (see [[RaidApiStandIn]]). */
object RaidErrorAssertions {
  import org.junit.jupiter.api.Assertions._

  /** One entry of a validation failure's `failures`. */
  final case class FailureEntry(fieldId: String, errorType: String, message: String)

  /** The media type of the answer, without parameters. */
  def mediaType(reply: Reply): Option[String] = reply.contentType.map(_.split(';').head.trim.toLowerCase)

  /** An error of the raid code: `application/json`, typed by the real service's exception; its body. */
  def assertRaidError(reply: Reply, status: Int, exception: String, title: String): JsonNode = {
    assertEquals(status, reply.status, reply.body)
    assertEquals(Some("application/json"), mediaType(reply), reply.body)
    val problem = reply.json
    assertEquals(s"https://raid.org.au/errors#$exception", problem.path("type").asText, reply.body)
    assertEquals(title, problem.path("title").asText, reply.body)
    assertEquals(status, problem.path("status").asInt, reply.body)
    assertTrue(problem.path("detail").isTextual && problem.path("detail").asText.nonEmpty, reply.body)
    assertEquals("https://raid.org.au", problem.path("instance").asText, reply.body)
    problem
  }

  /** An error of the framework: `application/problem+json`, about:blank, titled with the reason
    * phrase, for the request path; its body.
    */
  def assertFrameworkError(reply: Reply, status: Int, path: String): JsonNode = {
    assertEquals(status, reply.status, reply.body)
    assertEquals(Some("application/problem+json"), mediaType(reply), reply.body)
    val problem = reply.json
    assertEquals("about:blank", problem.path("type").asText, reply.body)
    assertEquals(
      io.netty.handler.codec.http.HttpResponseStatus.valueOf(status).reasonPhrase,
      problem.path("title").asText,
      reply.body
    )
    assertEquals(status, problem.path("status").asInt, reply.body)
    assertTrue(problem.path("detail").isTextual && problem.path("detail").asText.nonEmpty, reply.body)
    assertEquals(path, problem.path("instance").asText, reply.body)
    assertFalse(problem.has("failures"), reply.body)
    problem
  }
}

/** Request bodies in the shape of docs/systems/raid.md. */
object RaidBodies {
  def token(servicePointId: Long): String = s"sandbox.$servicePointId.test"

  def create(contributors: Int, organisations: Int): ObjectNode = {
    val raid = RaidMetadata.mapper.createObjectNode()
    val title = raid.putArray("title").addObject().put("text", "Sandbox test raid").put("startDate", "2024-03-01")
    title.putObject("type").put(
      "id",
      "https://vocabulary.raid.org/title.type.schema/5"
    ).put("schemaUri", "https://vocabulary.raid.org/title.type.schema/376")
    raid.putObject("date").put("startDate", "2024-03-01")
    raid.putObject("access").putObject("type").put(
      "id",
      "https://vocabularies.coar-repositories.org/access_rights/c_abf2/"
    ).put("schemaUri", "https://vocabularies.coar-repositories.org/access_rights/")
    raid.putArray("description").addObject().put("text", "First description")
    raid.putArray("contributor")
    (1 to contributors).foreach(n => addContributor(raid, n))
    val orgs = raid.putArray("organisation")
    (1 to organisations).foreach { n =>
      val org = orgs.addObject().put("id", f"https://ror.org/0abcde$n%03d").put("schemaUri", "https://ror.org/")
      org.putArray("role").addObject().put(
        "schemaUri",
        "https://vocabulary.raid.org/organisation.role.schema/359"
      ).put("id", "https://vocabulary.raid.org/organisation.role.schema/182").put("startDate", "2024-03-01")
    }
    raid
  }

  /** The journey's update: the record as read, plus one more description and contributor `n`. */
  def withContributor(read: JsonNode, n: Int): ObjectNode = {
    val raid = read.deepCopy[ObjectNode]()
    raid.withArrayProperty("description").addObject().put("text", s"Added with contributor $n")
    addContributor(raid, n)
  }

  private def addContributor(raid: ObjectNode, n: Int): ObjectNode = {
    val c = raid.withArrayProperty("contributor").addObject()
    c.put("id", f"https://orcid.org/0000-0002-1825-$n%04d").put("schemaUri", "https://orcid.org/")
    c.putArray("position").addObject().put(
      "schemaUri",
      "https://vocabulary.raid.org/contributor.position.schema/305"
    ).put("id", "https://vocabulary.raid.org/contributor.position.schema/307").put("startDate", "2024-03-01")
    c.putArray("role").addObject().put(
      "schemaUri",
      "https://credit.niso.org/"
    ).put("id", "https://credit.niso.org/contributor-roles/investigation/")
    c.put("leader", n == 1).put("contact", n == 1)
    raid
  }

  /** `prefix/suffix` of a raid's identifier.id. */
  def handleOf(raid: JsonNode): String = raid.at("/identifier/id").asText.stripPrefix("https://raid.org/")
}
