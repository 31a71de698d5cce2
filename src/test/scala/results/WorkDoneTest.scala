package results

import results.model.{ ExitCodes, RunContext, RunShard, WorkDone }

import results.archive.{ RunArchive, SummaryJson }
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.FixtureRun

/** A fixed-work run's headline (the time to finish its whole list) and its completeness: a list the time
  * limit cut short is an incomplete run, never a PASS.
  */
class WorkDoneTest {
  // a limit these runs hold whatever their latencies: a p99 of their few samples has no upper bound (INCONCLUSIVE)
  private val thresholds = FixtureRun.writeTemp("thresholds", "thresholds { defaults { maxErrorPercent = 100 } }")
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
  private val t0 = 1_700_000_000_000L

  private def process(root: Path, shard: RunShard, work: WorkDone*): RunOutcome =
    PostRun.process(
      FixtureRun.run.gatlingRunDir,
      root,
      RunContext("LoopbackSimulation", Seq("fixture"), "loopback", "smoke", shard, Map.empty, Nil, Nil, work = work),
      settings,
      Some(thresholds)
    )

  @Test def theHeadlineIsTheTimeFromTheFirstStartToTheLastEnd(): Unit = {
    val web = WorkDone("web", 21000, 21000, t0, t0 + 1_290_000)
    val eroll = WorkDone("eRoll", 3000, 3000, t0 + 300_000, t0 + 1_200_000)
    assertEquals(Some(1_290_000L), WorkDone.elapsedMs(Seq(web, eroll)))
    assertEquals(
      Some(
        "Work: 24,000 of 24,000 scenarios finished in 21.5 minutes (1290 s); web: 21,000 of 21,000; eRoll: 3,000 of 3,000"
      ),
      WorkDone.headline(Seq(web, eroll))
    )
    assertEquals(None, WorkDone.headline(Nil), "no fixed work, no headline")
    assertEquals(None, WorkDone.elapsedMs(Seq(WorkDone("web", 5, 0, 0, 0))), "nothing started, no time")
  }

  @Test def aFinishedListIsRecordedAndHeadlined(): Unit = {
    val root = Files.createTempDirectory("results-")
    val outcome = process(root, RunShard.Whole, WorkDone("web", 7, 7, t0, t0 + 90_000))
    assertEquals(0, outcome.exitCode, outcome.verdict.toString)
    val dir = outcome.archivedRunDir
    val summary = SummaryJson.read(dir.resolve("summary.json"))
    assertEquals(Seq(WorkDone("web", 7, 7, t0, t0 + 90_000)), summary.completion.work)
    assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"workElapsedMs\" : 90000"))
    val stored = results.archive.Json.mapper.readTree(dir.resolve("summary.json").toFile).get("completion").get("work")
    assertEquals(
      """[{"scenario":"web","planned":7,"finished":7,"startEpochMs":%d,"endEpochMs":%d}]""".format(t0, t0 + 90_000),
      stored.toString,
      "the model's fields as they are, nothing worked out from them"
    )
    assertTrue(
      Files.readString(
        dir.resolve("summary.md")
      ).contains("- **Work: 7 of 7 scenarios finished in 1.5 minutes (90 s)**")
    )
  }

  @Test def aListTheTimeLimitCutShortIsIncomplete(): Unit = {
    val outcome = process(Files.createTempDirectory("results-"), RunShard.Whole, WorkDone("web", 7, 5, t0, t0 + 60_000))
    assertEquals(ExitCodes.Incomplete, outcome.exitCode)
    assertEquals(
      Seq("web: 5 of its 7 scenarios finished (the time limit stopped the rest)"),
      outcome.verdict.get.incomplete.map(_.text)
    )
  }

  @Test def shardsWorkThroughPartsThatAddUpToTheList(): Unit = {
    val root = Files.createTempDirectory("results-")
    val shards = Seq(
      process(root, RunShard.Part(1, 2), WorkDone("web", 4, 4, t0, t0 + 60_000)),
      process(root, RunShard.Part(2, 2), WorkDone("web", 3, 3, t0 + 1000, t0 + 75_000))
    ).map(_.archivedRunDir)
    val args =
      List("merge") ++ shards.map(_.toString) ++ List("--results", root.toString, "--thresholds", thresholds.toString)
    assertEquals(0, ResultsCli.run(args))
    val merged = RunArchive.runs(root).flatMap(_.summary).find(_.run.mergedFrom.nonEmpty).get
    assertEquals(Seq(WorkDone("web", 7, 7, t0, t0 + 75_000)), merged.completion.work)
  }
}
