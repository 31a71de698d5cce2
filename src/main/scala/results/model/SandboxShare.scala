package results.model

/** The least time the built-in sandbox added to a request at p99, from a tally of its added time
  * (sandbox.ServingTimes, counted per system and request name in ranges): the lower bound of the range the
  * 99th percentile falls in. A range's lower bound is all it proves, so a breach is put down to the sandbox only
  * when even that floor covers it. The tally is a step's own where the search counted it over the step's window,
  * else the whole run's. A run against a real target has no such tally: its limit is the system's.
  */
object SandboxShare {

  /** The tally the in-process sandbox counts its added time into (sandbox.RunningSandbox). */
  val AddedTally = "Sandbox-added time per request (in-process sandbox)"

  /** The ranges a sandbox-added time falls in, upper bounds in microseconds, for a tally that adds up across
    * shards and shows each range's share.
    */
  val Buckets: Seq[(String, Long)] =
    Seq("< 1 ms" -> 1000L, "1-5 ms" -> 5000L, "5-20 ms" -> 20000L, "20-100 ms" -> 100000L, "100 ms-1 s" -> 1000000L)
      .appended(">= 1 s" -> Long.MaxValue)

  /** Counts by "system: request", then by range ([[Buckets]]). */
  type Counts = Map[String, Map[String, Long]]

  /** The run's tally of the sandbox's added time, if it has one. */
  def ofRun(tallies: Seq[Tally]): Counts =
    tallies.find(_.name == AddedTally).fold(Map.empty: Counts)(_.counts.toMap)

  def floorMs(counts: Counts, system: String)(path: List[String]): Option[Double] =
    counts.get(s"$system: ${path.last}").flatMap { byRange =>
      val total = byRange.values.sum
      // Each range's lower bound in ms is the previous range's upper bound.
      val lowerBoundsMs = 0.0 +: Buckets.init.map(_._2 / 1000.0)
      val cumulative = Buckets.map(b => byRange.getOrElse(b._1, 0L)).scanLeft(0L)(_ + _).tail
      Option.when(total > 0)(lowerBoundsMs(cumulative.indexWhere(_ >= math.ceil(total * 0.99))))
    }
}
