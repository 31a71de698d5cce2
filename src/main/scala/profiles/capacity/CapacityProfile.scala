package profiles.capacity

import scala.concurrent.duration._

import com.typesafe.config.Config
import io.gatling.core.Predef._
import io.gatling.core.controller.throttle.ThrottleStep
import io.gatling.core.structure.{ ChainBuilder, PopulationBuilder }
import profiles.{ LoadProfile, LoadProfiles, Phase, Plan, WindowRecorder, Workers }

/** The `capacity` profile of a system: its reference profile's load at the search's ceiling (`maxMultiple` x
  * the reference), for at most `capacity.maxDuration`, of which the [[CapacitySearch]]'s admission lets each
  * step's multiple work. The journey, its mix and its think times are the reference's own.
  *
  * @param reference the reference profile, loaded as it would run (scaled; compressed in a smoke run)
  * @param share     this population's share of the system's load: 1, or a line class's (see [[shareOf]])
  */
final class CapacityProfile(
    val search: CapacitySearch,
    reference: LoadProfile,
    smoke: Boolean,
    share: Double = 1.0
) extends LoadProfile {
  private val searchPlan = search.plan
  private val load = searchPlan.reference
  private val ceiling = load.at(searchPlan.maxMultiple) * share
  private val ceilingUsers = math.ceil(ceiling).toLong
  private val injected = searchPlan.maxDuration + CapacityProfile.InjectionSlack

  def name: String = CapacityProfile.Name

  /** A line class's population: `share` of the ceiling, admitted by the same search as the others, so that
    * one search judges the system's whole load (every class's), as the gate does.
    */
  def shareOf(share: Double): CapacityProfile = new CapacityProfile(search, reference, smoke, this.share * share)

  def journeySettings: Config = reference.journeySettings

  def workItems: Option[Long] = reference.workItems

  /** Users arrive or are replaced as long as the search goes: how many depends on when it ends. */
  def plannedUsers: Option[Long] = None

  /** Each admitted user takes a record of its own. An open reference's search admits arrivals at the ceiling's rate
    * at most, for `maxDuration` at most: never more than that many. A closed one holds the ceiling's users at once,
    * so fewer records cannot hold its ceiling; it also replaces each user whose journey ended, with a record of its
    * own, so it may need more, and a run that runs out stops then, saying how many it needed.
    */
  override def usersToFeed: Option[Long] = Some(load match {
    case _: ReferenceLoad.Arrivals => math.ceil(ceiling * searchPlan.maxDuration.toMillis / 1000.0).toLong
    case _: ReferenceLoad.Users    => ceilingUsers
  })

  /** A throttle caps the load a search must raise: the reference's does not apply. */
  def throttling: Seq[ThrottleStep] = Nil

  lazy val plan: Plan = {
    val r = reference.plan
    val at = (m: Double) => s"${Plan.rate(load.at(m))} ${load.unit.text}"
    Plan(
      simulation = r.simulation,
      profile = name,
      shape = name,
      description = Some(
        s"the largest multiple of '${searchPlan.referenceProfile}' (${at(1)}) carried within the thresholds"
      ),
      phases = Seq(Phase(
        "search",
        Some(Duration.Zero),
        Some(searchPlan.maxDuration),
        s"steps of 1x (${at(1)}) up to ${StepLine.multipleText(searchPlan.maxMultiple)} (${at(searchPlan.maxMultiple)}) until resolved"
      )),
      peakUsers = load match {
        case _: ReferenceLoad.Users    => Some(ceilingUsers)
        case _: ReferenceLoad.Arrivals =>
          r.whole.fold(r.peakUsers)(_.peakUsers).map(u => math.ceil(u * searchPlan.maxMultiple * share).toLong)
      },
      peakArrivalRate = Option.when(load.isInstanceOf[ReferenceLoad.Arrivals])(ceiling),
      totalDuration = None,
      maxDuration = injected + searchPlan.drain,
      derivation = derivation,
      throttle = None,
      scale = r.scale,
      shard = r.shard,
      smoke = smoke,
      whole = None
    )
  }

  private def derivation: Seq[String] = {
    val p = searchPlan
    val human = (d: FiniteDuration) => Plan.human(d)
    val ofShare =
      if (share == 1.0) ""
      else
        s" (this population's ${Plan.number(share * 100)} % of ${Plan.rate(load.at(p.maxMultiple))}, one search over all)"
    val longer =
      if (p.minAnswers > 0)
        s" (longer until it has ${Plan.count(p.minAnswers)} answers, and as many of each path with a percentile limit that can get them, at most ${human(p.stepDuration * CapacitySearch.MaxLengthening.toLong)})"
      else ""
    val pace =
      if (!p.judgesPace) ""
      else if (p.open) " and its pace (answers/s against the offer, users in flight level)"
      else " and its pace (answers/s against the users' demand)"
    val percentilesOn =
      if (p.minAnswers > 0) s"; a percentile on ${Plan.count(p.minAnswers)} of its own answers" else ""
    val waiting = load match {
      case _: ReferenceLoad.Arrivals => "arrivals beyond a step's multiple end at once, sending nothing"
      case _: ReferenceLoad.Users    => "users beyond a step's multiple wait for a place"
    }
    Seq(
      s"reference: '${p.referenceProfile}' (${reference.plan.shape}), ${load.source}: ${Plan.rate(load.amount)} ${load.unit.text} at 1x",
      s"ceiling: ${StepLine.multipleText(p.maxMultiple)} = ${Plan.rate(ceiling)} ${load.unit.text}$ofShare injected for at most ${human(p.maxDuration)}; $waiting",
      s"steps: 1x, doubling until a step fails or ${StepLine.multipleText(p.maxMultiple)} passes, then bisection to ${StepLine.multipleText(p.resolution)}",
      s"each step: ${human(p.settle)} settling, then judged on its next ${human(p.stepDuration)}$longer by the thresholds (each request's and group's percentiles and KO, the system's percentiles and KO$percentilesOn)$pace",
      s"after a failing step: nobody admitted until its users have ended (at most ${human(p.drain)})",
      s"one injector: the next step depends on this one's verdict"
    ) ++ reference.throttling.headOption.map(_ => "the reference's throttle does not apply")
  }

  def population(scenarioName: String, journey: ChainBuilder, windows: WindowRecorder): PopulationBuilder = {
    val admission = search.admission
    val stop = stopLoadGeneratorIf(_ => s"the capacity search of ${searchPlan.system} ended", _ => search.runEnded)
    def admitted(session: Session): Session = {
      val exit = session.onExit
      session.set(CapacityProfile.Admitted, true).copy(onExit = ended => { admission.left(); exit(ended) })
    }
    val working = doIf(_.contains(CapacityProfile.Admitted))(exec(workItem(_)).exec(journey))
    load match {
      case arrivals: ReferenceLoad.Arrivals =>
        val rate = constantUsersPerSec(ceiling).during(injected)
        // Every arrival, admitted or not, is due on the ceiling's even schedule: an injector short of CPU
        // starts them late, which its health checks judge. Randomized (Poisson) arrivals have no schedule.
        val timed = if (arrivals.randomized) stop else windows.lateStarts.evenlySpread(0, 1000.0 / ceiling).exec(stop)
        scenario(scenarioName)
          .exec(timed)
          .exec(session => if (admission.arrive()) admitted(session) else session)
          .exec(working)
          .inject(if (arrivals.randomized) rate.randomized else rate)
      case _: ReferenceLoad.Users =>
        val waits = injected.toMillis / CapacityProfile.Wait.toMillis
        scenario(scenarioName)
          .exec(stop)
          .asLongAs(
            session =>
              !session.contains(CapacityProfile.Admitted) && !admission.ended &&
                session.attributes.get(CapacityProfile.Waits).forall(_.asInstanceOf[Int] < waits),
            CapacityProfile.Waits
          )(
            exec(session => if (admission.enter()) admitted(session) else session)
              .doIf(!_.contains(CapacityProfile.Admitted))(pause(CapacityProfile.Wait))
          )
          .exec(working)
          .inject(constantConcurrentUsers(Math.toIntExact(ceilingUsers)).during(injected))
    }
  }

  /** Fixed work's journeys read their item of the reference's list: admitted users go through it in turn. */
  private val items = new java.util.concurrent.atomic.AtomicLong
  private def workItem(session: Session): Session =
    load match {
      case ReferenceLoad.Users(_, _, _, Some(count)) => session.set(Workers.WorkItem, items.getAndIncrement() % count)
      case _                                         => session
    }
}

object CapacityProfile {
  val Name = LoadProfiles.Capacity

  /** How long a closed user waits before asking for a place again. */
  private val Wait = 1.second

  /** Injection goes on a little past the search's budget, so that the search, not the injection, ends it. */
  private val InjectionSlack = 1.minute

  private val Admitted = "capacity.admitted"
  private val Waits = "capacity.waits"
}
