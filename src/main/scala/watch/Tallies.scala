package watch

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

import scala.jdk.CollectionConverters._

import results.model.Tally

/** The run's named tallies, kept in the injector JVM: a journey's checks count what they read in each
  * response (a cache status, say) by key and category, since simulation.log cannot carry it. The run
  * hands a snapshot to the results step in run.json (see [[results.model.Tally]]).
  */
final class Tallies {
  private val byName = new ConcurrentHashMap[String, TallyCounter]

  /** The tally `name` over `categories`, made on first use; a journey asks for it as it is built. */
  def apply(name: String, categories: Seq[String]): TallyCounter = {
    val counter = byName.computeIfAbsent(name, _ => new TallyCounter(name, categories))
    if (counter.categories != categories)
      throw new IllegalArgumentException(
        s"tally '$name' counts ${counter.categories.mkString(", ")}, not ${categories.mkString(", ")}"
      )
    counter
  }

  def snapshot: Seq[Tally] = byName.values.asScala.toSeq.sortBy(_.name).map(_.snapshot)
}

/** One tally: thread-safe, since the checks of concurrent users count into it at once. */
final class TallyCounter private[watch] (val name: String, val categories: Seq[String]) {
  private val counts = new ConcurrentHashMap[(String, String), LongAdder]

  def count(key: String, category: String): Unit = add(key, category, 1)

  /** `n` more under `key` and `category` at once (the records one response carried, say). */
  def add(key: String, category: String, n: Long): Unit = {
    if (!categories.contains(category))
      throw new IllegalArgumentException(
        s"tally '$name' has no category '$category' (has: ${categories.mkString(", ")})"
      )
    if (n < 0) throw new IllegalArgumentException(s"tally '$name': $n is less than nothing")
    counts.computeIfAbsent((key, category), _ => new LongAdder).add(n)
  }

  def snapshot: Tally = {
    val all = counts.asScala.toSeq.map { case ((key, category), n) => (key, category, n.sum) }
    Tally(
      name,
      categories,
      all.groupBy(_._1).toSeq.sortBy(_._1).map { case (key, rows) =>
        val met = rows.map(r => r._2 -> r._3).toMap
        key -> categories.map(c => c -> met.getOrElse(c, 0L)).toMap
      }
    )
  }
}
