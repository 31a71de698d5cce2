package results.render

import text.{ Formats, MarkdownTable }

import results.model.{ ShardOverlap, ShardStart }

import Formats.number
import MarkdownTable.{ escape, figures, text }

/** A merged run's shards on one time line, as summary.md and the run page show them: when each one's injection
  * plan began against the first one's, its steady window, how it waited for the common start, and what it sent
  * while every shard was steady against its part.
  */
object ShardSections {
  val Columns: Seq[String] =
    Seq(
      "Shard",
      "Run",
      "Plan began (UTC)",
      "After the first, s",
      "Steady window (UTC)",
      "Common start",
      "Requests while all steady",
      "Of its part, %"
    )

  /** e.g. `All 2 shards shared 43 s of their steady windows' 45 s (96 %; at least 95 %, or all but 1 s, needed);
    * their injection plans began at most 0.4 s apart.`
    */
  def headline(o: ShardOverlap): String =
    s"All ${o.shards.size} shards shared ${number(o.sharedSteadyMs / 1000.0)} s of their steady windows' " +
      s"${number(o.steadySpanMs / 1000.0)} s (${number(o.sharedFraction * 100)} %; at least " +
      s"${number(o.minSharedFraction * 100)} %, or all but ${number(o.toleranceMs / 1000.0)} s, needed); their " +
      s"injection plans began at most ${number(o.maxSkewMs / 1000.0)} s apart."

  def rows(o: ShardOverlap): Seq[Seq[String]] =
    o.shards.map(s =>
      Seq(
        s.shard,
        s.runId,
        time(s.startEpochMs),
        number(o.skewMs(s) / 1000.0),
        s"${time(s.steadyStartEpochMs)} to ${time(s.steadyEndEpochMs)}",
        s.start.fold("none: it began at once")(start),
        s.sharedRequests.fold("-")(n => number(n.toDouble)),
        // Not judged (too few requests, or no timeline to count them by): no figure.
        o.achievedShare(s).fold("-")(share => number(share * 100))
      )
    )

  /** A shard's own wait, e.g. `rendezvous at 12:00:03.000, 0.0 s late`. */
  def start(s: ShardStart): String =
    s"${s.rule.word} at ${time(s.plannedEpochMs)}, ${number(s.lateMs / 1000.0)} s late" +
      (if (s.missingShards.isEmpty) "" else s"; began without shard ${s.missingShards.mkString(", ")}")

  def markdown(o: ShardOverlap): String =
    s"## Shards (one time line)\n\n${escape(headline(o))}\n\n" +
      MarkdownTable(
        Seq(text(Columns.head), text(Columns(1)), text(Columns(2)), figures(Columns(3))) ++
          Columns.slice(4, 6).map(text) ++ Columns.drop(6).map(figures),
        rows(o)
      ).render

  private def time(epochMs: Long): String = Formats.utcAsLogged(epochMs).drop(11)
}
