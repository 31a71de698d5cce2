package results.capacity

import results.model.Tally
import sandbox.{ RunningSandbox, ServingTimes }

/** The least time the built-in sandbox added to a request at p99, from a tally of its added time
  * (sandbox.ServingTimes, counted per system and request name in ranges): the lower bound of the range the
  * 99th percentile falls in. A range's lower bound is all it proves, so a breach is put down to the sandbox only
  * when even that floor covers it. The tally is a step's own where the search counted it over the step's window,
  * else the whole run's. A run against a real target has no such tally: its limit is the system's.
  */
object SandboxShare {

  /** Counts by "system: request", then by range ([[ServingTimes.Buckets]]). */
  type Counts = Map[String, Map[String, Long]]

  /** The run's tally of the sandbox's added time, if it has one. */
  def ofRun(tallies: Seq[Tally]): Counts =
    tallies.find(_.name == RunningSandbox.AddedTally).fold(Map.empty: Counts)(_.counts.toMap)

  def floorMs(counts: Counts, system: String)(path: List[String]): Option[Double] =
    counts.get(s"$system: ${path.last}").flatMap { byRange =>
      val total = byRange.values.sum
      // Each range's lower bound in ms is the previous range's upper bound.
      val lowerBoundsMs = 0.0 +: ServingTimes.Buckets.init.map(_._2 / 1000.0)
      val cumulative = ServingTimes.Buckets.map(b => byRange.getOrElse(b._1, 0L)).scanLeft(0L)(_ + _).tail
      Option.when(total > 0)(lowerBoundsMs(cumulative.indexWhere(_ >= math.ceil(total * 0.99))))
    }
}
