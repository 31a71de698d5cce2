package results.model

/** Why a run, or one of its systems, is not judged on its checks alone: it did not complete its plan, the
  * injector (or the sandbox) was the bottleneck, or an early-stop limit stopped it. Its words are made only by
  * [[text]]; which system it is of is [[system]], never read from them.
  *
  * @param system the key of the system it is of; None: the run's, so every system's
  * @param named  the name its text opens with: its system's key, or the scenario it is of
  * @param detail the rest of its text
  * @param shard  in a merged run, the run id of the shard it came from
  */
final case class Problem(
    system: Option[String],
    kind: ProblemKind,
    detail: String,
    named: Option[String] = None,
    shard: Option[String] = None
) {
  def text: String = (shard.toSeq ++ named :+ detail).mkString(": ")

  def ofShard(runId: String): Problem = copy(shard = Some(runId))
}

object Problem {

  /** The run's own problem: every system's. */
  def ofRun(kind: ProblemKind, detail: String): Problem = Problem(None, kind, detail)

  val StoppedBeforeEnd: Problem = ofRun(
    ProblemKind.StoppedBeforeEnd,
    "the run was stopped before the end of its plan (interrupted, or its JVM was stopped)"
  )

  /** A problem of one system, its text opening with the system's key. */
  def ofSystem(key: String, kind: ProblemKind, detail: String): Problem = Problem(Some(key), kind, detail, Some(key))
}

/** @param name        its stable name, as summary.json stores it
  * @param namesItself whether its words open by saying what it is ("injector saturated: ...", "shards apart:
  *                    ..."), so that a reader needs no lead before them
  */
sealed abstract class ProblemKind(val name: String, val namesItself: Boolean)

object ProblemKind {

  /** The run was interrupted or its JVM stopped before the end of its plan. */
  case object StoppedBeforeEnd extends ProblemKind("stoppedBeforeEnd", false)
  case object LogCutShort extends ProblemKind("logCutShort", false)
  case object UsersNotStarted extends ProblemKind("usersNotStarted", false)
  case object JourneysUnfinished extends ProblemKind("journeysUnfinished", false)

  /** A fixed-work list's time limit stopped the rest of its scenarios. */
  case object FixedWorkUnfinished extends ProblemKind("fixedWorkUnfinished", false)
  case object CapacityUnresolved extends ProblemKind("capacityUnresolved", false)

  /** The injector JVM over one of its limits: its CPU, its GC, its users' late starts. */
  case object InjectorSaturated extends ProblemKind("injectorSaturated", true)

  /** The injector ran out of file descriptors or local ports. */
  case object InjectorOutOfResources extends ProblemKind("injectorOutOfResources", true)
  case object SandboxExhausted extends ProblemKind("sandboxExhausted", true)

  /** A capacity search limited by the injector, or by the sandbox below its minimum headroom. */
  case object CapacityNotMeasured extends ProblemKind("capacityNotMeasured", false)
  case object StoppedEarly extends ProblemKind("stoppedEarly", true)

  /** The shards of a merged run did not share enough of their steady windows: its load never ran at once. */
  case object ShardsApart extends ProblemKind("shardsApart", true)

  /** A shard of a merged run sent less than its part of the load, began late or was missing at the start. */
  case object ShardsUneven extends ProblemKind("shardsUneven", true)

  /** Read back from a summary in words that no kind writes (an older spelling), or under a name no kind has
    * (a newer version's): kept as stored.
    */
  case object AsStored extends ProblemKind("asStored", false)

  val All: Seq[ProblemKind] = Seq(
    StoppedBeforeEnd,
    LogCutShort,
    UsersNotStarted,
    JourneysUnfinished,
    FixedWorkUnfinished,
    CapacityUnresolved,
    InjectorSaturated,
    InjectorOutOfResources,
    SandboxExhausted,
    CapacityNotMeasured,
    StoppedEarly,
    ShardsApart,
    ShardsUneven,
    AsStored
  )
}
