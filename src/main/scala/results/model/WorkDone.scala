package results.model

/** One fixed-work population's list of scenarios and how far its workers got through it, between the
  * first scenario's start and the last one's end (both 0 when none started).
  */
final case class WorkDone(scenario: String, planned: Long, finished: Long, startEpochMs: Long, endEpochMs: Long) {
  def started: Boolean = endEpochMs > startEpochMs
}

object WorkDone {

  /** The headline of a fixed-work run: the time from the first scenario's start to the last one's end,
    * over every list (None without fixed work, or when no scenario ran).
    */
  def elapsedMs(work: Seq[WorkDone]): Option[Long] = {
    val ran = work.filter(_.started)
    Option.when(ran.nonEmpty)(ran.map(_.endEpochMs).max - ran.map(_.startEpochMs).min)
  }

  /** "Work: 24,000 of 24,000 scenarios finished in 21.5 minutes (web: 21,000 of 21,000; ...)". */
  def headline(work: Seq[WorkDone]): Option[String] =
    Option.when(work.nonEmpty) {
      val elapsed = elapsedMs(work).fold("none started")(ms => f"in ${ms / 60000.0}%.1f minutes (${ms / 1000} s)")
      val parts =
        if (work.size < 2) ""
        else work.map(w => s"${w.scenario}: ${count(w.finished)} of ${count(w.planned)}").mkString("; ", "; ", "")
      s"Work: ${count(work.map(_.finished).sum)} of ${count(work.map(_.planned).sum)} scenarios finished $elapsed$parts"
    }

  private def count(n: Long): String = String.format(java.util.Locale.ROOT, "%,d", Long.box(n))
}
