package results.archive

import results.model.{
  Claim,
  DuplicateClaim,
  DuplicateLocks,
  GateVerdict,
  Problem,
  RunContext,
  RunMetadata,
  RunSummary,
  RunWindow,
  WindowSummary
}

import java.nio.file.Path

import scala.collection.immutable.ListMap

import config.InputError

import Json.iso
import text.Formats.round
import SummaryDocument._

/** summary.json and run.json, written from the model ([[RunSummary]], [[RunContext]]) through their
  * documents ([[SummaryDocument]], [[RunDocument]]) by Jackson, and read back the same way for the gate,
  * merges, trends and comparisons.
  */
object SummaryJson {

  /** 4: each percentile with its interval, at the settings' confidence. 3: problems and window labels stored as
    * fields. 2: as their text, read back from its words.
    */
  val SchemaVersion = 4

  /** The last schema whose problems and window labels are stored as text ([[StoredProblem]],
    * [[StoredWindowLabel]]); the oldest read.
    */
  private val LastSchemaInWords = 2

  private[archive] def inWords(schema: Int): Boolean = schema <= LastSchemaInWords

  def write(summary: RunSummary): String = Json.write(document(summary))

  def writeContext(context: RunContext, runId: String, gitCommit: String): String =
    Json.write(RunJson.document(context, runId, gitCommit))

  def read(file: Path): RunSummary =
    Json.read[SummaryDocument, RunSummary](file, "a summary") { d =>
      if (d.schema < LastSchemaInWords || d.schema > SchemaVersion)
        throw new InputError(s"its schema ${d.schema} is none of $LastSchemaInWords to $SchemaVersion")
      summary(d)
    }

  def readContext(file: Path): RunContext = Json.read[RunDocument, RunContext](file, "a run.json")(RunJson.context)

  private[results] def document(s: RunSummary): SummaryDocument = {
    val r = s.run
    SummaryDocument(
      SchemaVersion,
      Run(
        r.simulation,
        r.simulationClass,
        r.runId,
        iso(r.startEpochMs),
        iso(r.endEpochMs),
        r.startEpochMs,
        r.endEpochMs,
        r.target,
        r.profile,
        r.shard.text,
        r.gitCommit,
        r.gatlingVersion,
        r.runDescription,
        r.systems,
        ListMap.from(r.overrides.toSeq.sorted),
        r.mergedFrom,
        r.shardedRunId,
        r.start,
        r.planStartEpochMs,
        Some(ShardDocument.document(r.shard)),
        Some(r.smoke)
      ),
      s.settings,
      FiguresJson.entry(s.global),
      s.groups.map(FiguresJson.entry),
      s.requests.map(FiguresJson.entry),
      // With several systems, a transactions per hour over all of them would add up unlike things.
      FiguresJson.steady(s.steady, withTransactionsPerHour = s.systems.size < 2),
      SystemsJson.documents(s),
      s.windows.map(window),
      s.warnings,
      FiguresJson.completion(s.completion),
      s.injector.map(RunJson.injector),
      s.earlyStop,
      s.sandboxExhaustion,
      s.errors,
      s.duplicateLocks.map(duplicateLocks),
      s.tallies.map(RunJson.tally),
      s.curves.map(CurveDocument.document),
      s.gate.map(gate),
      s.sessions,
      s.timeline,
      s.shardOverlap.map(ShardsDocument.document)
    )
  }

