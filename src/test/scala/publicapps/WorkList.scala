package publicapps

/** The combined run's list of scenarios, the same for every shard: item i runs `cycle(i mod n)`, so each
  * cycle of n consecutive items holds each kind once, and a shard's part of a list whose length is a
  * multiple of n holds the kinds in the cycle's proportions.
  *
  * People are handed out by item too: the k-th item of the whole list that needs a person of one sort
  * (an elector on the roll, a person to enrol) gets the k-th such person, so no two items share a person,
  * whichever shard runs them.
  */
final case class WorkList(cycle: IndexedSeq[String]) {
  require(cycle.nonEmpty, "a work list needs a cycle of at least one kind")

  def kind(item: Long): String = cycle((item % cycle.size).toInt)

  /** How many items before `item` (of the whole list) are of a kind that `needs`: the 0-based rank of
    * `item` among them, or, for the list's length, how many of them the list holds.
    */
  def countBefore(item: Long, needs: String => Boolean): Long =
    (item / cycle.size) * cycle.count(needs) + cycle.take((item % cycle.size).toInt).count(needs)
}
