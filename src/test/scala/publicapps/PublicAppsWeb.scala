package publicapps

import journey.{ SystemSettings, SystemUnderTest }

import dvp.Dvp
import eol.{ Eol, EolTransactions }
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder
import profiles.Workers
import publicapps.standin.PublicAppsWebStandIn
import sandbox.StandIn
import config.InputError

/** The public web host's share of the combined run (docs/systems/public-apps.md): a fixed list of
  * scenarios, Enrol Online's enrol and update transactions and Download Voting Papers in the turn of
  * `public-apps.cycle`, worked through by a fixed pool of workers.
  */
object PublicAppsWeb extends SystemUnderTest {
  override val key = "public-apps"
  override val scenarioName = "Public apps - EOL and DVP"
  override val parts: Seq[SystemUnderTest] = Seq(Eol, Dvp)
  override val requestNames: Set[String] = Eol.requestNames ++ Dvp.requestNames
  override val standIn: StandIn = PublicAppsWebStandIn

  /** What `public-apps.cycle` may name: an EOL transaction, or a DVP scenario (its situation drawn by DVP's mix). */
  val kinds: Seq[String] = EolTransactions.names :+ Dvp.scenarioName

  override def protocol(baseUrl: String): HttpProtocolBuilder = Eol.protocol(baseUrl)

  override def journey(settings: SystemSettings): ChainBuilder = {
    val list = WorkList(cycle(settings).toIndexedSeq)
    val items = settings.workItems.getOrElse(
      throw new InputError(s"$key", "the combined run works through a list: its profile must be of type fixed-work")
    )
    val eol = settings.of(Eol)
    // Electors (on the roll) for the change-details transactions, enrolees for the enrolments.
    val people = Map(true -> Eol.electors(eol), false -> Eol.enrolees(eol))
    val files = Map(true -> eol.string("electors"), false -> eol.string("enrolees"))
    def needs(onRoll: Boolean)(kind: String) = EolTransactions.All.exists(t => t.name == kind && t.onRoll == onRoll)
    for (onRoll <- Seq(true, false)) {
      val needed = list.countBefore(items, needs(onRoll))
      if (needed > people(onRoll).size)
        throw new InputError(
          f"${files(onRoll)}: ${people(onRoll).size}%,d people, too few for a run that must not reuse them: " +
            f"its $items%,d scenarios need $needed%,d"
        )
    }

    val transactions = Eol.transactions(
      eol,
      t =>
        exec { session =>
          val rank = list.countBefore(session(Workers.WorkItem).as[Long], needs(t.onRoll))
          session.setAll(people(t.onRoll)(rank.toInt))
        }
    )
    val chains = transactions + (Dvp.scenarioName -> Dvp.journey(settings.of(Dvp)))
    // Each scenario is a new visitor: no cookie of the worker's previous scenario.
    exec(flushCookieJar)
      .exec(session => session.set("publicAppsScenario", list.kind(session(Workers.WorkItem).as[Long])))
      .doSwitch("#{publicAppsScenario}")(list.cycle.distinct.map(kind => kind -> chains(kind)): _*)
  }

  /** The turn the list takes (`public-apps.cycle`): one item of each kind named, repeated to the list's end. */
  def cycle(settings: SystemSettings): Seq[String] = {
    val names = settings.settings.stringList("cycle")
    if (names.isEmpty) settings.settings.fail("cycle", "empty; name at least one scenario")
    names.zipWithIndex.collectFirst { case (name, i) if !kinds.contains(name) => (name, i) }.foreach { case (name, i) =>
      settings.settings.fail(s"cycle[$i]", s"unknown scenario '$name'; expected one of: ${kinds.mkString(", ")}")
    }
    names
  }
}
