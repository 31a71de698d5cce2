package watch

/** One answer a system's request got, as the framework's check sees it.
  *
  * @param path the request's groups, then its name (as the thresholds and Gatling's `details` name it)
  * @param status the HTTP status; the check sees answers only, not a request that got none (timeout, reset,
  *               refused), nor Gatling's verdict on the request's own checks
  * @param groups the groups it was sent in, innermost first, each as it stood with this answer
  */
final case class Answer(
    system: String,
    path: List[String],
    endEpochMs: Long,
    responseTimeMs: Long,
    status: Int,
    groups: List[GroupSoFar] = Nil
) {

  /** What Gatling's default status check accepts (2xx, 304); a request's own status check may say otherwise. */
  def ok: Boolean = (status >= 200 && status < 300) || status == 304
}

/** One group of one user, as it stood with an answer sent in it. Gatling records a group only as it ends, which
  * no public hook shows: its time is followed answer by answer instead, the last one giving the group's own.
  *
  * @param path        the group's hierarchy, as the thresholds name it
  * @param user        the user's id: one user's group is one instance with its start
  * @param cumulatedMs its requests' response times summed, this answer's included (Gatling's group time)
  * @param okBefore    whether its earlier requests were all OK by Gatling's verdict
  */
final case class GroupSoFar(path: List[String], user: Long, startEpochMs: Long, cumulatedMs: Long, okBefore: Boolean)

/** What follows the load as it goes: the answers, and each system's users as they start and end. */
trait LoadListener {
  def answered(answer: Answer): Unit
  def userStarted(system: String): Unit = ()
  def userEnded(system: String): Unit = ()
}
