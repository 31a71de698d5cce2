package sandbox

import java.net.URI
import java.net.http.{HttpClient, HttpRequest, HttpResponse}
import java.time.Duration
import java.util.concurrent.{CompletableFuture, TimeUnit}

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.ObjectNode

/** An answer from the stand-in, with how long it took. */
final case class Reply(status: Int, body: String, location: Option[String], millis: Long) {
  def json: JsonNode = RaidMetadata.mapper.readTree(body)
}

/** A plain HTTP client for the sandbox tests (the suite's own requests live in `raid/`). */
final class TestRaidClient(baseUrl: String) {
  private val http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build()

  def sendAsync(method: String, path: String, token: Option[String], body: Option[String] = None): CompletableFuture[Reply] = {
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
        val location = r.headers.firstValue("Location")
        Reply(r.statusCode, r.body, if (location.isPresent) Some(location.get) else None, (System.nanoTime() - started) / 1000000)
      }
  }

  def send(method: String, path: String, token: Option[String], body: Option[String] = None): Reply =
    sendAsync(method, path, token, body).get(30, TimeUnit.SECONDS)

  def mint(token: String, raid: ObjectNode): Reply = send("POST", "/raid/", Some(token), Some(raid.toString))
  def read(token: String, handle: String): Reply = send("GET", s"/raid/$handle", Some(token))
  def update(token: String, handle: String, raid: JsonNode): Reply = send("PUT", s"/raid/$handle", Some(token), Some(raid.toString))
  def list(token: String, servicePointId: Long): Reply = send("GET", s"/raid/?servicePointId=$servicePointId", Some(token))
}

/** Request bodies in the shape of journeys.md section 1. */
object RaidBodies {
  def token(servicePointId: Long): String = s"sandbox.$servicePointId.test"

  def create(contributors: Int, organisations: Int): ObjectNode = {
    val raid = RaidMetadata.mapper.createObjectNode()
    val title = raid.putArray("title").addObject().put("text", "Sandbox test raid").put("startDate", "2024-03-01")
    title.putObject("type").put("id", "https://vocabulary.raid.org/title.type.schema/5").put("schemaUri", "https://vocabulary.raid.org/title.type.schema/376")
    raid.putObject("date").put("startDate", "2024-03-01")
    raid.putObject("access").putObject("type").put("id", "https://vocabularies.coar-repositories.org/access_rights/c_abf2/").put("schemaUri", "https://vocabularies.coar-repositories.org/access_rights/")
    raid.putArray("description").addObject().put("text", "First description")
    raid.putArray("contributor")
    (1 to contributors).foreach(n => addContributor(raid, n))
    val orgs = raid.putArray("organisation")
    (1 to organisations).foreach { n =>
      val org = orgs.addObject().put("id", f"https://ror.org/0abcde$n%03d").put("schemaUri", "https://ror.org/")
      org.putArray("role").addObject().put("schemaUri", "https://vocabulary.raid.org/organisation.role.schema/359").put("id", "https://vocabulary.raid.org/organisation.role.schema/182").put("startDate", "2024-03-01")
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
    c.putArray("position").addObject().put("schemaUri", "https://vocabulary.raid.org/contributor.position.schema/305").put("id", "https://vocabulary.raid.org/contributor.position.schema/307").put("startDate", "2024-03-01")
    c.putArray("role").addObject().put("schemaUri", "https://credit.niso.org/").put("id", "https://credit.niso.org/contributor-roles/investigation/")
    c.put("leader", n == 1).put("contact", n == 1)
    raid
  }

  /** `prefix/suffix` of a raid's identifier.id. */
  def handleOf(raid: JsonNode): String = raid.at("/identifier/id").asText.stripPrefix("https://raid.org/")
}
