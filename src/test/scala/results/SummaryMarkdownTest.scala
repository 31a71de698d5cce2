package results

import results.model.{
  ErrorCount,
  GateCheck,
  GateVerdict,
  Metric,
  Problem,
  ProblemKind,
  RunContext,
  RunCourse,
  RunShard,
  RunWindow,
  WindowKind,
  WindowLabel,
  WindowSummary
}

import results.archive.SummaryJson
import results.render.SummaryMarkdown
import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** summary.md as CI, a PR or a chat message shows it: the verdict and the key figures first, plain text. */
class SummaryMarkdownTest {
  private val p99 = GateCheck("All Requests", Metric.Percentile(99), Some(2100), 5000, atMost = true)
  private val crafted = CraftedSummaries.summary(
    "Raid",
    Map(List("mint raid") -> (ok(2000, 2100) :+ (30 -> false)), List("Browse", "search") -> ok(3, 5, 7))
  )
  private val run = crafted.copy(
    run = crafted.run.copy(overrides = Map("scale" -> "0.5"), gitCommit = "abc123"),
    groups = Seq(CraftedSummaries.entry(List("Browse"), ok(3, 5, 7), 10)),
    errors = Seq(
      ErrorCount("status.find.is(201), but actually found 503", 1, List("mint raid")),
      ErrorCount("Request timeout to 127.0.0.1/127.0.0.1:18080 after 60000 ms", 1, List("Browse", "search"))
    ),
    gate = Some(GateVerdict(Seq(p99), Nil, None, Nil, Nil))
  )

  @Test def theFirstLinesAreTheVerdictAndTheKeyFigures(): Unit = {
    val lines = SummaryMarkdown.render(run).linesIterator.toSeq
    assertEquals("# PASS: Raid, run crafted", lines.head)
    assertEquals("PASS: 1 of 1 checks held.", lines(2))
    assertEquals(
      "6 requests, 1 KO (16.67 %), 0.6 requests/s in the steady window; p95 2100 ms, p99 2100 ms, max 2100 ms, Apdex 0.67 (Poor).",
      lines(4)
    )
    assertEquals("Target loopback, profile smoke, shard 1/1, overrides: `scale=0.5`, commit abc123.", lines(5))
    assertEquals(
      Seq("", "## Run", "", "- Systems: raid; target: loopback; profile: smoke; shard: 1/1"),
      lines.slice(6, 10)
    )
  }

  @Test def aFailureSaysWhyOnTheLinesAfterTheVerdict(): Unit = {
    val broken = p99.copy(allowed = 2000)
    val stop =
      "stopped early at 42.5 s: server error % over the last 30 s was 80 % (120 responses), allowed at most 50 %"
    val failed = run.copy(gate =
      Some(GateVerdict(
        Seq(broken),
        Nil,
        None,
        Nil,
        Nil,
        stoppedEarly = Seq(Problem.ofRun(ProblemKind.StoppedEarly, stop))
      ))
    )
    val lines = SummaryMarkdown.render(failed).linesIterator.toSeq
    assertEquals("# FAIL: Raid, run crafted", lines.head)
    assertEquals(
      Seq(
        "FAIL: 0 of 1 checks held; why:",
        s"- $stop",
        "- All Requests: p99: measured 2100 ms, allowed at most 2000 ms"
      ),
      lines.slice(2, 5)
    )
  }

  @Test def noHtmlEntitiesAnywhere(): Unit = {
    val page = SummaryMarkdown.render(run)
    assertFalse("&[a-zA-Z]+;|&#\\d+;".r.findFirstIn(page).isDefined, page)
    assertTrue(page.contains("| Browse / search | 3 |"), "a request inside a group is named by its path: " + page)
  }

  @Test def errorsAreBrokenDownByRequestStatusAndMessage(): Unit = {
    val page = SummaryMarkdown.render(run)
    assertTrue(page.contains("| Request | Status | Error | Count | % of KO |"), page)
    assertTrue(page.contains("| mint raid | 503 | status.find.is(201), but actually found 503 | 1 | 50 |"), page)
    assertTrue(
      page.contains("| Browse / search | - | Request timeout to 127.0.0.1/127.0.0.1:18080 after 60000 ms | 1 | 50 |"),
      page
    )
  }

