package results

import results.model.{ Entry, ExitCodes, Metric, RunContext, RunShard }

import results.archive.{ RunArchive, SummaryJson }
import results.summarize.{ LatencyAccumulator, ResultsSettings }

import java.lang.management.ManagementFactory
import java.nio.file.{ Files, Path }
import java.nio.file.attribute.FileTime

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.{ CraftedSummaries, FixtureRun }

/** The CLI commands on archived runs: compare (page, table, exit code), merge, index, gate. */
class ResultsCliTest {
  // a limit these runs hold whatever their latencies: a p99 of their few samples has no upper bound (INCONCLUSIVE)
  private val thresholds = FixtureRun.writeTemp("thresholds", "thresholds { defaults { maxErrorPercent = 100 } }")

  /** The fixture run archived twice, as two shards of one simulation. */
  private def twoShards(root: Path): Seq[Path] =
    Seq(RunShard.Part(1, 2), RunShard.Part(2, 2)).map { shard =>
      val context = RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", shard, Map.empty, Nil, Nil)
      PostRun.process(
        FixtureRun.run.gatlingRunDir,
        root,
        context,
        ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline),
        Some(thresholds)
      ).archivedRunDir
    }

  @Test
  def compareWritesThePageAndTheTableAndWarnsOfOtherSettings(): Unit = {
    val root = Files.createTempDirectory("results-")
    val Seq(a, b) = twoShards(root): @unchecked
    assertEquals(
      ExitCodes.Inconclusive,
      ResultsCli.run(List("compare", a.getFileName.toString, b.getFileName.toString, "--results", root.toString)),
      "the fixture's few samples bound no p99 from above: no change can be resolved"
    )
    val out = root.resolve("comparisons").resolve(s"${a.getFileName}_vs_${b.getFileName}")
    val table = Files.readString(out.resolve("comparison.md"))
    assertTrue(
      table.contains("| Browse / search |") && table.contains("| Δ p99 | ") && table.contains("| Status |"),
      table
    )
    assertTrue(table.startsWith("**Warning: A and B ran with different settings**"), table)
    assertTrue(table.contains("- shard: A 1/2, B 2/2"), table)
    val page = Files.readString(out.resolve("compare.html"))
    assertTrue(page.contains("""id="settings-warning"""") && page.contains("shard: A 1/2, B 2/2"), page)
    Seq(a, b).foreach { run =>
      assertTrue(Files.readString(run.resolve("run.html")).contains(s"../comparisons/${out.getFileName}/compare.html"))
    }
    assertTrue(Files.readString(root.resolve("index.html")).contains(s"comparisons/${out.getFileName}/compare.html"))
  }

  @Test
  def compareExitsOneWhenARequestRegressed(): Unit = {
    val root = Files.createTempDirectory("results-")
    def archived(runId: String, p99: Int) = {
      val summary = CraftedSummaries.summary(
        "LoopbackSimulation",
        // 1,000 samples: the p99's interval (ranks 984 to 996 at 95 %) lies among the slowest tenth
        Map(List("search") -> CraftedSummaries.ok(Seq.fill(900)(100) ++ Seq.fill(100)(p99): _*)),
        runId = runId
      )
      val dir = Files.createDirectories(root.resolve(runId))
      Files.writeString(dir.resolve("summary.json"), SummaryJson.write(summary))
    }
    archived("run-a", 200)
    archived("run-b", 2000)
    def compare(a: String, b: String) =
      ResultsCli.run(List("compare", a, b, "--results", root.toString, "--thresholds", thresholds.toString))
    assertEquals(1, compare("run-a", "run-b"), "p99 200 ms to 2,000 ms")
    assertEquals(0, compare("run-b", "run-a"), "faster is no regression")
    val page = Files.readString(root.resolve("comparisons").resolve("run-a_vs_run-b").resolve("compare.html"))
    assertTrue(page.contains("REGRESSION in All Requests, search"), page)
    assertFalse(page.contains("settings-warning"), "same settings: no warning")
  }

  @Test
  def mergeSumsTheShardsAndGatesTheResult(): Unit = {
    val root = Files.createTempDirectory("results-")
    val shards = twoShards(root)
    val single = RunArchive.readSummary(shards.head)
    assertEquals(
      0,
      ResultsCli.run(List("merge") ++ shards.map(_.toString) ++ List(
        "--results",
        root.toString,
        "--thresholds",
        thresholds.toString
      ))
    )
    val merged = RunArchive.runs(root).flatMap(_.summary).find(_.run.mergedFrom.nonEmpty).get
    assertEquals(2 * single.global.figures.count, merged.global.figures.count)
    // Percentiles come from the histograms: every sample twice leaves each nearest-rank percentile as it was.
    val singleFromHistogram = LatencyAccumulator.restore(
      single.global.figures,
      single.global.mergeable,
      single.settings.confidencePercent
    ).figures(1).get
    assertEquals(
      singleFromHistogram.percentilesMs,
      merged.global.figures.percentilesMs,
      "same samples twice: same percentiles"
    )
    assertEquals(
      2 * single.global.figures.count,
      LatencyAccumulator.decode(merged.global.mergeable.histogram).getTotalCount,
      "both shards' samples in the merged histogram"
    )
    assertEquals(Some("PASS"), merged.gate.map(_.label))
    assertEquals(None, merged.gate.flatMap(_.baselineRun), "no baseline unless one is named")
    assertTrue(Files.readString(root.resolve("index.html")).contains(merged.run.runId))

    // A pipeline's next merge, gated against the last one's merged run as well (the release gate).
    val next = ResultsCli.run(List("merge") ++ shards.map(_.toString) ++ List(
      "--results",
      root.toString,
      "--thresholds",
      thresholds.toString,
      "--baseline",
      root.resolve(merged.run.runId).toString
    ))
    assertEquals(
      ExitCodes.Inconclusive,
      next,
      "the same few samples again: their p99s cannot be told apart, nor together"
    )
    val regated = RunArchive.runs(root).flatMap(_.summary).filter(_.run.mergedFrom.nonEmpty).map(_.gate)
    assertEquals(Seq(None, Some(merged.run.runId)), regated.map(_.flatMap(_.baselineRun)).sortBy(_.isDefined))
  }

  @Test
  def mergingRunsOfDifferentSimulationsIsAOneLineError(): Unit = {
    val root = Files.createTempDirectory("results-")
    val run = twoShards(root).head
    val stranger = Files.createDirectories(root.resolve("eol-1"))
    val eol = CraftedSummaries.summary(
      "EolSimulation",
      Map(List("r") -> CraftedSummaries.ok(5)),
      shard = RunShard.Part(2, 2),
      runId = "eol-1"
    )
    Files.writeString(stranger.resolve("summary.json"), SummaryJson.write(eol))
    val err = new java.io.ByteArrayOutputStream
    val code = Console.withErr(err)(withSystemErr(err)(ResultsCli.run(List(
      "merge",
      run.toString,
      stranger.toString,
      "--results",
      root.toString
    ))))
    assertEquals(2, code)
    assertEquals("results: ERROR merge: eol-1 is a run of EolSimulation, not of LoopbackSimulation", err.toString.trim)
  }

  @Test
  def aMergeOfTheWrongShardsIsOneLineNamingTheFolderAndWritesNothing(): Unit = {
    val root = Files.createTempDirectory("results-")
    val shards = twoShards(root).map(_.toString)
    def listing = scala.util.Using.resource(Files.list(root))(_.iterator.asScala.map(_.getFileName.toString).toSet)
    val before = listing
    def refusal(args: String*): String = {
      val err = new java.io.ByteArrayOutputStream
      val code = Console.withErr(err)(withSystemErr(err)(ResultsCli.run(List("merge") ++ args ++ List(
        "--results",
        root.toString
      ))))
      assertEquals(2, code, err.toString: String)
      assertEquals(before, listing, "nothing written to results/")
      err.toString.trim
    }
    val first = Path.of(shards.head).getFileName
    assertEquals(
      s"results: ERROR merge: $first is a shard of 2, expected shards of 3",
      refusal(shards ++ Seq("--shards", "3"): _*)
    )
    assertEquals(s"results: ERROR merge: $first and $first are both shard 1/2", refusal(shards.head, shards.head))
    assertEquals(
      s"results: ERROR no run folder 'shard-3' (looked in ${root.toAbsolutePath})",
      refusal(shards.head, shards(1), "shard-3")
    )
  }

  @Test
  def mergeJudgesByTheThresholdsGivenToItsOwnJvm(): Unit = {
    val root = Files.createTempDirectory("results-")
    val shards = twoShards(root).map(_.toString)
    val key = "thresholds.simulations.fixture.global.p99Ms"
    def merge(limit: Option[String]): (Int, String) = {
      val err = new java.io.ByteArrayOutputStream
      // On its point estimate (results.intervals.gate=false): the fixture's few samples cannot decide a p99 by its
      // interval, and what this test asks is which limit judges.
      val code = withProperty("results.intervals.gate", Some("false"))(withProperty(key, limit) {
        Console.withErr(err)(withSystemErr(err)(ResultsCli.run(List("merge") ++ shards ++ List(
          "--results",
          root.toString,
          "--thresholds",
          thresholds.toString
        ))))
      })
      (code, err.toString.trim)
    }
    def mergedRuns = RunArchive.runs(root).flatMap(_.summary).filter(_.run.mergedFrom.nonEmpty)
    def globalP99(summary: results.model.RunSummary) =
      summary.gate.toSeq.flatMap(_.checks).find(c =>
        c.subject.startsWith(Entry.GlobalName) && c.metric == Metric.Percentile(99)
      ).get

    assertEquals(0, merge(Some("100000"))._1)
    val measured = globalP99(mergedRuns.head).measured.get
    assertTrue(measured > 1, s"the fixture's search sleeps 10 ms at least: p99 $measured ms")

    // The same merged shards, under a limit just below their p99 and one at it: the command line's limit judges.
    assertEquals(1, merge(Some("1"))._1)
    assertEquals(0, merge(Some(math.ceil(measured).toLong.toString))._1)
    val judged = mergedRuns.sortBy(_.run.runId).drop(1)
    assertEquals(Seq(Some("FAIL"), Some("PASS")), judged.map(_.gate.map(_.label)))
    assertEquals(Seq(1.0, math.ceil(measured)), judged.map(globalP99(_).allowed))
    assertEquals(
      Seq(Some("1"), Some(math.ceil(measured).toLong.toString)),
      judged.map(_.run.overrides.get(key)),
      "the merged run records the limit that judged it"
    )

    // A limit that does not exist is bad input: one line, and no merged run written.
    def listing = scala.util.Using.resource(Files.list(root))(_.iterator.asScala.map(_.getFileName.toString).toSet)
    val before = listing
    val err = new java.io.ByteArrayOutputStream
    val misspelt = "thresholds.simulations.fixture.global.p99ms"
    val code = withProperty(misspelt, Some("5")) {
      Console.withErr(err)(withSystemErr(err)(ResultsCli.run(List("merge") ++ shards ++ List(
        "--results",
        root.toString
      ))))
    }
    assertEquals(2, code, err.toString: String)
    assertEquals(1, err.toString.trim.linesIterator.size, err.toString: String)
    assertTrue(err.toString.startsWith(s"results: ERROR $misspelt: unknown limit"), err.toString: String)
    assertEquals(before, listing, "nothing written to results/")
  }

  @Test
  def gateReChecksAnArchivedRunAgainstOtherThresholds(): Unit = {
    val root = Files.createTempDirectory("results-")
    val run = twoShards(root).head
    val strict = FixtureRun.writeTemp(
      "strict",
      """thresholds { simulations { fixture { paths { "Browse / search" { p99Ms = 1 } } } } }"""
    )
    assertEquals(
      1,
      ResultsCli.run(List(
        "gate",
        run.toString,
        "--thresholds",
        strict.toString,
        "--no-baseline",
        "--results",
        root.toString
      ))
    )
    assertTrue(Files.readString(run.resolve("junit.xml")).contains("<failure "))
    assertEquals(
      0,
      ResultsCli.run(List(
        "gate",
        run.toString,
        "--thresholds",
        thresholds.toString,
        "--no-baseline",
        "--results",
        root.toString
      ))
    )
  }

  @Test
  def gateWithANamedBaselineOfAnotherSimulationWarnsAndGatesWithoutIt(): Unit = {
    val root = Files.createTempDirectory("results-")
    val run = twoShards(root).head
    val stranger = Files.createDirectories(root.resolve("eol-1"))
    Files.writeString(
      stranger.resolve("summary.json"),
      SummaryJson.write(CraftedSummaries.summary(
        "EolSimulation",
        Map(List("r") -> CraftedSummaries.ok(5)),
        runId = "eol-1"
      ))
    )
    val out = new java.io.ByteArrayOutputStream
    val code = Console.withOut(out)(ResultsCli.run(List(
      "gate",
      run.toString,
      "--thresholds",
      thresholds.toString,
      "--baseline",
      "eol-1",
      "--results",
      root.toString
    )))
    assertEquals(0, code, out.toString)
    val warning =
      "baseline not used: baseline eol-1 is a run of EolSimulation, not of LoopbackSimulation: choose a run of the same simulation"
    assertTrue(out.toString.linesIterator.contains(s"results: WARNING $warning"), out.toString)
    val gate = RunArchive.readSummary(run).gate.get
    assertTrue(gate.warnings.contains(warning), gate.warnings.toString)
    assertEquals(None, gate.baselineRun)
  }

  @Test
  def aMisspeltBaselineOptionIsAOneLineError(): Unit = {
    val root = Files.createTempDirectory("results-")
    val run = twoShards(root).head
    val err = new java.io.ByteArrayOutputStream
    assertEquals(
      2,
      withSystemErr(err)(ResultsCli.run(List(
        "gate",
        run.toString,
        "--baseline",
        "last_passing",
        "--results",
        root.toString
      )))
    )
    assertEquals(
      "results: ERROR --baseline: must be last-passing, none or an archived run's folder name (was 'last_passing'; did you mean last-passing?)",
      err.toString.trim
    )
  }

  @Test
  def verdictTakesOnlyARunMadeInThisBuild(): Unit = {
    val root = Files.createTempDirectory("results-")
    val gatlingDir = Files.createTempDirectory("gatling-")
    val runDir = Files.createDirectories(gatlingDir.resolve(FixtureRun.run.gatlingRunDir.getFileName.toString))
    val log = Files.copy(FixtureRun.run.gatlingRunDir.resolve("simulation.log"), runDir.resolve("simulation.log"))
    val verdict = List(
      "verdict",
      "--gatling-dir",
      gatlingDir.toString,
      "--results",
      root.toString,
      "--thresholds",
      thresholds.toString
    )

    // a run older than this JVM (in `mvn verify`: the Maven build) is an earlier build's, never this one's verdict
    Files.setLastModifiedTime(log, FileTime.fromMillis(ManagementFactory.getRuntimeMXBean.getStartTime - 60000))
    val err = new java.io.ByteArrayOutputStream
    assertEquals(2, withSystemErr(err)(ResultsCli.run(verdict)))
    assertTrue(
      err.toString.trim.matches(
        "results: ERROR no Gatling run made in this build \\(none in \\S+ since [-0-9]+ [:0-9]+ UTC\\): gatling:test stopped before any load \\(see its error above\\) or did not run"
      ),
      err.toString
    )
    assertEquals(Nil, RunArchive.runs(root), "nothing archived")

    // a run of this build that gatling:test did not archive is reported, never summarised a second way
    Files.setLastModifiedTime(log, FileTime.fromMillis(System.currentTimeMillis))
    val unarchived = new java.io.ByteArrayOutputStream
    assertEquals(2, withSystemErr(unarchived)(ResultsCli.run(verdict)))
    assertTrue(unarchived.toString.contains("was not archived to"), unarchived.toString)
    assertEquals(Nil, RunArchive.runs(root), "the verdict step archives nothing itself")

    // archived and gated by the run itself (as gatling:test's shutdown hook does): its verdict is the step's
    PostRun.process(
      runDir,
      root,
      RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", RunShard.Whole, Map.empty, Nil, Nil),
      ResultsSettings.load(),
      Some(thresholds)
    )
    assertEquals(0, ResultsCli.run(verdict))
    assertEquals(Seq(runDir.getFileName.toString), RunArchive.runs(root).map(_.name))

    // a later run whose folder's name merely begins with this one's (here unreadable) is not this build's run
    val archived = root.resolve(runDir.getFileName.toString)
    val other = Files.createDirectories(root.resolve(s"${runDir.getFileName}0"))
    Files.copy(archived.resolve(RunArchive.RunJsonName), other.resolve(RunArchive.RunJsonName))
    Files.setLastModifiedTime(other, FileTime.fromMillis(System.currentTimeMillis + 60000))
    assertEquals(Seq(archived, other), RunArchive.runs(root).map(_.dir))
    assertEquals(0, ResultsCli.run(verdict))
  }

  /** Runs `body` with the system property `key` set to `value` (unset for None), as a -D of ResultsCli's JVM. */
  private def withProperty[T](key: String, value: Option[String])(body: => T): T = {
    value.foreach(System.setProperty(key, _))
    ConfigFactory.invalidateCaches()
    try body
    finally {
      System.clearProperty(key)
      ConfigFactory.invalidateCaches()
    }
  }

  private def withSystemErr[T](stream: java.io.OutputStream)(body: => T): T = {
    val previous = System.err
    System.setErr(new java.io.PrintStream(stream, true))
    try body
    finally System.setErr(previous)
  }
}
