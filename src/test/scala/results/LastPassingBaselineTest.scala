package results

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.fixtures.CraftedSummaries

class LastPassingBaselineTest {
  private val root = Files.createTempDirectory("results-")
  private val passed = Some(GateVerdict(Nil, Nil, None))

  private def archive(runId: String, start: Long, profile: String = "reference", target: String = "demo", shard: String = "1/1", verdict: Option[GateVerdict] = passed): RunSummary = {
    val crafted = CraftedSummaries.summary("RaidSimulation", Map(List("mint raid") -> CraftedSummaries.ok(2000, 2010)), startEpochMs = start, shard = shard, runId = runId)
    val summary = crafted.copy(run = crafted.run.copy(profile = profile, target = target), gate = verdict)
    val dir: Path = Files.createDirectories(root.resolve(runId))
    Files.writeString(dir.resolve("summary.json"), SummaryJson.write(summary))
    summary
  }

  @Test def theNewestPassingRunOfTheSameProfileTargetAndShard(): Unit = {
    archive("old", start = 1000)
    archive("newer", start = 2000)
    archive("newest-failed", start = 3000, verdict = Some(GateVerdict(Seq(GateCheck("mint raid", "p99", Some(9000), 8000, atMost = true, " ms")), Nil, None)))
    archive("other-profile", start = 4000, profile = "closed")
    archive("other-target", start = 5000, target = "local")
    archive("other-shard", start = 6000, shard = "2/2")
    val current = archive("current", start = 7000)
    assertEquals(Some("newer"), RunArchive.lastPassing(root, current.run).map(_.run.runId))
  }

  @Test def smokeRunsHaveNoBaseline(): Unit = {
    archive("earlier-smoke", start = 1000, profile = "smoke")
    assertEquals(None, RunArchive.lastPassing(root, archive("smoke", start = 2000, profile = "smoke").run))
    archive("earlier-compressed", start = 3000, profile = "reference (smoke)")
    assertEquals(None, RunArchive.lastPassing(root, archive("compressed", start = 4000, profile = "reference (smoke)").run))
  }
}
