package launch

import results.gate.Thresholds
import results.summarize.OrderStatistics

import scala.concurrent.duration._

/** Whether a plan's steady window collects enough samples of a gated path for its percentile's interval to be
  * bounded from above, at the gate's confidence: without that bound no limit can be passed, only failed or left
  * inconclusive. One per path and percentile limit of the thresholds.
  */
sealed trait PlannedPercentile {
  def path: List[String]
  def rank: Double
  def limitMs: Int
}

object PlannedPercentile {

  /** @param perSecond the path's samples per second of the steady window: the plan's arrival rate (the whole run's,
    *                  every shard's) times how often one journey runs the path, over every load that runs it
    * @param steady    the steady window's length (the shortest, where several loads run the path)
    * @param needed    the fewest samples whose interval has an upper bound ([[OrderStatistics.leastSamplesBounded]])
    */
  final case class Estimated(
      path: List[String],
      rank: Double,
      limitMs: Int,
      perSecond: Double,
      steady: FiniteDuration,
      needed: Long
  ) extends PlannedPercentile {
    def samples: Long = math.round(perSecond * steady.toMillis / 1000.0)

    def decidable: Boolean = samples >= needed

    /** The steady window that would collect `needed` samples at the planned rate; None where the rate is 0. */
    def steadyNeeded: Option[FiniteDuration] =
      Option.when(perSecond > 0)(math.ceil(needed / perSecond).toLong.seconds)

    /** How many times the planned rate would collect `needed` samples in this window; None where it is 0. */
    def rateFactorNeeded: Option[Double] = Option.when(samples > 0)(needed.toDouble / samples)
  }

  /** A gated path whose samples the plan cannot tell in advance, and why. */
  final case class NotEstimated(path: List[String], rank: Double, limitMs: Int, missing: Missing)
      extends PlannedPercentile

  sealed trait Missing

  object Missing {

    /** No load's journey says how often it runs the path ([[journey.SystemUnderTest.pathsPerJourney]]). */
    case object PathShare extends Missing

    /** The loads that run it plan no steady window at fixed times (fixed work, a sweep, a capacity search). */
    case object SteadyWindow extends Missing

    /** Their pace depends on the system's speed (a closed shape without `journeyDuration`). */
    case object ArrivalRate extends Missing
  }

  /** Every path of `thresholds` with a percentile limit, against what `loads` plan for it. */
  def of(loads: Seq[SystemLoad], thresholds: Thresholds, confidencePercent: Double): Seq[PlannedPercentile] =
    thresholds.paths.flatMap { case (path, limits) =>
      val running = loads.flatMap(load => load.pathsPerJourney.get(path).map(load -> _))
      limits.percentilesMs.map { case (rank, limitMs) =>
        val plans = running.map { case (load, perJourney) =>
          val plan = load.profile.plan
          (plan.whole.fold(plan.peakArrivalRate)(_.peakArrivalRate).map(_ * perJourney), plan.steadyWindow)
        }
        if (running.isEmpty) NotEstimated(path, rank, limitMs, Missing.PathShare)
        else if (plans.exists(_._2.isEmpty)) NotEstimated(path, rank, limitMs, Missing.SteadyWindow)
        else if (plans.exists(_._1.isEmpty)) NotEstimated(path, rank, limitMs, Missing.ArrivalRate)
        else
          Estimated(
            path,
            rank,
            limitMs,
            plans.flatMap(_._1).sum,
            plans.flatMap(_._2).min,
            OrderStatistics.leastSamplesBounded(rank, confidencePercent)
          )
      }
    }
}
