package results.render

import text.Formats

import results.model.{ InjectorHealthRecord, RunSummary }

import results.render.SitePages.{ fields, Fields }

/** The run page's tables of what was run (its metadata), the gate's checks and the injector's health. */
private[render] object RunPageTables {
  def metadata(s: RunSummary): Seq[Fields] = {
    def row(name: String, value: String): Fields = fields("name" -> name, "value" -> value)
    Seq(
      row("Simulation", s"${s.run.simulation} (${s.run.simulationClass})"),
      row("Systems", s.run.systems.mkString(", ")),
      row("Target", s.run.target),
      row("Profile", s.run.profile),
      row("Shard", s.run.shard.text),
      row("Description", if (s.run.runDescription.isEmpty) "(none)" else s.run.runDescription),
      row("Commit", s.run.gitCommit),
      row("Gatling", s.run.gatlingVersion),
      row("Start (UTC)", Formats.utc(s.run.startEpochMs)),
      row("Duration", s"${Formats.number(s.run.durationMs / 1000.0)} s"),
      row(
        "Steady window",
        s"${s.steady.source.text}: ${Formats.utc(s.steady.startEpochMs)} to ${Formats.utc(s.steady.endEpochMs)}"
      ),
      row("Apdex T / slow above", s"${s.settings.apdexThresholdMs} ms / ${s.settings.slowThresholdMs} ms"),
      row("Percentiles from", s.settings.percentileSource)
    ) ++ Option.when(s.run.mergedFrom.nonEmpty)(row("Merged from", s.run.mergedFrom.mkString(", "))) ++
      s.gate.flatMap(_.baselineRun).map(row("Baseline", _))
  }

  /** Every check the gate made, each percentile's with its interval. */
  def checks(s: RunSummary): Seq[Fields] =
    s.gate.toSeq.flatMap(_.checks).map { c =>
      val (word, more) = CheckCells.result(c)
      fields(
        "name" -> c.name,
        "measured" -> CheckCells.measured(c),
        "allowed" -> CheckCells.allowed(c),
        "result" -> word,
        "resultClass" -> Verdicts.cssClass(c.result),
        "more" -> more
      )
    }

  def injector(record: InjectorHealthRecord): Fields = {
    val f = record.figures
    val l = record.limits
    def row(name: String, measured: String, limit: String) =
      fields("name" -> name, "measured" -> measured, "limit" -> limit)
    fields(
      "describe" -> record.describe,
      "saturation" -> record.saturation,
      "rows" -> Seq(
        row("Cores", f.cores.toString, ""),
        row("CPU mean (% of all cores)", Formats.number(f.cpuMeanPercent), ""),
        row("CPU max (% of all cores)", Formats.number(f.cpuMaxPercent), s"at most ${l.maxCpuPercent}"),
        row("Samples at the CPU limit", s"${f.busySamples} of ${f.samples}", s"at most ${l.maxBusyPercent} %"),
        row("GC time (%)", Formats.number(f.gcPercent), s"at most ${l.maxGcPercent}"),
        row("GC pauses / longest (ms)", s"${f.gcPauses} / ${f.gcLongestPauseMs}", ""),
        row("Connection retries", f.connectionRetries.toString, ""),
        row(
          "Users started late: count / p99 / max (ms)",
          s"${f.lateStarts.users} / ${f.lateStarts.p99Ms} / ${f.lateStarts.maxMs}",
          if (l.maxLateStartP99Ms == Long.MaxValue) "" else s"p99 at most ${l.maxLateStartP99Ms}"
        )
      )
    )
  }
}
