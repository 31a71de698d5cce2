package results.capacity

import results.model.Tally
import sandbox.{ RunningSandbox, ServingTimes }

/** The least time the built-in sandbox added to a request at p99, from the run's tally of its added time
  * (sandbox.ServingTimes, counted per system and request name in ranges): the lower bound of the range the
  * 99th percentile falls in. The tally covers the whole run, not one step, and a range's lower bound is all
  * it proves, so a breach is put down to the sandbox only when even that floor covers it. A run against a
  * real target has no such tally: its limit is the system's.
  */
object SandboxShare {

  def floorMs(tallies: Seq[Tally], system: String)(path: List[String]): Option[Double] =
    tallies.find(_.name == RunningSandbox.AddedTally).flatMap(_.counts.collectFirst {
      case (key, counts) if key == s"$system: ${path.last}" => counts
    }).flatMap { counts =>
      val total = counts.values.sum
      // Each range's lower bound in ms is the previous range's upper bound.
      val lowerBoundsMs = 0.0 +: ServingTimes.Buckets.init.map(_._2 / 1000.0)
      val cumulative = ServingTimes.Buckets.map(b => counts.getOrElse(b._1, 0L)).scanLeft(0L)(_ + _).tail
      Option.when(total > 0)(lowerBoundsMs(cumulative.indexWhere(_ >= math.ceil(total * 0.99))))
    }
}
