package sandbox

import java.util.concurrent.ThreadLocalRandom
import java.util.concurrent.atomic.AtomicLong

import scala.concurrent.duration.FiniteDuration

import config.Settings

/** A fault a stand-in injects instead of its normal answer. */
sealed abstract class Fault(val name: String)

object Fault {

  /** 503 Service Unavailable. */
  case object ServerError extends Fault("5xx")

  /** The connection is reset (TCP RST) instead of an answer. */
  case object Reset extends Fault("reset")

  /** 200 with a body that is not what the API promises (cut-off JSON). */
  case object Malformed extends Fault("malformed")

  /** 200 with an empty body. */
  case object Empty extends Fault("empty")

  /** The normal answer, `slowDelay` late. */
  case object Slow extends Fault("slow")

  /** No answer at all: the client's own timeout ends the request. */
  case object NoAnswer extends Fault("no answer")

  val All: Seq[Fault] = Seq(ServerError, Reset, Malformed, Empty, Slow, NoAnswer)
}

/** How often a stand-in injects each fault (`sandbox.faults`, per system `sandbox.<key>.faults`): each
  * request draws at most one fault, with the given percentages; all 0 by default. Counts what it injected.
  */
final case class FaultPlan(percent: Map[Fault, Double], slowDelay: FiniteDuration) {
  private val injected = Fault.All.map(_ -> new AtomicLong).toMap

  def isEmpty: Boolean = percent.values.forall(_ == 0)

  /** The fault for one request, if any, counted. */
  def draw(): Option[Fault] =
    if (isEmpty) None
    else {
      val roll = ThreadLocalRandom.current().nextDouble(100)
      val chosen = Fault.All.scanLeft((Option.empty[Fault], 0.0)) { case ((_, upTo), fault) =>
        (Some(fault), upTo + percent(fault))
      }
        .collectFirst { case (Some(fault), upTo) if roll < upTo => fault }
      chosen.foreach(injected(_).incrementAndGet())
      chosen
    }

  def counts: Map[Fault, Long] = injected.map { case (fault, count) => fault -> count.get }.filter(_._2 > 0)
}

object FaultPlan {
  private val Keys: Map[Fault, String] = Map(
    Fault.ServerError -> "serverErrorPercent",
    Fault.Reset -> "resetPercent",
    Fault.Malformed -> "malformedPercent",
    Fault.Empty -> "emptyPercent",
    Fault.Slow -> "slowPercent",
    Fault.NoAnswer -> "noAnswerPercent"
  )

  /** Reads a `faults` block; the percentages may add up to 100 at most. */
  def fromSettings(faults: Settings): FaultPlan = {
    val percent = Fault.All.map(f => f -> (if (faults.has(Keys(f))) faults.double(Keys(f), min = 0) else 0.0)).toMap
    if (percent.values.sum > 100)
      faults.fail(Keys(Fault.ServerError), s"the fault percentages add up to ${percent.values.sum}, more than 100")
    FaultPlan(percent, if (faults.has("slowDelay")) faults.positiveDuration("slowDelay") else FiniteDuration(5, "s"))
  }
}
