package simulations

import journey.SystemUnderTest

import java.util.concurrent.ConcurrentLinkedQueue

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory
import dvp.{ Dvp, DvpSituations }
import electoral.standin.WebApp
import eol.{ EolPeople, EolTransactions }
import eroll.ERollRequests
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import publicapps.{ PublicAppsERoll, PublicAppsWeb, WorkList }
import publicapps.standin.PublicAppsWebStandIn
import sandbox.{ Sandbox, SandboxSettings, StandIn, StandInContext, StandInHandler, StandInRequest }
import config.{ ConfigFiles, InputError }
import testkit.SimulationRuns

/** PublicAppsSimulation's smoke list against the in-process sandbox: 14 web scenarios (each of the
  * cycle's seven kinds twice) by 4 workers, and 3 eRoll sessions by 3 workers starting a second later;
  * then the same list whole and split over two shards, against one sandbox that sees each item's person.
  */
class PublicAppsSimulationEndToEndTest {
  private val eolKinds = EolTransactions.names.filterNot(_ == "Search only")

  /** How many scenarios of each kind ran: EOL's by transaction, DVP's and eRoll's in all. */
  private def kinds(run: SimulationRuns.Run): Map[String, Long] =
    eolKinds.map(k => k -> run.groups.get(k).fold(0L)(_.count)).toMap ++ Map(
      Dvp.scenarioName -> DvpSituations.names.flatMap(run.groups.get).map(_.count).sum,
      "eRoll sessions" -> run.requests.get(ERollRequests.Login).fold(0L)(_.count)
    )

  @Test def theWholeListRunsOnce(): Unit = {
    val whole = SimulationRuns.run(classOf[PublicAppsSimulation], "sandbox.stubs.delay.ms" -> "0")
    assertEquals(Map(PublicAppsWeb.scenarioName -> 4, PublicAppsERoll.scenarioName -> 3), whole.usersByScenario)
    assertEquals(
      (eolKinds.map(_ -> 2L) ++ Seq(Dvp.scenarioName -> 2L, "eRoll sessions" -> 3L)).toMap,
      kinds(whole),
      "each kind of the cycle twice, and the eRoll list"
    )
    assertFalse(whole.groups.contains("Search only"), "the combined run has no search-only scenarios")
    assertEquals(whole.requests(ERollRequests.Login).count, whole.requests(ERollRequests.Logout).count)
    SimulationRuns.assertNoErrors(whole)
  }

  /** The whole list and its two shards against one sandbox that notes who each EOL search was for: an EOL
    * item's person is its identity (the k-th item needing an elector gets the k-th elector, and so for
    * enrolees), so two shards running exactly the whole list's EOL items, none twice, search exactly its
    * people, each once. DVP items and eRoll sessions take people in turn on every runner: counted by kind.
    */
  @Test def twoShardsRunTheWholeListBetweenThemNoItemTwice(): Unit = {
    val searches = new SearchesSeen(PublicAppsWebStandIn)
    val keys = SystemUnderTest.withParts(Seq(PublicAppsWeb, PublicAppsERoll)).map(_.key)
    val config = ConfigFactory.parseString("sandbox.stubs.delay.ms = 0").withFallback(ConfigFiles.load(keys))
    val sandbox = Sandbox.start(
      SandboxSettings.fromConfig(config),
      Seq(PublicAppsWeb.key -> searches, PublicAppsERoll.key -> PublicAppsERoll.standIn),
      keys
    )
    def run(shard: String): (SimulationRuns.Run, Seq[Seq[String]]) = {
      val run = SimulationRuns.run(
        classOf[PublicAppsSimulation],
        Seq("target" -> "standalone-sandbox", "shard" -> shard) ++
          sandbox.baseUrls.map { case (key, url) => s"targets.standalone-sandbox.$key.baseUrl" -> url }: _*
      )
      SimulationRuns.assertNoErrors(run)
      run -> searches.take().sortBy(_.mkString(","))
    }
    val (whole, shards) =
      try (run("1/1"), Seq("1/2", "2/2").map(run))
      finally sandbox.close()

    val list = WorkList(config.getStringList("public-apps.cycle").asScala.toIndexedSeq)
    def searched(items: Seq[Long]): Seq[Seq[String]] = items.flatMap { item =>
      EolTransactions.All.find(_.name == list.kind(item)).map { t =>
        val rank = list.countBefore(item, k => EolTransactions.All.exists(o => o.name == k && o.onRoll == t.onRoll))
        val person = EolPeople.person(if (t.onRoll) rank.toInt else EolPeople.Electors + rank.toInt)
        Seq(person(0), person(2), person(3))
      }
    }.sortBy(_.mkString(","))
    assertEquals(searched(0L until 14L), whole._2, "the whole list's people, each once")
    assertEquals(searched(0L until 7L), shards(0)._2, "shard 1/2: items 1-7's people, each once")
    assertEquals(searched(7L until 14L), shards(1)._2, "shard 2/2: items 8-14's people, each once")
    assertEquals(whole._2, shards.flatMap(_._2).sortBy(_.mkString(",")), "the shards together: the whole list")
    shards.foreach { case (shard, _) =>
      assertEquals((eolKinds :+ Dvp.scenarioName).map(_ -> 1L).toMap, kinds(shard) - "eRoll sessions")
    }
    assertEquals(
      kinds(whole._1),
      shards.map(s => kinds(s._1)).reduce((a, b) => a.map { case (k, n) => k -> (n + b(k)) }),
      "DVP items and eRoll sessions: the shards' counts add up to the whole's"
    )
  }

  @Test def aListNeedingMorePeopleThanTheFeederHoldsStopsBeforeAnyLoad(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[PublicAppsSimulation], "profiles.public-apps.smoke.scenarios" -> "70000")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(
      error.getMessage.matches(
        "feeders/eol/(electors|enrolees)\\.csv: [0-9,]+ people, too few for a run that must not reuse them: its 70,000 scenarios need 30,000"
      ),
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def anUnknownKindInTheCycleIsNamed(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[PublicAppsSimulation], "public-apps.cycle.0" -> "Search only twice")
    assertEquals(
      s"public-apps.cycle[0]: unknown scenario 'Search only twice'; expected one of: ${PublicAppsWeb.kinds.mkString(", ")}",
      error.getMessage
    )
  }
}

/** `inner`, noting who each Enrol Online search was for: first name, surname, date of birth. */
private final class SearchesSeen(inner: StandIn) extends StandIn {
  private val seen = new ConcurrentLinkedQueue[Seq[String]]

  /** The searches noted since the last take. */
  def take(): Seq[Seq[String]] = Iterator.continually(seen.poll()).takeWhile(_ != null).toSeq

  override def start(context: StandInContext): StandInHandler = {
    val handler = inner.start(context)
    new StandInHandler {
      override def handle(request: StandInRequest) = {
        if (request.path == "/app/enrol/ajax/search") {
          val form = WebApp.form(request)
          seen.add(Seq("firstName", "surname", "dateOfBirth").map(form.getOrElse(_, "")))
        }
        handler.handle(request)
      }

      override def close(): Unit = handler.close()
    }
  }
}