  private[results] def summary(d: SummaryDocument): RunSummary = {
    val r = d.run
    def entry(e: SummaryDocument.Entry) = FiguresJson.entry(e, d.settings.confidencePercent)
    val systems = d.systems.map(SystemsJson.system(_, entry))
    val problem =
      ProblemDocument.problem(_: ProblemDocument.Stored, d.schema, StoredProblem.read(_, systems, r.mergedFrom))
    RunSummary(
      run = RunMetadata(
        r.simulation,
        r.systems,
        r.simulationClass,
        r.runId,
        r.startEpochMs,
        r.endEpochMs,
        r.target,
        r.profile,
        ShardDocument.shard(r.shard, r.shardFields, d.schema),
        r.gitCommit,
        r.gatlingVersion,
        r.overrides,
        r.runDescription,
        r.mergedFrom,
        r.shardedRunId,
        r.start,
        r.planStartEpochMs,
        RunJson.smoke(r.smoke, r.profile, d.schema)
      ),
      settings = d.settings,
      global = entry(d.global),
      groups = d.groups.map(entry),
      requests = d.requests.map(entry),
      steady = FiguresJson.steady(d.steady),
      windows = d.windows.map(window(_, d.schema, entry)),
      warnings = d.warnings,
      completion = FiguresJson.completion(d.completion, problem),
      injector = d.injector.map(RunJson.injector),
      errors = d.errors,
      gate = d.gate.map(gate(_, problem, d.schema).copy(capacity =
        d.systems.flatMap(s => s.capacity.flatMap(CapacitySummaryJson.result(s.key, _, d.schema)))
      )),
      earlyStop = d.earlyStop,
      duplicateLocks = d.duplicateLocks.map(duplicateLocks),
      sessions = d.sessions,
      tallies = d.tallies.map(RunJson.tally),
      timeline = d.timeline,
      curves = d.curves.map(CurveDocument.curve),
      sandboxExhaustion = d.sandboxExhaustion,
      systems = systems,
      capacity = d.systems.flatMap(s => s.capacity.map(CapacitySummaryJson.search(s.key, _))),
      shardOverlap = d.shards.map(ShardsDocument.overlap)
    )
  }

  private def duplicateLocks(d: DuplicateLocks): SummaryDocument.DuplicateLocks =
    SummaryDocument.DuplicateLocks(
      d.count,
      d.examples.map(e =>
        Duplicate(e.resource, e.claims.map(c => SummaryDocument.Claim(c.claimant, c.atEpochMs, iso(c.atEpochMs))))
      )
    )

  private def gate(g: GateVerdict): Gate =
    Gate(
      g.label,
      g.passed,
      g.baselineRun,
      g.checks.map(CheckJson.document),
      g.warnings,
      g.incomplete.map(ProblemDocument.document),
      g.invalid.map(ProblemDocument.document),
      g.stoppedEarly.map(ProblemDocument.document)
    )

  private def gate(g: Gate, problem: ProblemDocument.Stored => Problem, schema: Int): GateVerdict =
    GateVerdict(
      g.checks.map(CheckJson.check(_, schema)),
      g.warnings,
      g.baselineRun,
      g.incomplete.map(problem),
      g.invalid.map(problem),
      g.stoppedEarly.map(problem)
    )

  private def duplicateLocks(d: SummaryDocument.DuplicateLocks): DuplicateLocks =
    DuplicateLocks(
      d.count,
      d.examples.map(e => DuplicateClaim(e.resource, e.claims.map(c => Claim(e.resource, c.claimant, c.atEpochMs))))
    )

  private def window(w: WindowSummary): Window = {
    val rw = w.window
    Window(
      rw.kind.word,
      rw.label.text,
      Some(LabelDocument.document(rw.label)),
      rw.startEpochMs,
      rw.endEpochMs,
      round(w.transactionsPerHour, 1),
      w.global.map(FiguresJson.entry),
      w.groups.map(FiguresJson.entry),
      w.requests.map(FiguresJson.entry),
      w.transactions.map(FiguresJson.transaction)
    )
  }

  private def window(w: Window, schema: Int, entry: SummaryDocument.Entry => results.model.Entry): WindowSummary =
    WindowSummary(
      RunWindow(
        StoredWindowKind.read(w.kind),
        LabelDocument.label(w.label, w.labelFields, schema),
        w.startEpochMs,
        w.endEpochMs
      ),
      w.global.map(entry),
      w.requests.map(entry),
      w.groups.map(entry),
      w.transactions
    )
}
