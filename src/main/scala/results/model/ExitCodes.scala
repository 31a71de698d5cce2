package results.model

/** Exit statuses of a run's JVM and of the results step, beyond 0 (PASS) and 1 (FAIL): Gatling's own 2 for
  * failed assertions, 3 for bad input (config.FailFast), and the archiving step's.
  */
object ExitCodes {

  /** Gatling's own status for failed assertions: the Gatling JVM's exit for every FAIL, early stops included. */
  val FailedAssertions = 2
  val Incomplete = 4
  val NotArchived = 5
  val Invalid = 6

  /** `ResultsCli history changes` listed a change point no one has accepted. */
  val ChangePoints = 7

  /** No check failed, and the samples could not decide at least one ([[Verdict.Inconclusive]]). */
  val Inconclusive = 8
}
