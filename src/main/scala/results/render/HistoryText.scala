package results.render

import results.history.{ ChangePoint, HistoryRecord, SeriesMetric, UnreadRecord }

import text.Formats

/** The history as `ResultsCli history` prints it: its runs, the files left out, and change points. */
object HistoryText {

  /** One line per run, oldest first. */
  def runLine(r: HistoryRecord): String = {
    val s = r.settings
    val load =
      if (s.loadOverrides.isEmpty) "" else s.loadOverrides.toSeq.sorted.map { case (k, v) => s" $k=$v" }.mkString
    val deployed = r.deployedVersion.fold("")(v => s", deployed $v") +
      r.systemVersions.toSeq.sorted.map { case (system, v) => s", $system deployed $v" }.mkString
    val verdict = r.verdict.fold("imported")(_.word) + (if (r.inSeries) "" else " (left out of the series)")
    s"${Formats.utc(r.startEpochMs)}  ${r.runId}  ${r.commit}  $verdict  ${s.simulation} ${s.profile} on ${s.target}, shard ${s.shard}$load$deployed"
  }

  def unreadLine(u: UnreadRecord): String = s"history: WARNING ${u.file} left out: ${u.reason}"

  /** "raid mint p99: +12.5 % (200 ms to 225 ms) from run r-31 (commit abc1234, 2026-11-27 09:00:00), p = 0.005". */
  def changeLine(c: ChangePoint): String = {
    val k = c.key
    val size = changeSize(c)
    val deployed = c.began.deployedVersion.fold("")(v => s", deployed $v")
    val accepted = c.accepted.fold("")(a => s"; accepted: ${a.reason}")
    s"${k.system} ${k.path} ${k.metric.name}: $size (${value(k.metric, c.before)} to ${value(k.metric, c.after)}) " +
      s"from run ${c.began.runId} (commit ${c.began.commit}, ${Formats.utc(c.began.startEpochMs)}$deployed), " +
      s"p = ${Formats.number(c.pValue)} [${k.settings.simulation} ${k.settings.profile} on ${k.settings.target}]$accepted"
  }

  /** Its relative size, "+12.5 %", or "from 0" where the level before was 0. */
  def changeSize(c: ChangePoint): String =
    c.change.fold("from 0")(ch => (if (ch >= 0) "+" else "") + Formats.number(ch * 100) + " %")

  private def value(metric: SeriesMetric, v: Double): String = metric match {
    case SeriesMetric.Ko         => s"${Formats.number(v)} % KO"
    case SeriesMetric.Throughput => s"${Formats.number(v)} /s"
    case _                       => s"${Formats.number(v)} ms"
  }
}
