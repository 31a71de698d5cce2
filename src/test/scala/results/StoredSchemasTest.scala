package results

import results.archive.SummaryJson
import results.model.{
  CheckRule,
  GateVerdict,
  Problem,
  ProblemKind,
  RunSummary,
  RunWindow,
  WindowKind,
  WindowLabel,
  WindowSummary
}

import java.nio.file.{ Files, Path, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError
import testkit.CraftedSummaries

/** summary.json and run.json of schema 3 store problems and window labels as fields, read back as stored
  * whatever their words say; files of schema 2 (src/test/resources/stored/schema-2: golden files as that
  * schema wrote them) still read, their problems and labels from their words; summary.json of schema 3
  * (stored/schema-3), without intervals, still reads, its intervals from its histograms.
  */
class StoredSchemasTest {
  private val Older = Paths.get("src/test/resources/stored/schema-2")
  private val Schema3 = Paths.get("src/test/resources/stored/schema-3")
  private val Golden = Paths.get("src/test/resources/golden")
  private val Runs = Seq("no-figures", "sweep", "cycles", "sharded")

  private def written(json: String): Path = {
    val file = Files.createTempFile("summary-", ".json")
    Files.writeString(file, json)
    file.toFile.deleteOnExit()
    file
  }

  /** `summary` as a file of schema 2 could hold it: without its shards' pace (their requests while all were steady
    * and their parts of the plan), which no file of schema 2 stored.
    */
  private def withoutShardPace(summary: RunSummary): RunSummary =
    summary.copy(shardOverlap =
      summary.shardOverlap.map(o => o.copy(shards = o.shards.map(_.copy(sharedRequests = None, plannedShare = 0.0))))
    )

  /** `summary` as an older file holds its gate: each check judged as one number, without its interval. */
  private def judgedByPoints(summary: RunSummary): RunSummary =
    summary.copy(gate =
      summary.gate.map(g =>
        g.copy(checks = g.checks.map(_.copy(interval = None, rule = CheckRule.Point, moreSamples = None)))
      )
    )

  @Test def aSchema2FileReadsIntoTheSameRunAsItsSchema3Golden(): Unit =
    Runs.foreach { name =>
      assertEquals(
        judgedByPoints(withoutShardPace(SummaryJson.read(Golden.resolve(s"$name.summary.json")))),
        SummaryJson.read(Older.resolve(s"$name.summary.json")),
        name
      )
      assertEquals(
        SummaryJson.readContext(Golden.resolve(s"$name.run.json")),
        SummaryJson.readContext(Older.resolve(s"$name.run.json")),
        name
      )
    }

  /** A file of schema 3 holds no intervals: they are worked out from its histograms, at 95 %, as its schema 4
    * golden stores them.
    */
  @Test def aSchema3FileReadsIntoTheSameRunAsItsSchema4Golden(): Unit =
    (Runs ++ Seq("one-system", "several-systems")).foreach { name =>
      val older = SummaryJson.read(Schema3.resolve(s"$name.summary.json"))
      // the verdicts differ where the intervals judged otherwise: the figures and their intervals do not
      def unjudged(s: RunSummary) = s.copy(gate = None, systems = s.systems.map(_.copy(verdict = None)))
      assertEquals(unjudged(SummaryJson.read(Golden.resolve(s"$name.summary.json"))), unjudged(older), name)
      assertEquals(95.0, older.settings.confidencePercent, name)
      assertEquals(older.hasFigures, older.global.figures.intervalsMs.nonEmpty, name)
    }

  @Test def aSchema2FilesProblemsAreReadFromTheirWords(): Unit = {
    val older = Files.readString(Older.resolve("sharded.summary.json")).replace(
      """"problems" : [ ],""",
      """"problems" : [ "alpha-2of2: alpha: 3 of the 5 planned users started", "simulation.log is cut short" ],"""
    )
    assertEquals(
      Seq(
        Problem(Some("alpha"), ProblemKind.UsersNotStarted, "3 of the 5 planned users started", Some("alpha"))
          .ofShard("alpha-2of2"),
        Problem.ofRun(ProblemKind.LogCutShort, "simulation.log is cut short")
      ),
      SummaryJson.read(written(older)).completion.problems
    )
  }

  /** Words that read as another kind's, another system's or a shard's change nothing: the fields say. */
  @Test def aSchema3FilesProblemsAreTheirFieldsWhateverTheirWordsSay(): Unit = {
    val base = CraftedSummaries.summary("RaidSimulation", Map(List("mint raid") -> CraftedSummaries.ok(100)))
    val merged = base.copy(run = base.run.copy(mergedFrom = Seq("raid-1", "raid-2")))
    val problems = Seq(
      Problem(Some("raid"), ProblemKind.LogCutShort, "raid-2: eroll: injector saturated: its JVM used 90 %"),
      Problem(None, ProblemKind.InjectorSaturated, "3 of the 5 planned users started", Some("raid"), Some("raid-1")),
      Problem(Some("eroll"), ProblemKind.AsStored, "shards apart: as an older version wrote it")
    )
    val summary = merged.copy(
      completion = merged.completion.copy(problems = problems),
      gate = Some(GateVerdict(Nil, Nil, None, problems.take(1), problems.drop(1), problems.drop(2)))
    )
    val json = SummaryJson.write(summary)
    assertTrue(json.contains(""""kind" : "injectorSaturated","""), json)
    val read = SummaryJson.read(written(json))
    assertEquals(problems, read.completion.problems)
    assertEquals(
      summary.gate.map(g => (g.incomplete, g.invalid, g.stoppedEarly)),
      read.gate.map(g => (g.incomplete, g.invalid, g.stoppedEarly))
    )
  }

  @Test def aSchema3FilesLabelsAreTheirFieldsWhateverTheirTextSays(): Unit = {
    val labels = Seq(
      WindowLabel.Named("L3 R2 (4 users)"),
      WindowLabel.Named("cycle 2"),
      WindowLabel.FixedWork("uploads, fixed work (3 scenarios)", 7),
      WindowLabel.Level(3, 2, 1000),
      WindowLabel.Cycle(2, None),
      WindowLabel.WholeRun
    )
    val base = CraftedSummaries.summary("RaidSimulation", Map(List("mint raid") -> CraftedSummaries.ok(100)))
    val summary = base.copy(windows =
      labels.map(l => WindowSummary(RunWindow(WindowKind.Steady, l, 0, 1000), None, Nil, Nil, Nil))
    )
    assertEquals(labels, SummaryJson.read(written(SummaryJson.write(summary))).windows.map(_.window.label))
  }

  @Test def aProblemInTheOtherSchemasFormOrAnUnknownSchemaIsRefused(): Unit = {
    val golden = Files.readString(Golden.resolve("no-figures.summary.json"))
    val asText =
      Files
        .readString(Older.resolve("no-figures.summary.json"))
        .replace(""""schema" : 2""", """"schema" : 3""")
        .replace(
          """"shard" : "1/1",""",
          """"shard" : "1/1", "shardFields" : { "count" : 1, "index" : 1 }, "smoke" : false,"""
        )
    assertTrue(assertThrows(classOf[InputError], () => SummaryJson.read(written(asText))).getMessage.contains(
      "stored as text in a summary of schema 3"
    ))
    Seq(1, 5).foreach { schema =>
      val other = golden.replace(""""schema" : 4""", s""""schema" : $schema""")
      assertTrue(assertThrows(classOf[InputError], () => SummaryJson.read(written(other))).getMessage.contains(
        s"its schema $schema is none of 2 to 4"
      ))
    }
  }
}
