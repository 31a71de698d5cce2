package results

import results.model.{
  CurveSpec,
  RunContext,
  RunShard,
  RunSummary,
  RunWindow,
  ThroughputCurve,
  WindowKind,
  WindowLabel,
  WindowSummary
}

import results.archive.SummaryJson
import results.render.SummaryMarkdown
import results.summarize.ShardMerge

import java.nio.file.Files
import javax.imageio.ImageIO

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** A crafted sweep of 3 levels x 3 repeats: the curve's table and headroom against a hand computation. */
class ThroughputCurveTest {
  private val spec = CurveSpec("uploads", "Pair", "pairs", 10, 15)

  /** Level `level` of repeat `repeat` with `users` users: `pairs` OK pairs, one failed, in `ms`; other groups
    * (another top-level one, one nested in a pair) count for nothing.
    */
  private def level(level: Int, repeat: Int, users: Long, pairs: Long, fromMs: Long, ms: Long) = {
    val seconds = ms / 1000.0
    val samples = Seq.fill(pairs.toInt)(5 -> true) :+ (7 -> false)
    WindowSummary(
      RunWindow(WindowKind.Level, WindowLabel.Level(level, repeat, users), fromMs, fromMs + ms),
      Some(CraftedSummaries.entry(Nil, ok(5, 6), seconds)),
      Nil,
      Seq(
        CraftedSummaries.entry(List("Pair"), samples, seconds),
        CraftedSummaries.entry(List("Other"), ok(1, 2, 3), seconds),
        CraftedSummaries.entry(List("Pair", "Inner"), ok(1, 2, 3), seconds)
      ),
      Nil
    )
  }

  // (level, users) -> per repeat (pairs, ms): level 1 at 1 user: 100, 120, 110 pairs/s; level 2: 200, 180, 240;
  // level 3 (1,000 users): 150, 150, 300.
  private val measured = Seq(
    (1, 1L) -> Seq((500L, 5000L), (600L, 5000L), (550L, 5000L)),
    (2, 2L) -> Seq((500L, 2500L), (450L, 2500L), (600L, 2500L)),
    (3, 1000L) -> Seq((300L, 2000L), (150L, 1000L), (600L, 2000L))
  )
  private val windows = for {
    repeat <- 1 to 3
    ((lvl, users), runs) <- measured
  } yield {
    val (pairs, ms) = runs(repeat - 1)
    level(lvl, repeat, users, pairs, repeat * 100000L + lvl * 10000L, ms)
  }
  private val curve = ThroughputCurve.of(spec, windows)
  private val run =
    CraftedSummaries.summary("Sweep", Map(List("r") -> ok(5))).copy(windows = windows, curves = Seq(curve))

  @Test def eachLevelsMinMedianAndMaxOverRepeatsMatchTheHandComputation(): Unit = {
    assertEquals(
      Seq((1, 1L, Seq(100.0, 120.0, 110.0)), (2, 2L, Seq(200.0, 180.0, 240.0)), (3, 1000L, Seq(150.0, 150.0, 300.0))),
      curve.levels.map(l => (l.level, l.concurrency, l.perSecond))
    )
    assertEquals(
      Seq((100.0, 110.0, 120.0), (180.0, 200.0, 240.0), (150.0, 150.0, 300.0)),
      curve.levels.map(l => (l.min, l.median, l.max))
    )
    // The best median is level 2's 200, though level 3 peaked higher once: 200 / 15 and 200 / 10.
    assertEquals(Some(2), curve.best.map(_.level))
    assertEquals(Some((200.0 / 15, 20.0)), curve.headroom)
  }

  @Test def summaryMdShowsTheTableAndHeadroom(): Unit = {
    val page = SummaryMarkdown.render(run)
    Seq(
      "## Throughput curve: uploads, pairs/s against concurrency",
      "| Level | Users | R1 | R2 | R3 | Min | Median | Max |",
      "| 1 | 1 | 100 | 120 | 110 | 100 | 110 | 120 |",
      "| 2 | 2 | 200 | 180 | 240 | 180 | 200 | 240 |",
      "| 3 | 1000 | 150 | 150 | 300 | 150 | 150 | 300 |",
      "Best level: 2 (2 users), median 200 pairs/s: headroom 13.33x over the requirement's top (15 pairs/s), 20x over its bottom (10)."
    ).foreach(line => assertTrue(page.contains(line), s"$line in:\n$page"))
  }

  @Test def summaryJsonCarriesTheCurveAndReadsItBack(): Unit = {
    val file = Files.writeString(Files.createTempFile("summary-", ".json"), SummaryJson.write(run))
    val node = new ObjectMapper().readTree(file.toFile).get("curves").get(0)
    assertEquals(
      """{"level":1,"concurrency":1,"min":100.0,"median":110.0,"max":120.0,"perSecond":[100.0,120.0,110.0]}""",
      node.get("levels").get(0).toString
    )
    assertEquals("""{"level":2,"concurrency":2,"median":200.0}""", node.get("best").toString)
    assertEquals("""{"overRequirementMax":13.33,"overRequirementMin":20.0}""", node.get("headroom").toString)
    assertEquals(Seq(curve), SummaryJson.read(file).curves)
  }

  @Test def runJsonKeepsTheCurvesTheSystemsAskedFor(): Unit = {
    val context =
      RunContext("Sweep", Seq("uploads"), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil, curves = Seq(spec))
    val file = Files.writeString(Files.createTempFile("run-", ".json"), SummaryJson.writeContext(context, "r", "c"))
    assertEquals(Seq(spec), SummaryJson.readContext(file).curves)
  }

  @Test def aMergeOfShardsReadsTheCurveFromTheirMergedWindows(): Unit = {
    // Two shards each did half of every level's pairs in the same windows: the merged curve is the whole one.
    def half(s: RunSummary, id: String) = {
      val halved = s.windows.map(w =>
        w.copy(groups =
          w.groups.map(g => CraftedSummaries.entry(g.path, Seq.fill(g.figures.ok.toInt / 2)(5 -> true), 1))
        )
      )
      s.copy(
        run = s.run.copy(runId = id, shard = if (id == "a") RunShard.Part(1, 2) else RunShard.Part(2, 2)),
        windows = halved,
        curves = Seq(ThroughputCurve.of(spec, halved))
      )
    }
    val merged = ShardMerge.merge(Seq(half(run, "a"), half(run, "b")), "merged")
    assertEquals(curve.levels.map(_.median), merged.curves.head.levels.map(_.median))
  }

  @Test def theCurveIsAPng(): Unit = {
    val file = results.SiteFiles.curveChart("Sweep", curve, Files.createTempDirectory("curve-"))
    assertEquals("throughput-uploads.png", file.getFileName.toString)
    val image = ImageIO.read(file.toFile)
    assertEquals((1000, 500), (image.getWidth, image.getHeight), s"a PNG: $file")
  }
}
