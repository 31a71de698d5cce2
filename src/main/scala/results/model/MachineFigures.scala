package results.model

/** The machine an injector ran on, over a capacity step's judged window (from /proc/stat and this JVM's
  * threads' scheduler counts, /proc/self/task/<id>/schedstat): how busy its cores were, how much of them a
  * hypervisor took away, how much of them this JVM used (its in-process sandbox's threads too), and how long
  * this JVM's threads waited for a core per second they ran on one.
  */
final case class MachineFigures(
    busyPercent: Double,
    stolenPercent: Double,
    ownPercent: Double,
    waitPerCpuSecond: Double
) {

  /** The share of the machine's cores other work used: busy, less this JVM's own. */
  def otherPercent: Double = math.max(0.0, busyPercent - ownPercent)

  /** The machine, not the system, may have made the step fall short: a hypervisor took more than
    * [[MachineFigures.MaxStolenPercent]] of its cores, or other work used more of them than this run did while
    * this JVM's threads waited for a core more than [[MachineFigures.MaxWaitPerCpuSecond]] times as long as they
    * ran on one.
    */
  def busyWithOtherWork: Boolean =
    stolenPercent > MachineFigures.MaxStolenPercent ||
      otherPercent > ownPercent && waitPerCpuSecond > MachineFigures.MaxWaitPerCpuSecond

  /** "other work used 91 % of its cores, this run 9 %; its threads waited 6.1 s for a core per second they ran". */
  def describe: String =
    f"other work used $otherPercent%.0f %% of its cores, this run $ownPercent%.0f %%; its threads waited " +
      f"$waitPerCpuSecond%.1f s for a core per second they ran" +
      (if (stolenPercent > 0.05) f"; stolen $stolenPercent%.1f %%" else "")
}

object MachineFigures {

  /** More of the cores than this taken by the hypervisor (steal time) starves whatever runs on them. */
  val MaxStolenPercent = 10.0

  /** A JVM whose threads waited for a core twice as long as they ran got a third of the CPU it was ready to use
    * (docs/capacity.md gives the figures measured on a shared machine and under `stress-ng`).
    */
  val MaxWaitPerCpuSecond = 2.0
}
