package raid

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The RAiD API calls of docs/systems/raid.md. Request names are a contract: teams compare runs
  * with their historical reports line by line.
  */
/** The requests' names, which the stand-in's timings use too (apart from [[RaidRequests]], whose builders
  * need Gatling's configuration).
  */
object RaidRequestNames {
  val ListRaids = "list raids for service-point"
  val MintRaid = "mint raid"
  val ReadRaid = "read raid data"
  def update(contributors: Int): String = s"update raid - add contributor $contributors"
}

object RaidRequests {
  import RaidRequestNames._

  private val authorised = "Bearer #{apiToken}"

  val listRaids: HttpRequestBuilder =
    http(ListRaids)
      .get("/raid/")
      .queryParam("servicePointId", "#{servicePointId}")
      .header("Authorization", authorised)
      .check(status.is(200), bodyStream.transform(RaidRecords.opensAnArray _).is(true))

  val mintRaid: HttpRequestBuilder =
    http(MintRaid)
      .post("/raid/")
      .header("Authorization", authorised)
      .body(ElFileBody("bodies/raid/create-raid.json"))
      .asJson
      .check(
        status.is(201),
        jsonPath("$.identifier.id").saveAs("raidId"),
        jsonPath("$.identifier.id").transform(RaidRecords.handleOf _).saveAs("raidHandle"),
        jsonPath("$.identifier.version").ofType[Int].is(1)
      )

  /** Reads the minted raid back and keeps the record (and its version) for the next update. */
  val readRaid: HttpRequestBuilder =
    http(ReadRaid)
      .get("/raid/#{raidHandle}")
      .header("Authorization", authorised)
      .check(
        status.is(200),
        jsonPath("$.identifier.id").is("#{raidId}"),
        jsonPath("$.identifier.version").ofType[Int].saveAs("raidVersion"),
        bodyString.saveAs("raidRecord")
      )

  /** Sends the record just read with contributor number `contributors` added; the answer must carry
    * the next version and all the contributors.
    */
  def addContributor(contributors: Int): HttpRequestBuilder =
    http(update(contributors))
      .put("/raid/#{raidHandle}")
      .header("Authorization", authorised)
      .body(StringBody(session =>
        session("raidRecord").validate[String].map(RaidRecords.withAddedContributor(_, contributors))
      ))
      .asJson
      .check(
        status.is(200),
        jsonPath("$.identifier.version").ofType[Int].is(session => session("raidVersion").validate[Int].map(_ + 1)),
        jsonPath("$.contributor[*]").count.is(contributors)
      )
}
