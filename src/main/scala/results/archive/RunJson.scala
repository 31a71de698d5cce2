package results.archive

import results.model.{
  CurveSpec,
  EarlyStopRecord,
  InjectorFigures,
  InjectorHealthRecord,
  InjectorLimits,
  LateStartFigures,
  PlannedWindow,
  RunContext,
  RunCourse,
  RunWindow,
  Tally,
  WorkDone
}

import com.fasterxml.jackson.databind.JsonNode
import com.fasterxml.jackson.databind.node.{ ArrayNode, ObjectNode }

import JsonTree._

/** run.json (what the simulation knew of its run), and the parts summary.json shares with it. */
private[results] object RunJson {
  private[results] def windowNode(window: RunWindow): ObjectNode =
    obj().put(
      "kind",
      window.kind
    ).put("label", window.label.text).put("startEpochMs", window.startEpochMs).put("endEpochMs", window.endEpochMs)

  private[results] def window(node: JsonNode): RunWindow =
    RunWindow(
      text(node, "kind"),
      StoredWindowLabel.read(text(node, "label")),
      long(node, "startEpochMs"),
      long(node, "endEpochMs")
    )

  private[results] def plannedNode(window: PlannedWindow): ObjectNode =
    obj().put("kind", window.kind).put("label", window.label.text).put("fromMs", window.fromMs).put("toMs", window.toMs)

  private[results] def workNode(work: Seq[WorkDone]): ArrayNode =
    work.foldLeft(arr()) { (array, w) =>
      array.add(obj()
        .put("scenario", w.scenario)
        .put("planned", w.planned)
        .put("finished", w.finished)
        .put("startEpochMs", w.startEpochMs)
        .put("endEpochMs", w.endEpochMs))
    }

  private[results] def work(node: JsonNode): Seq[WorkDone] =
    list(node, "work").map(w =>
      WorkDone(
        text(w, "scenario"),
        long(w, "planned"),
        long(w, "finished"),
        long(w, "startEpochMs"),
        long(w, "endEpochMs")
      )
    )

  private[results] def talliesNode(tallies: Seq[Tally]): ArrayNode =
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

  private[results] def tallies(node: JsonNode): Seq[Tally] =
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

  private[results] def curveSpecNode(spec: CurveSpec): ObjectNode = {
    val node = obj().put("system", spec.system).put("group", spec.group).put("unit", spec.unit)
    node.set[JsonNode]("requirement", obj().put("min", spec.requirementMin).put("max", spec.requirementMax))
    node
  }

  private[results] def curveSpec(node: JsonNode): CurveSpec = {
    val requirement = field(node, "requirement")
    CurveSpec(
      text(node, "system"),
      text(node, "group"),
      text(node, "unit"),
      double(requirement, "min"),
      double(requirement, "max")
    )
  }

  private[results] def injectorNode(record: InjectorHealthRecord): ObjectNode = {
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

  private[results] def injector(node: JsonNode): InjectorHealthRecord = {
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

  private[results] def earlyStopNode(record: EarlyStopRecord): ObjectNode =
    obj()
      .put("limit", record.limit)
      .put("measured", record.measured)
      .put("allowed", record.allowed)
      .put("unit", record.unit)
      .put("windowMs", record.windowMs)
      .put("responses", record.responses)
      .put("atMs", record.atMs)
      .put("reason", record.describe)

  private[results] def earlyStop(node: JsonNode): EarlyStopRecord =
    EarlyStopRecord(
      text(node, "limit"),
      double(node, "measured"),
      double(node, "allowed"),
      text(node, "unit"),
      long(node, "windowMs"),
      long(node, "responses"),
      long(node, "atMs")
    )

  private[results] def contextNode(context: RunContext, runId: String, gitCommit: String): ObjectNode = {
    val node = obj()
      .put("schema", SummaryJson.SchemaVersion)
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
    node.set[JsonNode]("systemRecords", context.systemRecords.map(SystemsJson.recordNode).foldLeft(arr())(_.add(_)))
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

  private[results] def context(node: JsonNode): RunContext =
    RunContext(
      simulation = text(node, "simulation"),
      systems = textList(node, "systems"),
      target = text(node, "target"),
      profile = text(node, "profile"),
      shard = text(node, "shard"),
      overrides = textMap(node, "overrides"),
      plannedWindows = list(node, "plannedWindows").map(w =>
        PlannedWindow(text(w, "kind"), StoredWindowLabel.read(text(w, "label")), long(w, "fromMs"), long(w, "toMs"))
      ),
      windows = list(node, "windows").map(window),
      work = work(node),
      tallies = tallies(node),
      curves = list(node, "curves").map(curveSpec),
      // run.json files written before runs were read system by system have none.
      systemRecords = list(node, "systemRecords").map(SystemsJson.record),
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
}
