package results

import java.nio.file.{ Files, Path }
import java.time.Instant

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper, SerializationFeature }
import com.fasterxml.jackson.databind.node.{ ArrayNode, ObjectNode }
import suite.InputError

/** summary.json and run.json: written with Jackson's tree model (Jackson comes with Gatling). */
object SummaryJson {
  val SchemaVersion = 2
  private val mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)

  def write(summary: RunSummary): String = mapper.writeValueAsString(summaryNode(summary))
  def writeContext(context: RunContext, runId: String, gitCommit: String): String =
    mapper.writeValueAsString(contextNode(context, runId, gitCommit))

  def read(file: Path): RunSummary =
    try summary(parse(file))
    catch {
      case e: InputError => throw e
      case NonFatal(e)   => throw new InputError(
          s"$file is not a summary this suite wrote: ${Option(e.getMessage).getOrElse(e.toString).linesIterator.next()}"
        )
    }

  def readContext(file: Path): RunContext =
    try context(parse(file))
    catch {
      case e: InputError => throw e
      case NonFatal(e)   => throw new InputError(
          s"$file is not a run.json this suite wrote: ${Option(e.getMessage).getOrElse(e.toString).linesIterator.next()}"
        )
    }

  private def parse(file: Path): JsonNode = {
    if (!Files.isRegularFile(file)) throw new InputError(s"no ${file.getFileName} in ${file.getParent}")
    mapper.readTree(file.toFile)
  }

  // ---- writing

  private def obj(): ObjectNode = mapper.createObjectNode()
  private def arr(): ArrayNode = mapper.createArrayNode()
  private def strings(values: Seq[String]): ArrayNode = values.foldLeft(arr())(_.add(_))
  private def stringMap(values: Map[String, String]): ObjectNode =
    values.toSeq.sorted.foldLeft(obj()) { case (node, (k, v)) => node.put(k, v) }
  private def iso(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString

  private def windowNode(window: RunWindow): ObjectNode =
    obj().put(
      "kind",
      window.kind
    ).put("label", window.label).put("startEpochMs", window.startEpochMs).put("endEpochMs", window.endEpochMs)

  private def workNode(work: Seq[WorkDone]): ArrayNode =
    work.foldLeft(arr()) { (array, w) =>
      array.add(obj()
        .put("scenario", w.scenario)
        .put("planned", w.planned)
        .put("finished", w.finished)
        .put("startEpochMs", w.startEpochMs)
        .put("endEpochMs", w.endEpochMs))
    }

  private def work(node: JsonNode): Seq[WorkDone] =
    list(node, "work").map(w =>
      WorkDone(
        text(w, "scenario"),
        long(w, "planned"),
        long(w, "finished"),
        long(w, "startEpochMs"),
        long(w, "endEpochMs")
      )
    )

  private def talliesNode(tallies: Seq[Tally]): ArrayNode =
    tallies.foldLeft(arr()) { (array, tally) =>
      def countsNode(counts: Map[String, Long]) =
        tally.categories.foldLeft(obj())((node, c) => node.put(c, counts.getOrElse(c, 0L)))
      def percentNode(counts: Map[String, Long]) =
        tally.categories.foldLeft(obj()) { (node, c) =>
          Tally.percent(counts, c).fold(node.putNull(c))(p => node.put(c, round(p, 2)))
        }
      val node = obj().put("name", tally.name)
      node.set[JsonNode]("categories", strings(tally.categories))
      node.set[JsonNode](
        "keys",
        tally.counts.foldLeft(arr()) { case (keys, (key, counts)) =>
          val k = obj().put("key", key)
          k.set[JsonNode]("counts", countsNode(counts))
          k.set[JsonNode]("percent", percentNode(counts))
          keys.add(k)
        }
      )
      val overall = obj()
      overall.set[JsonNode]("counts", countsNode(tally.overall))
      overall.set[JsonNode]("percent", percentNode(tally.overall))
      node.set[JsonNode]("overall", overall)
      array.add(node)
    }

  private def tallies(node: JsonNode): Seq[Tally] =
    list(node, "tallies").map { t =>
      val categories = textList(t, "categories")
      Tally(
        text(t, "name"),
        categories,
        list(t, "keys").map { k =>
          val counts = field(k, "counts")
          text(k, "key") -> categories.map(c => c -> Option(counts.get(c)).fold(0L)(_.asLong())).toMap
        }
      )
    }

  private def curveSpecNode(spec: CurveSpec): ObjectNode = {
    val node = obj().put("system", spec.system).put("group", spec.group).put("unit", spec.unit)
    node.set[JsonNode]("requirement", obj().put("min", spec.requirementMin).put("max", spec.requirementMax))
    node
  }

  private def curveSpec(node: JsonNode): CurveSpec = {
    val requirement = field(node, "requirement")
    CurveSpec(
      text(node, "system"),
      text(node, "group"),
      text(node, "unit"),
      double(requirement, "min"),
      double(requirement, "max")
    )
  }

  /** The curve's points as measured, then what they give: per level over its repeats, the best level and
    * the headroom there (read back from the points alone).
    */
  private def curveNode(curve: ThroughputCurve): ObjectNode = {
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

  private def curve(node: JsonNode): ThroughputCurve =
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

  private def plannedNode(window: PlannedWindow): ObjectNode =
    obj().put("kind", window.kind).put("label", window.label).put("fromMs", window.fromMs).put("toMs", window.toMs)

  private def contextNode(context: RunContext, runId: String, gitCommit: String): ObjectNode = {
    val node = obj()
      .put("schema", SchemaVersion)
      .put("runId", runId)
      .put("simulation", context.simulation)
      .put("target", context.target)
      .put("profile", context.profile)
      .put("shard", context.shard)
      .put("gitCommit", gitCommit)
    node.set[JsonNode]("systems", strings(context.systems))
    node.set[JsonNode]("overrides", stringMap(context.overrides))
    node.set[JsonNode]("plannedWindows", context.plannedWindows.map(plannedNode).foldLeft(arr())(_.add(_)))
    node.set[JsonNode]("windows", context.windows.map(windowNode).foldLeft(arr())(_.add(_)))
    node.set[JsonNode]("work", workNode(context.work))
    node.set[JsonNode]("tallies", talliesNode(context.tallies))
    node.set[JsonNode]("curves", context.curves.map(curveSpecNode).foldLeft(arr())(_.add(_)))
    val course = obj().put("reachedEnd", context.course.reachedEnd)
    context.course.users.fold(course.putNull("users"))(course.put("users", _))
    context.course.durationMs.fold(course.putNull("durationMs"))(course.put("durationMs", _))
    context.course.elapsedMs.fold(course.putNull("elapsedMs"))(course.put("elapsedMs", _))
    context.course.injector.foreach(record => course.set[JsonNode]("injector", injectorNode(record)))
    context.course.earlyStop.foreach(record => course.set[JsonNode]("earlyStop", earlyStopNode(record)))
    course.set[JsonNode]("sandboxExhaustion", strings(context.course.sandboxExhaustion))
    node.set[JsonNode]("course", course)
    node
  }

  private def apdexNode(apdex: Apdex): ObjectNode = {
    val node = obj().put(
      "tMs",
      apdex.thresholdMs
    ).put("satisfied", apdex.satisfied).put("tolerating", apdex.tolerating).put("frustrated", apdex.frustrated)
    apdex.score.fold(node.putNull("score"))(score => node.put("score", round(score, 4)))
    node.put("rating", apdex.rating)
  }

  private def round(value: Double, digits: Int): Double =
    BigDecimal(value).setScale(digits, BigDecimal.RoundingMode.HALF_UP).toDouble

  private def entryNode(entry: Entry): ObjectNode = {
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
    node
  }

  private def percentileKey(rank: Double): String =
    "p" + (if (rank == math.rint(rank)) rank.toInt.toString else rank.toString.replace(".", "")) + "Ms"

  private def transactionsNode(rates: Seq[TransactionRate]): ArrayNode =
    rates.foldLeft(arr()) { (array, rate) =>
      val node =
        obj().put("name", Entry.name(rate.path)).put("completed", rate.completed).put("perHour", round(rate.perHour, 1))
      node.set[JsonNode]("path", strings(rate.path))
      array.add(node)
    }

  private def entries(values: Seq[Entry]): ArrayNode = values.map(entryNode).foldLeft(arr())(_.add(_))

  private def summaryNode(s: RunSummary): ObjectNode = {
    val root = obj().put("schema", SchemaVersion)
    val run = obj()
      .put("simulation", s.run.simulation)
      .put("simulationClass", s.run.simulationClass)
      .put("runId", s.run.runId)
      .put("startUtc", iso(s.run.startEpochMs))
      .put("endUtc", iso(s.run.endEpochMs))
      .put("startEpochMs", s.run.startEpochMs)
      .put("endEpochMs", s.run.endEpochMs)
      .put("target", s.run.target)
      .put("profile", s.run.profile)
      .put("shard", s.run.shard)
      .put("gitCommit", s.run.gitCommit)
      .put("gatlingVersion", s.run.gatlingVersion)
      .put("runDescription", s.run.runDescription)
    run.set[JsonNode]("systems", strings(s.run.systems))
    run.set[JsonNode]("overrides", stringMap(s.run.overrides))
    run.set[JsonNode]("mergedFrom", strings(s.run.mergedFrom))
    root.set[JsonNode]("run", run)
    root.set[JsonNode](
      "settings",
      obj()
        .put("apdexThresholdMs", s.settings.apdexThresholdMs)
        .put("slowThresholdMs", s.settings.slowThresholdMs)
        .put("groupMetric", s.settings.groupMetric)
        .put("percentileSource", s.settings.percentileSource)
    )
    root.set[JsonNode]("global", entryNode(s.global))
    root.set[JsonNode]("groups", entries(s.groups))
    root.set[JsonNode]("requests", entries(s.requests))
    val steady = obj()
      .put("source", s.steady.source)
      .put("startUtc", iso(s.steady.startEpochMs))
      .put("endUtc", iso(s.steady.endEpochMs))
      .put("startEpochMs", s.steady.startEpochMs)
      .put("endEpochMs", s.steady.endEpochMs)
      .put("coveredMs", s.steady.coveredMs)
      .put("requests", s.steady.requests)
      .put("requestsPerSecond", round(s.steady.requestsPerSecond, 3))
      .put("transactionsPerHour", round(s.steady.transactionsPerHour, 1))
    steady.set[JsonNode]("transactions", transactionsNode(s.steady.transactions))
    s.steady.degradation.foreach { d =>
      def quarter(q: QuarterFigures) = obj().put("requests", q.requests).put("p95Ms", q.p95Ms).put("p99Ms", q.p99Ms)
      val node = obj().put("minSamples", d.minSamples).put("judged", d.judged)
      d.p95ChangePercent.fold(node.putNull("p95ChangePercent"))(c => node.put("p95ChangePercent", round(c, 2)))
      node.set[JsonNode]("firstQuarter", quarter(d.first))
      node.set[JsonNode]("lastQuarter", quarter(d.last))
      steady.set[JsonNode]("degradation", node)
    }
    root.set[JsonNode]("steady", steady)
    root.set[JsonNode](
      "windows",
      s.windows.foldLeft(arr()) { (array, w) =>
        val node = windowNode(w.window).put("transactionsPerHour", round(w.transactionsPerHour, 1))
        w.global.foreach(g => node.set[JsonNode]("global", entryNode(g)))
        node.set[JsonNode]("groups", entries(w.groups))
        node.set[JsonNode]("requests", entries(w.requests))
        node.set[JsonNode]("transactions", transactionsNode(w.transactions))
        array.add(node)
      }
    )
    root.set[JsonNode]("warnings", strings(s.warnings))
    root.set[JsonNode]("completion", completionNode(s.completion))
    s.injector.foreach(record => root.set[JsonNode]("injector", injectorNode(record)))
    s.earlyStop.foreach(record => root.set[JsonNode]("earlyStop", earlyStopNode(record)))
    root.set[JsonNode]("sandboxExhaustion", strings(s.sandboxExhaustion))
    root.set[JsonNode](
      "errors",
      s.errors.foldLeft(arr()) { (array, e) =>
        val node = obj().put("message", e.message).put("count", e.count)
        node.set[JsonNode]("path", strings(e.path))
        e.status.foreach(status => node.put("status", status))
        array.add(node)
      }
    )
    s.duplicateLocks.foreach(d => root.set[JsonNode]("duplicateLocks", duplicateLocksNode(d)))
    root.set[JsonNode]("tallies", talliesNode(s.tallies))
    root.set[JsonNode]("curves", s.curves.map(curveNode).foldLeft(arr())(_.add(_)))
    s.gate.foreach(gate => root.set[JsonNode]("gate", gateNode(gate)))
    root.set[JsonNode]("sessions", s.sessions.foldLeft(arr())((array, f) => array.add(sessionsNode(f))))
    s.timeline.foreach(t => root.set[JsonNode]("timeline", timelineNode(t)))
    root
  }

  /** Points as arrays ([offsetMs, count, ko, p50, p95, p99]): a long run has thousands of them. */
  private def timelineNode(t: Timeline): ObjectNode = {
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

  private def timeline(node: JsonNode): Timeline =
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

  private def duplicateLocksNode(d: DuplicateLocks): ObjectNode = {
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

  private def duplicateLocks(node: JsonNode): DuplicateLocks =
    DuplicateLocks(
      long(node, "count"),
      list(node, "examples").map { e =>
        val resource = text(e, "resource")
        DuplicateClaim(resource, list(e, "claims").map(c => Claim(resource, text(c, "claimant"), long(c, "atEpochMs"))))
      }
    )

  private def sessionsNode(f: SessionFigures): ObjectNode = {
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

  private def sessions(node: JsonNode): SessionFigures =
    SessionFigures(
      text(node, "scenario"),
      long(node, "started"),
      long(node, "completed"),
      long(node, "failed"),
      long(node, "unfinished"),
      list(node, "startedPerMinute").map(_.asLong()),
      long(node, "timeOnSiteMs")
    )

  private def gateNode(gate: GateVerdict): ObjectNode = {
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

  private def earlyStopNode(record: EarlyStopRecord): ObjectNode =
    obj()
      .put("limit", record.limit)
      .put("measured", record.measured)
      .put("allowed", record.allowed)
      .put("unit", record.unit)
      .put("windowMs", record.windowMs)
      .put("responses", record.responses)
      .put("atMs", record.atMs)
      .put("reason", record.describe)

  private def earlyStop(node: JsonNode): EarlyStopRecord =
    EarlyStopRecord(
      text(node, "limit"),
      double(node, "measured"),
      double(node, "allowed"),
      text(node, "unit"),
      long(node, "windowMs"),
      long(node, "responses"),
      long(node, "atMs")
    )

  private def completionNode(c: Completion): ObjectNode = {
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

  private def injectorNode(record: InjectorHealthRecord): ObjectNode = {
    val f = record.figures
    val node = obj()
      .put("cores", f.cores)
      .put("cpuMeanPercent", round(f.cpuMeanPercent, 1))
      .put("cpuMaxPercent", round(f.cpuMaxPercent, 1))
      .put("busySamples", f.busySamples)
      .put("gcPercent", round(f.gcPercent, 2))
      .put("gcPauses", f.gcPauses)
      .put("gcLongestPauseMs", f.gcLongestPauseMs)
      .put("connectionRetries", f.connectionRetries)
      .put("cpuSeconds", round(f.cpuSeconds, 2))
      .put("heapPeakMiB", f.heapPeakMiB)
      .put("samples", f.samples)
      .put("lateStartUsers", f.lateStarts.users)
      .put("lateStartP99Ms", f.lateStarts.p99Ms)
      .put("lateStartMaxMs", f.lateStarts.maxMs)
      .put("maxCpuPercent", record.limits.maxCpuPercent)
      .put("maxBusyPercent", record.limits.maxBusyPercent)
      .put("maxGcPercent", record.limits.maxGcPercent)
      .put("minSamples", record.limits.minSamples)
      .put("maxLateStartP99Ms", record.limits.maxLateStartP99Ms)
    node.set[JsonNode]("saturation", strings(record.saturation))
    node
  }

  private def injector(node: JsonNode): InjectorHealthRecord = {
    // Runs archived before users' start times, GC pauses or retries were measured have no such figures.
    def measured(name: String) = Option(node.get(name)).filterNot(_.isNull).fold(0L)(_.asLong())
    InjectorHealthRecord(
      InjectorFigures(
        int(node, "cores"),
        double(node, "cpuMeanPercent"),
        double(node, "cpuMaxPercent"),
        int(node, "busySamples"),
        double(node, "gcPercent"),
        int(node, "samples"),
        LateStartFigures(measured("lateStartUsers"), measured("lateStartP99Ms"), measured("lateStartMaxMs")),
        measured("gcPauses").toInt,
        measured("gcLongestPauseMs"),
        measured("connectionRetries"),
        Option(node.get("cpuSeconds")).filterNot(_.isNull).fold(0.0)(_.asDouble()),
        measured("heapPeakMiB")
      ),
      InjectorLimits(
        double(node, "maxCpuPercent"),
        double(node, "maxBusyPercent"),
        double(node, "maxGcPercent"),
        int(node, "minSamples"),
        Option(node.get("maxLateStartP99Ms")).filterNot(_.isNull).fold(Long.MaxValue)(_.asLong())
      )
    )
  }

  private def completion(node: JsonNode): Completion =
    Completion(
      plannedUsers = Option(node.get("plannedUsers")).filterNot(_.isNull).map(_.asLong()),
      startedUsers = long(node, "startedUsers"),
      endedUsers = long(node, "endedUsers"),
      plannedDurationMs = Option(node.get("plannedDurationMs")).filterNot(_.isNull).map(_.asLong()),
      actualDurationMs = long(node, "actualDurationMs"),
      problems = textList(node, "problems"),
      work = work(node)
    )

  // ---- reading

  private def field(node: JsonNode, name: String): JsonNode = {
    val value = node.get(name)
    if (value == null || value.isNull) throw new InputError(s"missing field '$name'")
    value
  }
  private def text(node: JsonNode, name: String): String = field(node, name).asText()
  private def long(node: JsonNode, name: String): Long = field(node, name).asLong()
  private def int(node: JsonNode, name: String): Int = field(node, name).asInt()
  private def double(node: JsonNode, name: String): Double = field(node, name).asDouble()
  private def list(node: JsonNode, name: String): Seq[JsonNode] =
    Option(node.get(name)).map(_.elements().asScala.toSeq).getOrElse(Nil)
  private def textList(node: JsonNode, name: String): List[String] = list(node, name).map(_.asText()).toList
  private def textMap(node: JsonNode, name: String): Map[String, String] =
    Option(
      node.get(name)
    ).map(_.properties().asScala.map(e => e.getKey -> e.getValue.asText()).toMap).getOrElse(Map.empty)

  private def window(node: JsonNode): RunWindow =
    RunWindow(text(node, "kind"), text(node, "label"), long(node, "startEpochMs"), long(node, "endEpochMs"))

  private def context(node: JsonNode): RunContext =
    RunContext(
      simulation = text(node, "simulation"),
      systems = textList(node, "systems"),
      target = text(node, "target"),
      profile = text(node, "profile"),
      shard = text(node, "shard"),
      overrides = textMap(node, "overrides"),
      plannedWindows = list(node, "plannedWindows").map(w =>
        PlannedWindow(text(w, "kind"), text(w, "label"), long(w, "fromMs"), long(w, "toMs"))
      ),
      windows = list(node, "windows").map(window),
      work = work(node),
      tallies = tallies(node),
      curves = list(node, "curves").map(curveSpec),
      course = Option(node.get("course")).fold(RunCourse.Unrecorded) { c =>
        def optionalLong(name: String) = Option(c.get(name)).filterNot(_.isNull).map(_.asLong())
        RunCourse(
          optionalLong("users"),
          optionalLong("durationMs"),
          field(c, "reachedEnd").asBoolean(),
          optionalLong("elapsedMs"),
          Option(c.get("injector")).map(injector),
          Option(c.get("earlyStop")).map(earlyStop),
          // Runs recorded before the sandbox reported its exhaustion have none.
          textList(c, "sandboxExhaustion")
        )
      }
    )

  private def entry(node: JsonNode): Entry = {
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
      Mergeable(long(mergeable, "sumMs"), long(mergeable, "sumOfSquaresMs"), text(mergeable, "hdrHistogram"))
    )
  }

  private def transactions(node: JsonNode, name: String): Seq[TransactionRate] =
    list(node, name).map(t => TransactionRate(textList(t, "path"), long(t, "completed"), double(t, "perHour")))

  private def gate(node: JsonNode): GateVerdict =
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

  private def summary(root: JsonNode): RunSummary = {
    if (int(root, "schema") != SchemaVersion)
      throw new InputError(s"summary schema ${int(root, "schema")} is not $SchemaVersion")
    val run = field(root, "run")
    val settings = field(root, "settings")
    val steady = field(root, "steady")
    RunSummary(
      run = RunMetadata(
        simulation = text(run, "simulation"),
        systems = textList(run, "systems"),
        simulationClass = text(run, "simulationClass"),
        runId = text(run, "runId"),
        startEpochMs = long(run, "startEpochMs"),
        endEpochMs = long(run, "endEpochMs"),
        target = text(run, "target"),
        profile = text(run, "profile"),
        shard = text(run, "shard"),
        gitCommit = text(run, "gitCommit"),
        gatlingVersion = text(run, "gatlingVersion"),
        overrides = textMap(run, "overrides"),
        runDescription = text(run, "runDescription"),
        mergedFrom = textList(run, "mergedFrom")
      ),
      settings = SummarySettings(
        int(settings, "apdexThresholdMs"),
        int(settings, "slowThresholdMs"),
        text(settings, "groupMetric"),
        text(settings, "percentileSource")
      ),
      global = entry(field(root, "global")),
      groups = list(root, "groups").map(entry),
      requests = list(root, "requests").map(entry),
      steady = SteadyState(
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
      ),
      windows = list(root, "windows").map { w =>
        WindowSummary(
          window(w),
          Option(w.get("global")).map(entry),
          list(w, "requests").map(entry),
          list(w, "groups").map(entry),
          transactions(w, "transactions")
        )
      },
      warnings = textList(root, "warnings"),
      completion = completion(field(root, "completion")),
      injector = Option(root.get("injector")).map(injector),
      // Summaries written before errors were kept per request have no path.
      errors = list(root, "errors").map(e => ErrorCount(text(e, "message"), long(e, "count"), textList(e, "path"))),
      gate = Option(root.get("gate")).map(gate),
      earlyStop = Option(root.get("earlyStop")).map(earlyStop),
      duplicateLocks = Option(root.get("duplicateLocks")).map(duplicateLocks),
      // Summaries written before session figures existed have none.
      sessions = list(root, "sessions").map(sessions),
      tallies = tallies(root),
      // Summaries written before the timeline existed have none.
      timeline = Option(root.get("timeline")).map(timeline),
      curves = list(root, "curves").map(curve),
      sandboxExhaustion = textList(root, "sandboxExhaustion")
    )
  }
}
