package results.summarize

import results.model.{
  Completion,
  Entry,
  ErrorCount,
  RunContext,
  RunShard,
  RunSummary,
  RunWindow,
  SessionFigures,
  ShardOverlap,
  ShardTimes,
  SteadySource,
  SteadyState,
  Tally,
  ThroughputCurve,
  Timeline,
  TransactionRate,
  WindowSummary,
  WorkDone
}

import config.InputError

/** Merges the summaries of N runs of one simulation made with shard=i/n (one per injector) into one.
  *
  * Counts, sums, Apdex bands and HdrHistograms add up exactly; percentiles of the merged summary
  * come from the merged histograms; throughput is over the union of the runs' time windows.
  */
object ShardMerge {

  /** @param expectedShards the shard count the caller launched (a pipeline's matrix, a Job's completions): runs
    *                       of another count are refused, so a shard that never uploaded is not silently left out
    * @param minSharedSteady the least share of the shards' steady windows all of them must have shared: below it
    *                       the merged run's verdict is INVALID, unless they missed no more than
    *                       `startToleranceMs` of it (see [[ShardOverlap]])
    */
  def merge(
      shards: Seq[RunSummary],
      runId: String,
      expectedShards: Option[Int] = None,
      minSharedSteady: Double = ResultsSettings.DefaultMinSharedSteady,
      startToleranceMs: Long = ResultsSettings.DefaultStartToleranceMs,
      maxShortfall: Double = ShardOverlap.DefaultMaxShortfall,
      allowUnknownCommit: Boolean = false
  ): RunSummary = {
    validate(shards, expectedShards, allowUnknownCommit)
    val first = shards.head
    val saturated = shards.flatMap(s => s.injector.filter(_.saturation.nonEmpty).map(s -> _))
    val runUnionMs = unionMs(shards.map(s => (s.run.startEpochMs, s.run.endEpochMs)))
    val runSeconds = runUnionMs / 1000.0
    // The window every shard was in its steady window at once: what each sent in it is its pace beside the others.
    val sharedFrom = shards.map(_.steady.startEpochMs).max
    val sharedTo = math.max(sharedFrom, shards.map(_.steady.endEpochMs).min)

    def mergeEntries(entries: Seq[Entry], seconds: Double): Seq[Entry] =
      entries.map(_.path).distinct.flatMap { path =>
        val accumulators = entries.filter(_.path == path).map(e =>
          LatencyAccumulator.restore(e.figures, e.mergeable, first.settings.confidencePercent)
        )
        accumulators.tail.foreach(accumulators.head.add)
        val spans = entries.filter(_.path == path).map(_.span)
        val span = Option.when(spans.forall(_.nonEmpty))(spans.flatten.reduce(_ union _))
        accumulators.head.entry(path, seconds).map(_.copy(span = span))
      }

    // Each system's parts, as each shard read it: figures over the union of the shards' spans of it.
    val systems = shards.flatMap(_.systems).map(_.key).distinct.map { key =>
      val parts = shards.flatMap(_.systems.find(_.key == key))
      val spanMs = unionMs(parts.map(p => (p.startEpochMs, p.endEpochMs)))
      parts.head.copy(
        requests = parts.flatMap(_.requests).distinct,
        groups = parts.flatMap(_.groups).distinct,
        global = mergeEntries(parts.map(_.global), math.max(1.0, math.ceil(spanMs / 1000.0))).head,
        startEpochMs = parts.map(_.startEpochMs).min,
        endEpochMs = parts.map(_.endEpochMs).max,
        steady = mergeSteady(parts.map(_.steady)),
        plannedUsers = parts.map(_.plannedUsers).reduce((a, b) => a.zip(b).map { case (x, y) => x + y }),
        startedUsers = parts.map(_.startedUsers).sum,
        endedUsers = parts.map(_.endedUsers).sum
      )
    }

    val windows = shards.flatMap(
      _.windows
    ).groupBy(w => (w.window.kind, w.window.label)).toSeq.sortBy(_._2.map(_.window.startEpochMs).min).map {
      case ((kind, label), parts) =>
        val coveredMs = unionMs(parts.map(p => (p.window.startEpochMs, p.window.endEpochMs)))
        WindowSummary(
          RunWindow(kind, label, parts.map(_.window.startEpochMs).min, parts.map(_.window.endEpochMs).max),
          mergeEntries(parts.flatMap(_.global), coveredMs / 1000.0).headOption,
          mergeEntries(parts.flatMap(_.requests), coveredMs / 1000.0),
          mergeEntries(parts.flatMap(_.groups), coveredMs / 1000.0),
          mergeTransactions(parts.flatMap(_.transactions), coveredMs)
        )
    }

    RunSummary(
      run = first.run.copy(
        runId = runId,
        startEpochMs = shards.map(_.run.startEpochMs).min,
        endEpochMs = shards.map(_.run.endEpochMs).max,
        shard = RunShard.Merged(shards.size),
        gitCommit = first.run.gitCommit,
        mergedFrom = shards.map(_.run.runId),
        start = None,
        planStartEpochMs = None
      ),
      settings = first.settings.copy(percentileSource = s"HdrHistogram, merged from ${shards.size} shards"),
      global = mergeEntries(shards.map(_.global), runSeconds).head,
      groups = mergeEntries(shards.flatMap(_.groups), runSeconds),
      requests = mergeEntries(shards.flatMap(_.requests), runSeconds),
      steady = mergeSteady(shards.map(_.steady)),
      windows = windows,
      warnings = shards.flatMap(s => s.warnings.map(w => s"${s.run.runId}: $w")) ++ saturated.map { case (shard, _) =>
        s"${shard.run.runId}: its injector was the bottleneck, so the merged run's figures are in part the injector's"
      },
      completion = Completion(
        plannedUsers = shards.map(_.completion.plannedUsers).reduce((a, b) => a.zip(b).map { case (x, y) => x + y }),
        startedUsers = shards.map(_.completion.startedUsers).sum,
        endedUsers = shards.map(_.completion.endedUsers).sum,
        plannedDurationMs = shards.flatMap(_.completion.plannedDurationMs).maxOption,
        actualDurationMs = shards.map(_.completion.actualDurationMs).max,
        problems = shards.flatMap(s => s.completion.problems.map(_.ofShard(s.run.runId))),
        // Each shard worked through its own part of each list: the parts add up to the list.
        work = shards.flatMap(_.completion.work).groupBy(_.scenario).toSeq.sortBy(_._1).map { case (scenario, parts) =>
          val ran = parts.filter(_.started)
          WorkDone(
            scenario,
            parts.map(_.planned).sum,
            parts.map(_.finished).sum,
            ran.map(_.startEpochMs).minOption.getOrElse(0L),
            ran.map(_.endEpochMs).maxOption.getOrElse(0L)
          )
        }
      ),
      // Each shard's injector was judged on its own run, and the merged run keeps no single figure, unless one was
      // saturated: then the merged run carries that record, so its verdict is INVALID and it is never a baseline.
      injector = saturated.headOption.map(_._2),
      errors = ErrorCount.sorted(shards.flatMap(_.errors).groupMapReduce(e => (e.path, e.message))(_.count)(_ + _).map {
        case ((path, message), count) => ErrorCount(message, count, path)
      }),
      gate = None,
      // A shard stopped early stopped its own part of the load: the merged run did not run as planned either.
      earlyStop = shards.flatMap(_.earlyStop).minByOption(_.atMs),
      sessions = SessionFigures.merge(shards.map(_.sessions)),
      // Each shard counted its own responses: the counts add up.
      tallies = Tally.merged(shards.flatMap(_.tallies)),
      // The shards' timelines have buckets of their own starts and sizes: the merged run draws none.
      timeline = None,
      // Every shard ran the same sweep: its curve is read again from the merged windows.
      curves = first.curves.map(c => ThroughputCurve.of(c.spec, windows)),
      sandboxExhaustion = shards.flatMap(_.sandboxExhaustion).distinct,
      systems = systems,
      shardOverlap = Some(ShardOverlap(
        shards.sortBy(s => indexOf(s.run.shard)).map(s =>
          ShardTimes(
            s.run.runId,
            s.run.shard.text,
            s.run.planStartEpochMs.getOrElse(s.run.startEpochMs),
            s.run.endEpochMs,
            s.steady.startEpochMs,
            s.steady.endEpochMs,
            s.run.start,
            s.timeline.map(requestsBetween(_, sharedFrom, sharedTo)),
            plannedShare(s, shards)
          )
        ),
        minSharedSteady,
        startToleranceMs,
        maxShortfall
      ))
    )
  }

