package raid

import journey.{ Feeders, SystemSettings, SystemUnderTest }

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.protocol.HttpProtocolBuilder
import raid.standin.RaidStandIn
import config.InputError

/** RAiD API: mint and update raids (docs/systems/raid.md). */
object Raid extends SystemUnderTest {
  override val key = "raid"
  override val scenarioName = "RAiD mint and update"

  override val standIn = RaidStandIn

  override val requestNames: Set[String] = Set(
    "list raids for service-point",
    "mint raid",
    "read raid data",
    "update raid - add contributor 2",
    "update raid - add contributor 3"
  )

  override def protocol(baseUrl: String): HttpProtocolBuilder = SystemUnderTest.jsonApi(baseUrl, "RAiD")

  override def pathsPerJourney(settings: SystemSettings): Map[List[String], Double] = Map(
    List("list raids for service-point") -> 3.0,
    List("mint raid") -> 1.0,
    List("read raid data") -> 2.0,
    List("update raid - add contributor 2") -> 1.0,
    List("update raid - add contributor 3") -> 1.0
  )

  /** The reference user script: about 60 s with 6 s think times, 8 requests. */
  override def journey(settings: SystemSettings): ChainBuilder = {
    val think = settings.thinkTime("thinkTime").pause
    import RaidRequests._

    feed(servicePoints(settings).circular)
      .feed(RaidRecords.newRaids)
      .exec(listRaids).exec(think).exec(think)
      // A client whose mint failed has no raid to read or update: it stops there, so that one failure
      // is one KO, not a cascade of "no attribute raidHandle" errors after it.
      .exec(mintRaid).exitHereIfFailed.exec(think)
      .exec(listRaids).exec(think)
      .exec(readRaid).exec(think)
      .exec(addContributor(2)).exec(think)
      .exec(listRaids).exec(think)
      .exec(readRaid).exec(think)
      .exec(addContributor(3)).exec(think)
  }

  /** Service points and their API tokens. A blank token is taken from the environment, so DEMO's
    * tokens live in CI secrets, never in the CSV.
    */
  def servicePoints(settings: SystemSettings): IndexedSeq[Map[String, Any]] = {
    val feeder = settings.string("feeder")
    val tokenEnv = settings.string("tokenEnv")
    Feeders.csvRecords(feeder, Seq("servicePointId", "apiToken")).map { record =>
      val servicePoint = record("servicePointId").toString
      val token = Option(record("apiToken").toString.trim).filter(_.nonEmpty)
        .orElse(sys.env.get(s"${tokenEnv}_$servicePoint").filter(_.nonEmpty))
        .orElse(sys.env.get(tokenEnv).filter(_.nonEmpty))
        .getOrElse(throw new InputError(
          s"$feeder",
          s"service point $servicePoint has no apiToken; set ${tokenEnv}_$servicePoint or $tokenEnv"
        ))
      record.updated("apiToken", token)
    }
  }
}
