package results.render

import text.{ Formats, MarkdownTable }

import results.model.{ RunSummary, RunWindow, ThroughputCurve, WindowKind, WindowLabel }

import Formats.number
import MarkdownTable.{ escape, figures, text }

/** summary.md's parts for a run its profile split into windows (cycles, sweep levels) and for a sweep read
  * as a throughput curve.
  */
object WindowsMarkdown {

  /** What the window is, for a reader: "cycle 2 (250 users)", "sweep level 3, repeat 2 (4 users)",
    * "steady window: hold".
    */
  private[results] def title(window: RunWindow): String = (window.kind, window.label) match {
    case (WindowKind.Cycle, cycle: WindowLabel.Cycle)                => cycle.text
    case (WindowKind.Level, WindowLabel.Level(level, repeat, users)) =>
      s"sweep level $level, repeat $repeat (${WindowLabel.users(users)})"
    case (WindowKind.Level, _)                   => s"sweep level ${window.label.text}"
    case (WindowKind.Steady, WindowLabel.Steady) => "steady window"
    case (WindowKind.Steady, _)                  => s"steady window: ${window.label.text}"
    case _                                       => s"${window.kind.word} ${window.label.text}"
  }

  def windows(summary: RunSummary): String = {
    val rows = summary.windows.map { w =>
      val g = w.global.map(_.figures)
      Seq(
        title(w.window),
        g.map(_.count.toString).getOrElse("0"),
        g.map(f => number(f.requestsPerSecond)).getOrElse("0"),
        g.map(_.minMs.toString).getOrElse("-"),
        g.map(_.p95Ms.toString).getOrElse("-"),
        g.map(_.p99Ms.toString).getOrElse("-"),
        g.map(_.maxMs.toString).getOrElse("-"),
        g.map(_.ko.toString).getOrElse("0"),
        Formats.apdex(g.flatMap(_.apdex.score)),
        g.map(_.apdex.rating).getOrElse("-"),
        if (summary.definesTransactions) number(w.transactionsPerHour) else "-"
      )
    }
    val columns =
      MarkdownTable.named("Window", Seq("Requests", "Cnt/s", "Min", "95th", "99th", "Max", "KO", "Apdex")) ++
        Seq(text("Rating"), figures("Transactions/h"))
    val table = s"## Per window (percentiles from HdrHistogram)\n\n${MarkdownTable(columns, rows).render}"
    val byGroup = windowGroups(summary)
    if (byGroup.isEmpty) table else s"$table\n\n$byGroup"
  }

  /** Each window's top-level groups (a page with its assets, a transaction): how many started in the
    * window, per second, the fastest, p95 and slowest, failures and Apdex; empty without groups.
    */
  private def windowGroups(summary: RunSummary): String = {
    val rows = for {
      w <- summary.windows
      g <- w.groups.filter(_.path.size == 1)
    } yield {
      val f = g.figures
      Seq(
        title(w.window),
        g.name,
        f.count.toString,
        number(f.requestsPerSecond),
        f.minMs.toString,
        f.p95Ms.toString,
        f.maxMs.toString,
        f.ko.toString,
        Formats.apdex(f.apdex.score),
        f.apdex.rating
      )
    }
    val columns = Seq(text("Window"), text("Group")) ++
      Seq("Count", "Cnt/s", "Fastest", "95th", "Slowest", "KO", "Apdex").map(figures) :+ text("Rating")
    if (rows.isEmpty) ""
    else s"### Per window, by group (top-level groups, by start time)\n\n${MarkdownTable(columns, rows).render}"
  }

  /** A sweep read as a curve: units per second at each level, each repeat and their min, median and max,
    * then the best level and its headroom over the requirement.
    */
  def curve(c: ThroughputCurve): String = {
    val unit = c.spec.unit
    val repeats = c.points.map(_.repeat).distinct.sorted
    val rows = c.levels.map { l =>
      Seq(l.level.toString, l.concurrency.toString) ++ repeats.map(r => l.byRepeat.get(r).fold("-")(number)) ++
        Seq(number(l.min), number(l.median), number(l.max))
    }
    val columns = (Seq("Level", "Users") ++ repeats.map(r => s"R$r") ++ Seq("Min", "Median", "Max")).map(figures)
    val requirement = s"${number(c.spec.requirementMin)}-${number(c.spec.requirementMax)} $unit/s"
    val best = c.best.zip(c.headroom).fold(s"No ${escape(c.spec.group)} completed: no best level.") {
      case (b, (overMax, overMin)) =>
        s"Best level: ${b.level} (${b.concurrency} users), median ${number(b.median)} $unit/s: " +
          s"headroom ${number(overMax)}x over the requirement's top (${number(c.spec.requirementMax)} $unit/s), " +
          s"${number(overMin)}x over its bottom (${number(c.spec.requirementMin)})."
    }
    (Seq(
      s"## Throughput curve: ${escape(c.spec.system)}, $unit/s against concurrency",
      "",
      s"One ${escape(unit.stripSuffix("s"))} is one OK `${escape(c.spec.group)}` started within the level's window; requirement $requirement. " +
        s"Chart: ${CurveChart.fileName(c)}.",
      "",
      MarkdownTable(columns, rows).render,
      "",
      best
    )).mkString("\n")
  }
}
