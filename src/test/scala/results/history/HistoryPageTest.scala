package results.history

import results.SiteFiles
import results.archive.HistoryStore
import results.model.{ RunShard, Verdict }

import java.nio.file.{ Files, Path, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Random

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** results/history.html from a planted history: raid's `mint` 25 % slower at p99 from run 30 of 45, marked there
  * in the page's figures (where headless Chromium draws it: [[HistoryPageEndToEndTest]]);
  * `HistoryPageTest.main(<results dir>)` writes such an archive, to look at the page in a browser.
  */
class HistoryPageTest {
  @Test def eachSeriesIsChartedWithItsChangePointWhereItWasPlanted(): Unit = {
    val root = Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "history-page-")
    HistoryPageTest.plant(root)
    val page = Files.readString(SiteFiles.history(root).get)
    assertTrue(page.contains("<h1>History: 46 runs, 1 change points</h1>"), page)
    val data = new ObjectMapper().readTree(
      """(?s)<script type="application/json" id="data">(.*?)</script>""".r.findFirstMatchIn(page).get.group(1)
    )
    val series = data.get("systems").elements.asScala.flatMap(_.get("series").elements.asScala).toSeq
    val p99 = series.find(_.get("title").asText.startsWith("mint p99")).get
    assertEquals(45, p99.get("runs").size)
    assertEquals(Seq("night-30"), p99.get("changes").elements.asScala.map(_.get("run").asText).toSeq)
    // Its size, and the version raid (deployed on its own) said it ran from then on.
    assertTrue(
      p99.get("changes").get(0).get("label").asText.matches("""\+2\d(\.\d+)? % \(raid-api 5\.1\)"""),
      p99.toString
    )
    // The INVALID run is kept in the history and left out of the chart.
    assertFalse(p99.get("runs").elements.asScala.exists(_.asText == "night-invalid"))
  }

  @Test def theIndexLinksToThePageOnlyWhereAHistoryIsKept(): Unit = {
    val none = Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "no-history-")
    assertEquals(None, SiteFiles.history(none))
    assertFalse(Files.readString(SiteFiles.index(none)).contains("history.html"))
    val kept = Files.createTempDirectory(Paths.get("target/test-tmp"), "history-index-")
    HistoryPageTest.plant(kept)
    assertTrue(Files.readString(SiteFiles.index(kept)).contains("""<a href="history.html" id="history">history</a>"""))
  }
}

object HistoryPageTest {

  def plant(root: Path): Unit = {
    val random = new Random(30)
    val settings = SeriesSettings("RaidSimulation", "demo", "reference", RunShard.Merged(3), Map.empty)
    def record(runId: String, i: Int, verdict: Verdict, level: Double) = HistoryRecord(
      runId,
      f"c$i%05d",
      1790000000000L + i * 86400000L,
      settings,
      Some("platform 7"),
      Some(verdict),
      Seq(PathFigures(
        "raid",
        "mint",
        Some(5000),
        Map(
          SeriesMetric.P99 -> 400 * level * math.exp(0.06 * random.nextGaussian()),
          SeriesMetric.P50 -> 120 * math.exp(0.06 * random.nextGaussian())
        ),
        None
      )),
      systemVersions = Map("raid" -> (if (i >= 30) "raid-api 5.1" else "raid-api 5.0"))
    )
    (0 until 45).foreach { i =>
      HistoryStore.append(
        HistoryStore.folder(root),
        record(f"night-$i%02d", i, Verdict.Pass, if (i >= 30) 1.25 else 1.0)
      )
    }
    HistoryStore.append(HistoryStore.folder(root), record("night-invalid", 40, Verdict.Invalid, 5.0))
  }

  def main(args: Array[String]): Unit = {
    val root = Files.createDirectories(Paths.get(args.headOption.getOrElse("target/history-page")))
    plant(root)
    println(SiteFiles.index(root).resolveSibling("history.html").toAbsolutePath)
  }
}
