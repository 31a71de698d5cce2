package docs

import java.io.ByteArrayOutputStream
import java.nio.file.{ Files, Path }

import scala.util.Random

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.ResultsCli
import results.archive.{ HistoryStore, RunArchive, SummaryJson }
import results.history.{ HistoryRecord, PathFigures, SeriesMetric, SeriesSettings }
import results.model.{ GateVerdict, RunShard, Verdict }
import testkit.CraftedSummaries

/** The `history` block of docs/history.md, each command as shown, in this JVM (ResultsCli.run with the arguments of
  * its `-Dexec.args`), on a history planted in the test's own archive (`--results <archive>` added): 30 nightly
  * runs of raid's `mint` from 2026-10-15, its p99 around 200 ms with 5 % noise, 30 % slower from the 21st run on
  * (2026-11-04); `results/<run>` is a gated run folder of the archive, `<run>` the run where the shift began and
  * `past-figures.csv` a table of a team's figures.
  */
class HistoryCliDocTest {
  private val home = DocRuns.temporaryFolder("history-cli-")
  private val archive = home.resolve("results")
  private val Page = "docs/history.md"
  private val Day = 86400000L
  private val Start = java.time.Instant.parse("2026-10-15T02:00:00Z").toEpochMilli

  private def plant(): Unit = {
    val random = new Random(64)
    val settings = SeriesSettings("RaidSimulation", "demo", "reference", RunShard.Whole, Map.empty)
    (0 until 30).foreach { i =>
      val p99 = 200 * (if (i >= 20) 1.3 else 1.0) * math.exp(0.05 * random.nextGaussian())
      HistoryStore.append(
        HistoryStore.folder(archive),
        HistoryRecord(
          f"nightly-$i%02d",
          f"c$i%06d",
          Start + i * Day,
          settings,
          None,
          Some(Verdict.Pass),
          Seq(PathFigures("raid", "mint", Some(1000), Map(SeriesMetric.P99 -> p99), None))
        )
      )
    }
  }

  private def gatedRun(): Path = {
    val summary =
      CraftedSummaries.summary("Raid", Map(List("mint") -> CraftedSummaries.ok(180, 200, 220)), runId = "raid-today")
        .copy(gate = Some(GateVerdict(Nil, Nil, None, Nil, Nil)))
    val dir = Files.createDirectories(archive.resolve("raid-today"))
    RunArchive.writeAtomically(dir.resolve(RunArchive.SummaryJsonName), SummaryJson.write(summary))
    dir
  }

  private def run(line: String): (Int, String) = {
    val args = "-Dexec.args=\"([^\"]*)\"".r.findFirstMatchIn(line).map(_.group(1))
      .getOrElse(fail(s"no -Dexec.args in $line")).split(' ').filter(_.nonEmpty).toList
    val out = new ByteArrayOutputStream
    val status = Console.withOut(out)(ResultsCli.run(args ++ Seq("--results", archive.toString)))
    (status, out.toString)
  }

  @Test def everyHistoryCommandShownRunsOnAPlantedHistory(): Unit = {
    plant()
    val runDir = gatedRun()
    val table = home.resolve("past-figures.csv")
    Files.writeString(
      table,
      "run,time,commit,system,path,metric,value\nold-1,2026-09-01T02:00:00Z,f00d,raid,mint,p99,190\nold-1,2026-09-01T02:00:00Z,f00d,raid,mint,p95,150\n"
    )
    val shown =
      DocRuns.shownIn(Page, "$CLI -Dexec.args=\"history ").map(c => c.command.split(' ')(2).stripSuffix("\"") -> c)
        .toMap
    assertEquals(Set("add", "list", "changes", "import", "accept"), shown.keySet)
    def substituted(form: String) =
      shown(form).command.replace("results/<run>", runDir.toString).replace("<run>", "nightly-20")
        .replace("past-figures.csv", table.toString)

    val (added, addOut) = run(substituted("add"))
    assertEquals(0, added, addOut)
    assertEquals(31, HistoryStore.read(HistoryStore.folder(archive)).records.size, addOut)

    val (listed, listOut) = run(substituted("list"))
    assertEquals(0, listed, listOut)
    assertTrue(listOut.contains("history: 31 runs in"), listOut)

    val (changed, changesOut) = run(substituted("changes"))
    assertEquals(7, changed, changesOut)
    val lines = changesOut.linesIterator.toSeq
    assertEquals(1, lines.size, changesOut)
    val json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.head)
    assertEquals(
      ("raid", "mint", "p99", "nightly-20"),
      (json.get("system").asText, json.get("path").asText, json.get("metric").asText, json.get("run").asText)
    )
    assertEquals(0.3, json.get("change").asDouble, 0.05, changesOut)
    // Since the day after it began (2026-11-04): none.
    assertTrue(substituted("changes").contains("--since 2026-11-01"), substituted("changes"))
    val (later, laterOut) = run(substituted("changes").replace("2026-11-01", "2026-11-05"))
    assertEquals((0, ""), (later, laterOut.trim))

    val (imported, importOut) = run(substituted("import"))
    assertEquals(0, imported, importOut)
    assertTrue(HistoryStore.read(HistoryStore.folder(archive)).records.exists(r =>
      r.runId == "old-1" && r.verdict.isEmpty
    ))

    val (accepted, acceptOut) = run(substituted("accept"))
    assertEquals(0, accepted, acceptOut)
    val (afterAccept, afterOut) = run(substituted("changes"))
    assertEquals(0, afterAccept, s"the only change point is accepted:\n$afterOut")
    assertTrue(afterOut.contains("\"accepted\":true"), afterOut)
  }
}
