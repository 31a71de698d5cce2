package results.model

/** One resource (a work item, a queue's form) handed to one user during a run. */
final case class Claim(resource: String, claimant: String, atEpochMs: Long)

/** A resource handed to more than one user: its claims, first first. */
final case class DuplicateClaim(resource: String, claims: Seq[Claim]) {
  def claimants: Seq[String] = claims.map(_.claimant).distinct
}

/** Resources handed to more than one user: how many, and the first few (by when their second user got them). */
final case class DuplicateLocks(count: Long, examples: Seq[DuplicateClaim])
