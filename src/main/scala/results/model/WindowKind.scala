package results.model

/** What a window of the run measures, as the profile that records it says: the summaries count transactions
  * per hour over a steady window, read a sweep's curve from its levels, show cycles by their users. Run.json
  * and summary.json hold it as [[word]]; `results.archive.StoredWindowKind` reads that word back, once, as
  * they are read.
  */
sealed trait WindowKind {

  /** The kind as run.json and summary.json store it, e.g. "steady", "level". */
  def word: String
}

object WindowKind {

  /** The window transactions per hour are counted over: the profile's steady phase (planned, or measured
    * over fixed work), else the one results.steadyWindow configures, else the whole run.
    */
  case object Steady extends WindowKind { val word = "steady" }

  /** One cycle of concurrency cycles. */
  case object Cycle extends WindowKind { val word = "cycle" }

  /** One level and repeat of a concurrency sweep. */
  case object Level extends WindowKind { val word = "level" }

  /** A kind no profile of this version records (a run.json another version wrote), kept as it was stored. */
  final case class Other(word: String) extends WindowKind

  /** The kinds this version's profiles record. */
  val Recorded: Seq[WindowKind] = Seq(Steady, Cycle, Level)
}