  @Test def windowsAreNamedByWhatTheyAre(): Unit = {
    def window(kind: WindowKind, label: WindowLabel) =
      WindowSummary(RunWindow(kind, label, 0, 10000), Some(run.global), Nil, Nil, Nil)
    val page = SummaryMarkdown.render(
      run.copy(windows =
        Seq(
          window(WindowKind.Steady, WindowLabel.Hold),
          window(WindowKind.Cycle, WindowLabel.Cycle(2, Some(250))),
          window(WindowKind.Level, WindowLabel.Level(3, 2, 4))
        )
      )
    )
    Seq("| steady window: hold | 6 |", "| cycle 2 (250 users) | 6 |", "| sweep level 3, repeat 2 (4 users) | 6 |")
      .foreach(row => assertTrue(page.contains(row), s"$row in:\n$page"))
  }

  @Test def aWindowsPercentilesNeverExceedItsMaximum(): Unit = {
    // the row once read: 95th 10039, 99th 10039, Max 10038 (HdrHistogram's bucket above 8,191 ms is 8 ms wide)
    val slow = CraftedSummaries.entry(Nil, ok(Seq.fill(30)(9000) :+ 10038: _*), 10)
    val page = SummaryMarkdown.render(
      run.copy(windows =
        Seq(WindowSummary(
          RunWindow(WindowKind.Cycle, WindowLabel.Cycle(1, Some(1)), 0, 10000),
          Some(slow),
          Nil,
          Nil,
          Nil
        ))
      )
    )
    assertTrue(page.contains("| cycle 1 (1 user) | 31 | 3.1 | 9000 | 9007 | 10038 | 10038 |"), page)
  }

  @Test def anOldSummaryWithoutErrorPathsStillReads(): Unit = {
    val written = SummaryJson.write(run)
    val (before, errors) = written.splitAt(written.indexOf("\"errors\""))
    val json = before + """"path"\s*:\s*\[\s*"mint raid"\s*\]\s*,""".r.replaceFirstIn(errors, "")
    val file = java.nio.file.Files.createTempFile("summary-", ".json")
    java.nio.file.Files.writeString(file, json)
    val read = SummaryJson.read(file)
    assertEquals(Seq(List(), List("Browse", "search")), read.errors.map(_.path))
    assertEquals(Some(503), read.errors.head.status)
  }

  /** A run stopped before its log held a record: "ran" is the time its simulation recorded, 0 ms too, and
    * "unknown" only where it recorded none; summary.json keeps the difference.
    */
  @Test def aRunWithoutFiguresRanForTheTimeRecordedOrAnUnknownTime(): Unit = {
    val stopped = Problem.ofRun(ProblemKind.StoppedBeforeEnd, "stopped before the end of its plan")
    val verdict = GateVerdict(Nil, Seq("no figures"), None, Seq(stopped), Nil)
    def ran(elapsedMs: Option[Long]) = {
      val context = RunContext("Raid", Seq("raid"), "local", "reference", RunShard.Whole, Map.empty, Nil, Nil)
        .copy(course = RunCourse(Some(630), Some(660000), reachedEnd = false, elapsedMs, None))
      val settings = ResultsSettings(Paths.get("unused"), 500, 2000, 5000, 5000, ResultsSettings.NoBaseline, 100)
      val summary = RunSummarizer.withoutFigures(context, RunSummarizer.RunIdentity("r", "abc"), settings, 0, verdict)
      val file = Files.writeString(Files.createTempFile("summary-", ".json"), SummaryJson.write(summary))
      val read = SummaryJson.read(file)
      assertEquals(elapsedMs, read.completion.actualDurationMs, "read back from summary.json")
      val line = SummaryMarkdown.render(read).linesIterator.find(_.startsWith("- Plan:")).get
      line.substring(line.indexOf("ran: "))
    }
    assertEquals("ran: 4.2 s (INCOMPLETE)", ran(Some(4200)))
    assertEquals("ran: 0 s (INCOMPLETE)", ran(Some(0)))
    assertEquals("ran: unknown (INCOMPLETE)", ran(None))
  }
}