  /** The shards' steady windows as one: from the first start to the last end, covering their union. */
  private def mergeSteady(parts: Seq[SteadyState]): SteadyState = {
    val coveredMs = unionMs(parts.map(p => (p.startEpochMs, p.endEpochMs)))
    SteadyState(
      parts.map(_.startEpochMs).min,
      parts.map(_.endEpochMs).max,
      coveredMs,
      SteadySource.merged(parts.map(_.source)),
      parts.map(_.requests).sum,
      mergeTransactions(parts.flatMap(_.transactions), coveredMs)
    )
  }

  private def mergeTransactions(rates: Seq[TransactionRate], coveredMs: Long): Seq[TransactionRate] =
    rates.groupMapReduce(_.path)(_.completed)(_ + _).toSeq.sortBy(_._1.mkString("\u0000")).map {
      case (path, completed) =>
        TransactionRate(path, completed, if (coveredMs > 0) completed * 3600000.0 / coveredMs else 0.0)
    }

  /** The requests `timeline` saw start in [from, to): whole buckets, and a bucket the window cuts in the part
    * it covers (a bucket's requests taken as spread over it).
    */
  private def requestsBetween(timeline: Timeline, from: Long, to: Long): Long =
    math.round(timeline.series.headOption.toSeq.flatMap(_.points).map { point =>
      val start = timeline.startEpochMs + point.offsetMs
      val covered = math.max(0L, math.min(to, start + timeline.bucketMs) - math.max(from, start))
      point.count * covered.toDouble / timeline.bucketMs
    }.sum)

