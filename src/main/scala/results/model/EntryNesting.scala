package results.model

/** The order every request table lists a run's entries in, as Gatling's report nests them. */
object EntryNesting {

  /** The rows with their nesting depth: global first, then every group followed by everything in it;
    * siblings in the order they first ran.
    */
  def rows(summary: RunSummary): Seq[(Entry, Int)] = rows(summary.global, summary.requests, summary.groups)

  /** The same for any global row and its requests and groups (one system's, in a run of several). */
  def rows(global: Entry, requestEntries: Seq[Entry], groupEntries: Seq[Entry]): Seq[(Entry, Int)] = {
    val order = collection.mutable.LinkedHashSet.empty[List[String]]
    (requestEntries ++ groupEntries).foreach(e => order ++= e.path.inits.toSeq.reverse.tail)
    val requests = requestEntries.map(r => r.path -> r).toMap
    val groups = groupEntries.map(g => g.path -> g).toMap
    val children = order.toSeq.groupBy(_.init)
    def under(parent: List[String]): Seq[(Entry, Int)] =
      children.getOrElse(parent, Nil).flatMap { path =>
        requests.get(path).map(_ -> path.size).toSeq ++ groups.get(path).map(_ -> path.size) ++ under(path)
      }
    (global -> 0) +: under(Nil)
  }
}
