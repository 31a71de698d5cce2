package results.archive

import results.model.{
  Apdex,
  Completion,
  CurvePoint,
  Degradation,
  Entry,
  Figures,
  GateCheck,
  GateVerdict,
  Mergeable,
  QuarterFigures,
  SessionFigures,
  Span,
  SteadyState,
  ThroughputCurve,
  Timeline,
  TimelinePoint,
  TimelineSeries,
  TransactionRate,
  WorkDone
}
import results.summarize.{ Claim, DuplicateClaim, DuplicateLocks }

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.{ ArrayNode, ObjectNode }

import JsonTree._
import RunJson._

/** The parts of summary.json: each part of a [[RunSummary]] written and read back. */
private[results] object SummaryJsonParts {
  private[results] def apdexNode(apdex: Apdex): ObjectNode = {
    val node = obj().put(
      "tMs",
      apdex.thresholdMs
    ).put("satisfied", apdex.satisfied).put("tolerating", apdex.tolerating).put("frustrated", apdex.frustrated)
    apdex.score.fold(node.putNull("score"))(score => node.put("score", round(score, 4)))
    node.put("rating", apdex.rating)
  }

  private[results] def percentileKey(rank: Double): String =
    "p" + (if (rank == math.rint(rank)) rank.toInt.toString else rank.toString.replace(".", "")) + "Ms"

  private[results] def entryNode(entry: Entry): ObjectNode = {
    val f = entry.figures
    val node = obj().put("name", entry.name)
    node.set[JsonNode]("path", strings(entry.path))
    node
      .put("count", f.count)
      .put("ok", f.ok)
      .put("ko", f.ko)
      .put("koPercent", round(f.koPercent, 2))
      .put("requestsPerSecond", round(f.requestsPerSecond, 3))
      .put("minMs", f.minMs)
    Figures.Ranks.foreach(rank => node.put(percentileKey(rank), f.percentilesMs(rank)))
    node.put("maxMs", f.maxMs).put(
      "meanMs",
      f.meanMs
    ).put("stdDevMs", f.stdDevMs).put("slowCount", f.slowCount).put("slowThresholdMs", f.slowThresholdMs)
    node.set[JsonNode]("apdex", apdexNode(f.apdex))
    node.set[JsonNode](
      "mergeable",
      obj().put(
        "sumMs",
        entry.mergeable.sumMs
      ).put("sumOfSquaresMs", entry.mergeable.sumOfSquaresMs).put("hdrHistogram", entry.mergeable.histogram)
    )
    entry.span.foreach { span =>
      node.put("firstStartEpochMs", span.startEpochMs).put("lastEndEpochMs", span.endEpochMs)
      node.put("activeRequestsPerSecond", round(entry.activeRequestsPerSecond, 3))
    }
    node
  }

  private[results] def entries(values: Seq[Entry]): ArrayNode = values.map(entryNode).foldLeft(arr())(_.add(_))

  private[results] def entry(node: JsonNode): Entry = {
    val apdex = field(node, "apdex")
    val mergeable = field(node, "mergeable")
    Entry(
      textList(node, "path"),
      Figures(
        count = long(node, "count"),
        ok = long(node, "ok"),
        ko = long(node, "ko"),
        requestsPerSecond = double(node, "requestsPerSecond"),
        minMs = int(node, "minMs"),
        percentilesMs = Figures.Ranks.map(rank => rank -> int(node, percentileKey(rank))).toMap,
        maxMs = int(node, "maxMs"),
        meanMs = int(node, "meanMs"),
        stdDevMs = int(node, "stdDevMs"),
        slowCount = long(node, "slowCount"),
        slowThresholdMs = int(node, "slowThresholdMs"),
        apdex = Apdex(int(apdex, "tMs"), long(apdex, "satisfied"), long(apdex, "tolerating"), long(apdex, "frustrated"))
      ),
      Mergeable(long(mergeable, "sumMs"), long(mergeable, "sumOfSquaresMs"), text(mergeable, "hdrHistogram")),
      // Summaries written before spans were kept have none.
      Option(node.get("firstStartEpochMs")).map(_ =>
        Span(long(node, "firstStartEpochMs"), long(node, "lastEndEpochMs"))
      )
    )
  }

  private[results] def transactionsNode(rates: Seq[TransactionRate]): ArrayNode =
    rates.foldLeft(arr()) { (array, rate) =>
      val node =
        obj().put("name", Entry.name(rate.path)).put("completed", rate.completed).put("perHour", round(rate.perHour, 1))
      node.set[JsonNode]("path", strings(rate.path))
      array.add(node)
    }

  private[results] def transactions(node: JsonNode, name: String): Seq[TransactionRate] =
    list(node, name).map(t => TransactionRate(textList(t, "path"), long(t, "completed"), double(t, "perHour")))

  /** The curve's points as measured, then what they give: per level over its repeats, the best level and
    * the headroom there (read back from the points alone).
    */
  private[results] def curveNode(curve: ThroughputCurve): ObjectNode = {
    val node = curveSpecNode(curve.spec)
    node.set[JsonNode](
      "points",
      curve.points.foldLeft(arr()) { (array, p) =>
        array.add(
          obj()
            .put("level", p.level)
            .put("repeat", p.repeat)
            .put("concurrency", p.concurrency)
            .put("completed", p.completed)
            .put("durationMs", p.durationMs)
            .put("perSecond", round(p.perSecond, 3))
        )
      }
    )
    node.set[JsonNode](
      "levels",
      curve.levels.foldLeft(arr()) { (array, l) =>
        val level = obj()
          .put("level", l.level)
          .put("concurrency", l.concurrency)
          .put("min", round(l.min, 3))
          .put("median", round(l.median, 3))
          .put("max", round(l.max, 3))
        level.set[JsonNode]("perSecond", l.perSecond.foldLeft(arr())((a, v) => a.add(round(v, 3))))
        array.add(level)
      }
    )
    curve.best.foreach(b =>
      node.set[JsonNode](
        "best",
        obj().put("level", b.level).put("concurrency", b.concurrency).put("median", round(b.median, 3))
      )
    )
    curve.headroom.foreach { case (overMax, overMin) =>
      node.set[JsonNode](
        "headroom",
        obj().put("overRequirementMax", round(overMax, 2)).put("overRequirementMin", round(overMin, 2))
      )
    }
    node
  }

  private[results] def curve(node: JsonNode): ThroughputCurve =
    ThroughputCurve(
      curveSpec(node),
      list(node, "points").map(p =>
        CurvePoint(
          int(p, "level"),
          int(p, "repeat"),
          long(p, "concurrency"),
          long(p, "completed"),
          long(p, "durationMs")
        )
      )
    )

  /** Points as arrays ([offsetMs, count, ko, p50, p95, p99]): a long run has thousands of them. */
  private[results] def timelineNode(t: Timeline): ObjectNode = {
    val node = obj().put("startEpochMs", t.startEpochMs).put("bucketMs", t.bucketMs)
    node.set[JsonNode]("columns", strings(Seq("offsetMs", "count", "ko", "p50Ms", "p95Ms", "p99Ms")))
    node.set[JsonNode](
      "series",
      t.series.foldLeft(arr()) { (array, series) =>
        val points = series.points.foldLeft(arr()) { (ps, p) =>
          ps.add(arr().add(p.offsetMs).add(p.count).add(p.ko).add(p.p50Ms).add(p.p95Ms).add(p.p99Ms))
        }
        val s = obj().put("name", series.name)
        s.set[JsonNode]("points", points)
        array.add(s)
      }
    )
    node
  }

  private[results] def timeline(node: JsonNode): Timeline =
    Timeline(
      long(node, "startEpochMs"),
      long(node, "bucketMs"),
      list(node, "series").map { s =>
        TimelineSeries(
          text(s, "name"),
          list(s, "points").map { p =>
            def at(i: Int) = p.get(i).asLong()
            TimelinePoint(at(0), at(1), at(2), at(3).toInt, at(4).toInt, at(5).toInt)
          }
        )
      }
    )

  private[results] def duplicateLocksNode(d: DuplicateLocks): ObjectNode = {
    val examples = d.examples.foldLeft(arr()) { (array, duplicate) =>
      val claims = duplicate.claims.foldLeft(arr())((cs, c) =>
        cs.add(obj().put("claimant", c.claimant).put("atEpochMs", c.atEpochMs).put("at", iso(c.atEpochMs)))
      )
      val node = obj().put("resource", duplicate.resource)
      node.set[JsonNode]("claims", claims)
      array.add(node)
    }
    val node = obj().put("count", d.count)
    node.set[JsonNode]("examples", examples)
    node
  }

  private[results] def duplicateLocks(node: JsonNode): DuplicateLocks =
    DuplicateLocks(
      long(node, "count"),
      list(node, "examples").map { e =>
        val resource = text(e, "resource")
        DuplicateClaim(resource, list(e, "claims").map(c => Claim(resource, text(c, "claimant"), long(c, "atEpochMs"))))
      }
    )

  private[results] def sessionsNode(f: SessionFigures): ObjectNode = {
    val node = obj()
      .put("scenario", f.scenario)
      .put("started", f.started)
      .put("completed", f.completed)
      .put("failed", f.failed)
      .put("unfinished", f.unfinished)
      .put("meanStartedPerMinute", round(f.meanStartedPerMinute, 2))
      .put("timeOnSiteMs", f.timeOnSiteMs)
    f.meanTimeOnSiteMs.fold(node.putNull("meanTimeOnSiteMs"))(node.put("meanTimeOnSiteMs", _))
    node.set[JsonNode]("startedPerMinute", f.startedPerMinute.foldLeft(arr())(_.add(_)))
    node
  }

  private[results] def sessions(node: JsonNode): SessionFigures =
    SessionFigures(
      text(node, "scenario"),
      long(node, "started"),
      long(node, "completed"),
      long(node, "failed"),
      long(node, "unfinished"),
      list(node, "startedPerMinute").map(_.asLong()),
      long(node, "timeOnSiteMs")
    )

  private[results] def gateNode(gate: GateVerdict): ObjectNode = {
    val node = obj().put("verdict", gate.label).put("passed", gate.passed)
    gate.baselineRun.fold(node.putNull("baselineRun"))(node.put("baselineRun", _))
    node.set[JsonNode](
      "checks",
      gate.checks.foldLeft(arr()) { (array, c) =>
        val check = obj().put("name", c.name).put(
          "subject",
          c.subject
        ).put("metric", c.metric).put("allowed", c.allowed).put("atMost", c.atMost).put("unit", c.unit)
        c.measured.fold(check.putNull("measured"))(check.put("measured", _))
        array.add(check.put("passed", c.passed).put("neverRan", c.neverRan))
      }
    )
    node.set[JsonNode]("warnings", strings(gate.warnings))
    node.set[JsonNode]("incomplete", strings(gate.incomplete))
    node.set[JsonNode]("invalid", strings(gate.invalid))
    node.set[JsonNode]("stoppedEarly", strings(gate.stoppedEarly))
    node
  }

  private[results] def gate(node: JsonNode): GateVerdict =
    GateVerdict(
      list(node, "checks").map(c =>
        GateCheck(
          text(c, "subject"),
          text(c, "metric"),
          Option(c.get("measured")).filterNot(_.isNull).map(_.asDouble()),
          double(c, "allowed"),
          field(c, "atMost").asBoolean(),
          text(c, "unit")
        )
      ),
      textList(node, "warnings"),
      Option(node.get("baselineRun")).filterNot(_.isNull).map(_.asText()),
      textList(node, "incomplete"),
      textList(node, "invalid"),
      textList(node, "stoppedEarly")
    )

  private[results] def completionNode(c: Completion): ObjectNode = {
    val node = obj().put("complete", c.complete).put("startedUsers", c.startedUsers).put("endedUsers", c.endedUsers)
    c.plannedUsers.fold(node.putNull("plannedUsers"))(node.put("plannedUsers", _))
    c.plannedDurationMs.fold(node.putNull("plannedDurationMs"))(node.put("plannedDurationMs", _))
    node.put("actualDurationMs", c.actualDurationMs)
    node.set[JsonNode]("problems", strings(c.problems))
    // The headline of a fixed-work run, for whoever reads the file: the time to finish every list.
    WorkDone.elapsedMs(c.work).fold(node.putNull("workElapsedMs"))(node.put("workElapsedMs", _))
    node.set[JsonNode]("work", workNode(c.work))
    node
  }

  private[results] def completion(node: JsonNode): Completion =
    Completion(
      plannedUsers = Option(node.get("plannedUsers")).filterNot(_.isNull).map(_.asLong()),
      startedUsers = long(node, "startedUsers"),
      endedUsers = long(node, "endedUsers"),
      plannedDurationMs = Option(node.get("plannedDurationMs")).filterNot(_.isNull).map(_.asLong()),
      actualDurationMs = long(node, "actualDurationMs"),
      problems = textList(node, "problems"),
      work = work(node)
    )

  /** A steady window and what ran in it: the run's, or one system's. */
  private[results] def steadyNode(steady: SteadyState, withTransactionsPerHour: Boolean = true): ObjectNode = {
    val node = obj()
      .put("source", steady.source)
      .put("startUtc", iso(steady.startEpochMs))
      .put("endUtc", iso(steady.endEpochMs))
      .put("startEpochMs", steady.startEpochMs)
      .put("endEpochMs", steady.endEpochMs)
      .put("coveredMs", steady.coveredMs)
      .put("requests", steady.requests)
      .put("requestsPerSecond", round(steady.requestsPerSecond, 3))
    if (withTransactionsPerHour) node.put("transactionsPerHour", round(steady.transactionsPerHour, 1))
    node.set[JsonNode]("transactions", transactionsNode(steady.transactions))
    steady.degradation.foreach { d =>
      def quarter(q: QuarterFigures) = obj().put("requests", q.requests).put("p95Ms", q.p95Ms).put("p99Ms", q.p99Ms)
      val degradation = obj().put("minSamples", d.minSamples).put("judged", d.judged)
      d.p95ChangePercent.fold(degradation.putNull("p95ChangePercent"))(c =>
        degradation.put("p95ChangePercent", round(c, 2))
      )
      degradation.set[JsonNode]("firstQuarter", quarter(d.first))
      degradation.set[JsonNode]("lastQuarter", quarter(d.last))
      node.set[JsonNode]("degradation", degradation)
    }
    node
  }

  private[results] def steadyState(steady: JsonNode): SteadyState =
    SteadyState(
      long(steady, "startEpochMs"),
      long(steady, "endEpochMs"),
      long(steady, "coveredMs"),
      text(steady, "source"),
      long(steady, "requests"),
      transactions(steady, "transactions"),
      Option(steady.get("degradation")).map { d =>
        def quarter(q: JsonNode) = QuarterFigures(long(q, "requests"), int(q, "p95Ms"), int(q, "p99Ms"))
        Degradation(quarter(field(d, "firstQuarter")), quarter(field(d, "lastQuarter")), long(d, "minSamples"))
      }
    )
}
