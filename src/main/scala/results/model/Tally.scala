package results.model

/** Counts a journey kept as the run went, of what simulation.log cannot carry (a response header, say):
  * per key (e.g. a page), how many answers fell in each category (e.g. hit, miss, unknown). The injector
  * records them ([[watch.Tallies]]) and hands them to the results step in run.json.
  *
  * @param categories every category, in the order the summaries show them, counted or not
  * @param counts     per key, sorted by key: the count of each category (0 where none)
  */
final case class Tally(name: String, categories: Seq[String], counts: Seq[(String, Map[String, Long])]) {

  /** A table of it shows each key's total, and each category's share, only where there are categories to add. */
  def addsUp: Boolean = categories.size > 1

  /** Every key's counts added up. */
  def overall: Map[String, Long] =
    categories.map(c => c -> counts.map(_._2.getOrElse(c, 0L)).sum).toMap

  /** The table's count columns: the categories, then the total where they add up. */
  def columns: Seq[String] = if (addsUp) categories :+ "Total" else categories

  /** The table's rows, each key's then "All" for every key together, with their counts in [[columns]]' order. */
  def rows: Seq[(String, Map[String, Long], Seq[Long])] =
    (counts :+ ("All" -> overall)).map { case (key, byCategory) =>
      val cells = categories.map(byCategory.getOrElse(_, 0L))
      (key, byCategory, if (addsUp) cells :+ byCategory.values.sum else cells)
    }
}

object Tally {

  /** `category`'s share of `counts`, in percent; None when nothing was counted. */
  def percent(counts: Map[String, Long], category: String): Option[Double] = {
    val total = counts.values.sum
    Option.when(total > 0)(100.0 * counts.getOrElse(category, 0L) / total)
  }

  /** Shards' tallies of the same name added up key by key, category by category. */
  def merged(tallies: Seq[Tally]): Seq[Tally] =
    tallies.groupBy(_.name).toSeq.sortBy(_._1).map { case (name, parts) =>
      val categories = parts.flatMap(_.categories).distinct
      val counts = parts.flatMap(_.counts).groupBy(_._1).toSeq.sortBy(_._1).map { case (key, perShard) =>
        key -> categories.map(c => c -> perShard.map(_._2.getOrElse(c, 0L)).sum).toMap
      }
      Tally(name, categories, counts)
    }
}
