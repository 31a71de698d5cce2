package results

import results.model.{ RunWindow, WindowKind, WindowLabel, WindowSummary }
import results.render.SummaryMarkdown

import java.nio.file.Files
import javax.imageio.ImageIO

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** Per-window figures of a crafted run of two cycles, against a hand computation (T = 1.5 s, tolerating
  * up to 6 s, a failure frustrated; times at most 2,047 ms, which HdrHistogram keeps exactly).
  */
class WindowFiguresTest {
  // Cycle 1, 10 s: satisfied 100, 300, 1500; tolerating 1501, 2000; one failure (50 ms) frustrated.
  private val firstCycle = ok(100, 300, 1500, 1501, 2000) :+ (50 -> false)
  // Cycle 2, 5 s: all satisfied.
  private val secondCycle = ok(100, 200, 300, 400)

  private def cycle(label: WindowLabel, fromMs: Long, toMs: Long, pages: Seq[CraftedSummaries.Sample]) = {
    val seconds = (toMs - fromMs) / 1000.0
    WindowSummary(
      RunWindow(WindowKind.Cycle, label, fromMs, toMs),
      Some(CraftedSummaries.entry(Nil, pages, seconds)),
      Nil,
      Seq(
        CraftedSummaries.entry(List("Page"), pages, seconds),
        // A nested group is part of its parent: not a row of its own.
        CraftedSummaries.entry(List("Page", "Images"), ok(7), seconds)
      ),
      Nil
    )
  }

  private val run = CraftedSummaries.summary("Cycles", Map(List("page") -> (firstCycle ++ secondCycle))).copy(
    windows =
      Seq(
        cycle(WindowLabel.Cycle(1, Some(1)), 0, 10000, firstCycle),
        cycle(WindowLabel.Cycle(2, Some(2)), 10000, 15000, secondCycle)
      )
  )

  @Test def eachCyclesPagesPerSecondFastestSlowestP95ErrorsAndApdexMatchTheHandComputation(): Unit = {
    val page = SummaryMarkdown.render(run)
    Seq(
      // 6 pages in 10 s; fastest 50, p95 the 6th of 6 (2000), slowest 2000; 1 KO; Apdex (3 + 2/2) / 6 = 0.67.
      "| cycle 1 (1 user) | Page | 6 | 0.6 | 50 | 2000 | 2000 | 1 | 0.67 | Poor |",
      // 4 pages in 5 s; p95 the 4th of 4; Apdex 4 / 4.
      "| cycle 2 (2 users) | Page | 4 | 0.8 | 100 | 400 | 400 | 0 | 1.00 | Excellent |"
    ).foreach(row => assertTrue(page.contains(row), s"$row in:\n$page"))
    assertFalse(page.contains("| Page / Images |"), "top-level groups only")
  }

  @Test def theChartOverTheCyclesIsAPng(): Unit = {
    val file = results.SiteFiles.windowChart(run, Files.createTempDirectory("windows-"))
    val image = ImageIO.read(file.toFile)
    assertEquals((1000, 500), (image.getWidth, image.getHeight), s"a PNG: $file")
  }

  @Test def aRunWithoutGroupsHasNoByGroupTable(): Unit = {
    val withoutGroups = run.copy(windows = run.windows.map(_.copy(groups = Nil)))
    val page = SummaryMarkdown.render(withoutGroups)
    assertTrue(page.contains("## Per window"), page)
    assertFalse(page.contains("by group"), page)
  }
}
