package results.model

import scala.collection.mutable

/** One system of a run, read on its own: a run of several systems (MainSimulation loads eleven, each on
  * its own profile and schedule) is read system by system, since a figure summed over systems that ran in
  * different windows means nothing.
  *
  * @param requests       its request paths in journey order (by first start)
  * @param groups         its groups (transactions), by first start
  * @param global         its requests together; their requests/s over its own span
  * @param startEpochMs   its first request's start
  * @param endEpochMs     its last request's end
  * @param steady         its own steady window: its profile's, else its span less the configured exclusions
  * @param verdict        the gate's verdict on it (see results.gate.SystemVerdicts); None before the gate, or when
  *                       its thresholds could not be read
  */
final case class SystemSummary(
    key: String,
    profile: String,
    scenarios: Seq[String],
    requests: Seq[List[String]],
    groups: Seq[List[String]],
    global: Entry,
    startEpochMs: Long,
    endEpochMs: Long,
    steady: SteadyState,
    plannedUsers: Option[Long],
    startedUsers: Long,
    endedUsers: Long,
    verdict: Option[Verdict] = None
) {

  /** The subject of its gate checks on all its requests together. */
  def subject: String = SystemSummary.subject(key)

  private lazy val names = (requests ++ groups).map(Entry.name).toSet

  /** Its gate checks: on its requests, its groups, or all its requests together. */
  def owns(check: GateCheck): Boolean = check.subject == subject || names.contains(check.subject)

  /** The checks of `gate` that are its own. */
  def checks(gate: GateVerdict): Seq[GateCheck] = gate.checks.filter(owns)

  /** A problem of the run is its own when it is of this system (one of no system is the run's: every system's). */
  def ownsProblem(problem: Problem): Boolean = problem.system.contains(key)

  /** Why it did not complete its plan, one each, named by its key. */
  def problems: Seq[Problem] = Completion.usersShort(Some(key), plannedUsers, startedUsers, endedUsers)
}

object SystemSummary {
  def subject(key: String): String = s"${Entry.GlobalName} ($key)"

  /** Which system sent a request path: the one the run saw answered on it; else the one whose requests
    * run in the same top-level group (a group is one system's transaction), or whose request it is a
    * redirect of ("mint raid Redirect 1"); else, in a run of one system, that system. None: no system
    * was answered on it (every try failed without an answer) and no rule tells.
    */
  final class Ownership(records: Seq[SystemRecord]) {
    private val exact = records.flatMap(r => r.requests.map(_ -> r.key)).toMap
    private val byGroup = records.flatMap(r => r.requests.filter(_.size > 1).map(_.head -> r.key)).toMap
    private val only = Option.when(records.size == 1)(records.head.key)
    private val known = mutable.HashMap.empty[List[String], Option[String]]

    def ofRequest(path: List[String]): Option[String] =
      known.getOrElseUpdate(
        path,
        exact
          .get(path)
          .orElse(path.headOption.filter(_ => path.size > 1).flatMap(byGroup.get))
          .orElse(exact.collectFirst {
            case (owned, key) if owned.init == path.init && path.last.startsWith(owned.last + " Redirect ") => key
          })
          .orElse(only)
      )

    def ofGroup(hierarchy: List[String]): Option[String] = hierarchy.headOption.flatMap(byGroup.get).orElse(only)
  }
}
