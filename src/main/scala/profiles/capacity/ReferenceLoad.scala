package profiles.capacity

import scala.concurrent.duration._

import profiles._

/** The steady load of a search's reference profile at 1x, which every step holds a multiple of. */
sealed trait ReferenceLoad {
  def amount: Double

  /** As [[results.model.CapacityRecord.loadUnit]] says it. */
  def unit: results.model.LoadUnit

  /** Where in the reference profile the figure comes from, for the plan. */
  def source: String

  /** What the reference's users need before the load is steady: its warm-up or ramp. */
  def rampTime: FiniteDuration

  def at(multiple: Double): Double = amount * multiple
}

object ReferenceLoad {

  /** An arrival rate: open shapes and capacity models. */
  final case class Arrivals(amount: Double, randomized: Boolean, rampTime: FiniteDuration) extends ReferenceLoad {
    val unit: results.model.LoadUnit = results.model.LoadUnit.Arrivals
    val source = "its steady arrival rate"
  }

  /** A user count: closed shapes. Fixed work keeps handing out its list's items (`workItems`) to the users. */
  final case class Users(users: Long, source: String, rampTime: FiniteDuration, workItems: Option[Long] = None)
      extends ReferenceLoad {
    def amount: Double = users.toDouble
    val unit: results.model.LoadUnit = results.model.LoadUnit.Users
  }

  /** The reference's steady load, from its shape (scaled, for the whole run). */
  private[profiles] def of(shape: Shape): ReferenceLoad = shape match {
    case open: OpenArrivals        => Arrivals(open.rate, open.randomized, open.warmUp)
    case closed: ClosedRampHold    => Users(closed.targetUsers, "its target users", closed.ramp)
    case cycles: ConcurrencyCycles =>
      Users(cycles.levels.max, "its top level of concurrent users", cycles.rampBetween)
    case sweep: ConcurrencySweep => Users(sweep.levels.max, "its top level of concurrent users", Duration.Zero)
    case work: FixedWork         => Users(work.workers, "its workers", work.rampUp, Some(work.scenarios))
    case other                   =>
      throw new IllegalArgumentException(s"a capacity search has no reference load for ${other.typeName}")
  }
}
