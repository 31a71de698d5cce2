package results.model

/** What the simulation planned, and how its run went as the simulation saw it.
  *
  * @param users      users the injection profiles start (None where the count depends on the system's
  *                   speed, as in closed shapes)
  * @param durationMs planned injection time (None where it depends on the system's speed)
  * @param reachedEnd Gatling ran the simulation's `after` hook: the run was neither interrupted nor killed
  * @param elapsedMs  from the simulation's start to its archiving (None where not recorded)
  * @param injector   the injector JVM's CPU and GC over the run, with the limits it was held to
  * @param earlyStop  why and when an early-stop limit stopped the run, if one did
  * @param sandboxExhaustion why the in-process sandbox could not serve the load: a part of it ran out of
  *                   descriptors or threads (the run is then INVALID)
  */
final case class RunCourse(
    users: Option[Long],
    durationMs: Option[Long],
    reachedEnd: Boolean,
    elapsedMs: Option[Long],
    injector: Option[InjectorHealthRecord],
    earlyStop: Option[EarlyStopRecord] = None,
    sandboxExhaustion: Seq[String] = Nil
)

object RunCourse {

  /** For a bare Gatling folder that no simulation of ours recorded: only the log can tell. */
  val Unrecorded: RunCourse = RunCourse(None, None, reachedEnd = true, None, None)
}
