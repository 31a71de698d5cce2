package results.history

/** The history's series and their change points, from its records (read by results.archive.HistoryStore). */
object History {

  /** Every series of the runs in series (INVALID and INCOMPLETE ones left out), each in time order. */
  def series(records: Seq[HistoryRecord]): Seq[(SeriesKey, IndexedSeq[SeriesPoint])] = {
    val points = for {
      record <- records.filter(_.inSeries)
      figures <- record.figures
      (metric, value) <- figures.values
    } yield SeriesKey(record.settings, figures.system, figures.path, metric) -> SeriesPoint(
      record.runId,
      record.commit,
      record.startEpochMs,
      record.deployedVersionOf(figures.system),
      value
    )
    points.groupMap(_._1)(_._2).toSeq
      .map { case (key, runs) => key -> runs.sortBy(p => (p.startEpochMs, p.runId)).toIndexedSeq }
      .sortBy { case (k, _) =>
        (
          k.settings.simulation,
          k.settings.target,
          k.settings.profile,
          k.system,
          k.path,
          SeriesMetric.All.indexOf(k.metric)
        )
      }
  }

  /** The change points of every series, over its last `lastRuns` runs where given, each marked when accepted. */
  def changePoints(
      records: Seq[HistoryRecord],
      acceptances: Seq[Acceptance],
      detector: EDivisive = EDivisive.Default,
      lastRuns: Option[Int] = None
  ): Seq[ChangePoint] =
    series(records).flatMap { case (key, all) =>
      val points = lastRuns.fold(all)(all.takeRight)
      of(key, points, detector).map(c => c.copy(accepted = acceptances.find(_.covers(c))))
    }

  /** The change points the newest run made new: those the history without it did not have, in the same series
    * within 3 runs (a change point may move by a run or two as runs are added). What a nightly reports. A newest
    * run left out of the series (INVALID, INCOMPLETE) made none: the night before's news is not news again.
    */
  def newChangePoints(
      records: Seq[HistoryRecord],
      acceptances: Seq[Acceptance],
      detector: EDivisive = EDivisive.Default
  ): Seq[ChangePoint] =
    records.maxByOption(r => (r.startEpochMs, r.runId)).filter(_.inSeries).toSeq.flatMap { newest =>
      val before = changePoints(records.filterNot(_ eq newest), acceptances, detector)
      changePoints(records, acceptances, detector).filterNot(c =>
        before.exists(b => b.key == c.key && math.abs(b.at - c.at) <= 3)
      )
    }

  /** The change points of one series. */
  def of(key: SeriesKey, points: IndexedSeq[SeriesPoint], detector: EDivisive): Seq[ChangePoint] = {
    val splits = detector.changePoints(points.map(_.value))
    val bounds = 0 +: splits.map(_.index) :+ points.size
    splits.zipWithIndex.map { case (split, i) =>
      def mean(from: Int, until: Int) = points.slice(from, until).map(_.value).sum / (until - from)
      ChangePoint(
        key,
        points(split.index),
        split.index,
        mean(bounds(i), split.index),
        mean(split.index, bounds(i + 2)),
        split.pValue
      )
    }
  }
}