  /** `shard`'s part of the plan: its planned users over all shards'; 0, not judged, where a plan has no user count
    * (a closed shape's users go at the system's pace, and its few users split unevenly over the shards).
    */
  private def plannedShare(shard: RunSummary, shards: Seq[RunSummary]): Double = {
    val planned = shards.map(_.completion.plannedUsers)
    if (planned.forall(_.exists(_ > 0))) shard.completion.plannedUsers.get.toDouble / planned.flatten.sum
    else 0.0
  }

  /** Length of the union of [start, end) intervals. */
  def unionMs(intervals: Seq[(Long, Long)]): Long =
    intervals.sorted
      .foldLeft((0L, Long.MinValue)) { case ((total, coveredUntil), (start, end)) =>
        if (end <= coveredUntil) (total, coveredUntil)
        else (total + end - math.max(start, coveredUntil), end)
      }
      ._1

  private def named(shardedRunId: Option[String]): String = shardedRunId.fold("no named run")(id => s"run $id")

  private def validate(shards: Seq[RunSummary], expectedShards: Option[Int], allowUnknownCommit: Boolean): Unit = {
    def fail(message: String) = throw new InputError("merge", s"$message")
    if (shards.size < 2) fail(s"needs at least two shard runs, got ${shards.size}")
    val first = shards.head
    // Shards that all say `unknown` agree on nothing: each may run other code.
    if (!allowUnknownCommit)
      shards.find(_.run.gitCommit == RunContext.UnknownCommit).foreach(s =>
        fail(
          s"${s.run.runId} was built from no known commit (an image built without --build-arg LOADTEST_GIT_COMMIT): " +
            "shards of unknown commits may run other code; -Dresults.merge.allowUnknownCommit=true merges them anyway"
        )
      )
    shards.find(_.run.simulation != first.run.simulation).foreach(s =>
      fail(s"${s.run.runId} is a run of ${s.run.simulation}, not of ${first.run.simulation}")
    )
    shards.find(_.run.target != first.run.target).foreach(s =>
      fail(s"${s.run.runId} ran against ${s.run.target}, not ${first.run.target}")
    )
    shards.find(_.run.profile != first.run.profile).foreach(s =>
      fail(s"${s.run.runId} ran profile ${s.run.profile}, not ${first.run.profile}")
    )
    // Shards built from other commits may run other journeys or limits under the same names.
    shards.find(_.run.gitCommit != first.run.gitCommit).foreach(s =>
      fail(s"${s.run.runId} was built from commit ${s.run.gitCommit}, not ${first.run.gitCommit} as ${first.run.runId}")
    )
    shards.find(_.run.shardedRunId != first.run.shardedRunId).foreach(s =>
      fail(
        s"${s.run.runId} is a shard of ${named(s.run.shardedRunId)}, ${first.run.runId} of ${named(first.run.shardedRunId)}"
      )
    )
    shards.map(s => s -> RunContext.loadDifferences(first.run.overrides, s.run.overrides)).find(_._2.nonEmpty).foreach {
      case (s, differences) =>
        fail(
          s"${s.run.runId} ran with other load overrides than ${first.run.runId} (${first.run.runId} vs ${s.run.runId}: ${differences.mkString(", ")})"
        )
    }
    shards
      .find(s =>
        (s.settings.apdexThresholdMs, s.settings.slowThresholdMs, s.settings.groupMetric) != (
          first.settings.apdexThresholdMs,
          first.settings.slowThresholdMs,
          first.settings.groupMetric
        )
      )
      .foreach(s =>
        fail(
          s"${s.run.runId} was summarised with other settings (Apdex T, slow threshold or group metric) than ${first.run.runId}"
        )
      )
    val parsed = shards.map { s =>
      s.run.shard match {
        case RunShard.Part(i, n) => (i, n, s.run.runId)
        case merged              => fail(s"${s.run.runId} is a merged run ($merged), not a shard")
      }
    }
    val n = expectedShards.getOrElse(parsed.head._2)
    parsed.find(_._2 != n).foreach { case (_, other, run) => fail(s"$run is a shard of $other, expected shards of $n") }
    parsed.groupBy(_._1).values.find(_.size > 1).foreach { twice =>
      fail(s"${twice.map(_._3).mkString(" and ")} are both shard ${twice.head._1}/$n")
    }
    val missing = (1 to n).filterNot(parsed.map(_._1).toSet)
    if (missing.nonEmpty)
      fail(s"shard ${missing.map(i => s"$i/$n").mkString(", ")} missing: the runs given are ${parsed
          .sortBy(_._1)
          .map(p => s"${p._3} (${p._1}/$n)")
          .mkString(", ")}")
  }

  private def indexOf(shard: RunShard): Int = shard match {
    case RunShard.Part(index, _) => index
    case RunShard.Merged(_)      => 0
  }
}
