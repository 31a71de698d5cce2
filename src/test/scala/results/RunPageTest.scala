package results

import results.model.{
  CheckRule,
  Entry,
  ErrorCount,
  GateCheck,
  GateVerdict,
  Metric,
  PercentileInterval,
  Problem,
  ProblemKind,
  Tally,
  Timeline,
  TimelinePoint,
  TimelineSeries,
  WindowLabel
}
import results.render.{ RunPage, Verdicts }
import results.summarize.OrderStatistics

import java.nio.file.Files

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

import scala.jdk.CollectionConverters._

/** results/<run>/run.html: verdict and why first, what was run, and the figures its charts draw. */
class RunPageTest {
  private val crafted = CraftedSummaries.summary(
    "RaidSimulation",
    Map(List("mint raid") -> CraftedSummaries.ok(2000, 2010, 2500), List("read raid") -> CraftedSummaries.ok(5, 6, 7)),
    startEpochMs = 1000000L,
    runId = "raid-20261124"
  )
  private val failed = crafted.copy(
    run = crafted.run.copy(
      overrides = Map("sandbox.stubs.delay.ms" -> "2500", "scale" -> "0.5"),
      runDescription = "target loopback, profile smoke",
      gitCommit = "abc123def456"
    ),
    gate = Some(GateVerdict(
      Seq(
        GateCheck("mint raid", Metric.Percentile(99), Some(2500), 2200, atMost = true),
        GateCheck("read raid", Metric.Percentile(95), Some(7), 100, atMost = true)
      ),
      Nil,
      None,
      Nil,
      Nil
    )),
    errors = Seq(
      ErrorCount("status.find.in([200, 209], 304), but actually found 503", 3, List("mint raid")),
      ErrorCount("Request timeout", 1, List("mint raid"))
    ),
    timeline = Some(Timeline(
      1000000L,
      1000,
      Seq(TimelineSeries(Entry.GlobalName, Seq(TimelinePoint(0, 6, 0, 7, 2500, 2500))))
    ))
  )

  private def data(page: String): JsonNode = {
    val json = """(?s)<script type="application/json" id="data">(.*?)</script>""".r.findFirstMatchIn(page).get.group(1)
    new ObjectMapper().readTree(json)
  }

  @Test def theVerdictAndWhyComeFirst(): Unit = {
    val page = RunPage.render(failed, Nil, Set.empty)
    val verdict = page.indexOf("""<span class="verdict fail" id="verdict">FAIL</span>""")
    val why = page.indexOf("mint raid: p99: measured 2500 ms, allowed at most 2200 ms")
    assertTrue(verdict > 0 && why > verdict, page)
    assertTrue(why < page.indexOf("What was run"), "the reasons come before everything else")
  }

  /** A tally's table: each key's counts, every key together, and a total only where categories add up. */
  @Test def everyTallyHasItsTable(): Unit = {
    val page = RunPage.render(
      failed.copy(tallies =
        Seq(
          Tally("cache status", Seq("hit", "miss"), Seq("home" -> Map("hit" -> 9L, "miss" -> 1L))),
          Tally("records per extraction", Seq("records"), Seq("#1 at 05:36:33 UTC, 345 ms" -> Map("records" -> 8L)))
        )
      ),
      Nil,
      Set.empty
    )
    val cells = (row: String) => row.split(",").map(c => s"""<td class="n">$c</td>""").mkString
    assertTrue(page.contains("<h2>cache status</h2>"), page)
    assertTrue(page.contains("<th>Key</th><th>hit</th><th>miss</th><th>Total</th>"), page)
    assertTrue(page.contains(s"<tr><td>home</td>${cells("9,1,10")}</tr>"), page)
    assertTrue(page.contains("<th>Key</th><th>records</th></tr>"), page)
    assertTrue(page.contains(s"<tr><td>#1 at 05:36:33 UTC, 345 ms</td>${cells("8")}</tr>"), page)
    assertTrue(page.contains(s"<tr><td>All</td>${cells("8")}</tr>"), page)
  }

  @Test def everySettingOfTheRunIsShown(): Unit = {
    val page = RunPage.render(failed, Nil, Set.empty)
    Seq(
      "<code>sandbox.stubs.delay.ms=2500</code>",
      "<code>scale=0.5</code>",
      "target loopback, profile smoke",
      "abc123def456",
      "<th>Profile</th><td>smoke</td>",
      "<th>Shard</th><td>1/1</td>",
      "<th>Target</th><td>loopback</td>"
    ).foreach(text => assertTrue(page.contains(text), s"$text in\n$page"))
  }

  @Test def thresholdsArePassedToTheChartsOfTheirRequests(): Unit = {
    val charts = data(RunPage.render(failed, Nil, Set.empty)).get("percentiles").elements().asScala.toSeq
    def limits(name: String) = charts.find(_.get("name").asText() == name).get.get("limits").elements().asScala
      .map(l => l.get("metric").asText() -> l.get("allowedMs").asDouble()).toSeq
    assertEquals(Seq("p99" -> 2200.0), limits("mint raid"))
    assertEquals(Seq("p95" -> 100.0), limits("read raid"))
    assertEquals(Nil, limits(Entry.GlobalName))
    val curve = charts.find(_.get("name").asText() == "mint raid").get.get("curve").elements().asScala.toSeq
    assertEquals(2500.0, curve.last.get(1).asDouble(), 2.0, "the curve ends at the slowest response")
  }

  @Test def errorsAreBrokenDownByRequestStatusAndMessage(): Unit = {
    val page = RunPage.render(failed, Nil, Set.empty)
    assertTrue(
      page.contains(
        """<tr><td>mint raid</td><td class="n">503</td><td>status.find.in([200, 209], 304), but actually found 503</td><td class="n">3</td></tr>"""
      ),
      page
    )
    assertTrue(page.contains("""<td class="n">-</td><td>Request timeout</td>"""), page)
  }

  @Test def anIncompleteRunSaysWhy(): Unit = {
    val incomplete =
      crafted.copy(gate =
        Some(GateVerdict(
          Nil,
          Nil,
          None,
          Seq(Problem.ofRun(ProblemKind.UsersNotStarted, "12 of the 20 planned users started")),
          Nil
        ))
      )
    val page = RunPage.render(incomplete, Nil, Set.empty)
    assertTrue(page.contains("""id="verdict">INCOMPLETE</span>"""), page)
    assertTrue(page.contains("incomplete: 12 of the 20 planned users started"), page)
  }

  @Test def thePageLinksToTheGatlingReportAndTheReportBack(): Unit = {
    val root = Files.createTempDirectory("results-")
    val runDir = Files.createDirectories(root.resolve(crafted.run.runId))
    Files.writeString(
      runDir.resolve("index.html"),
      "<html><head></head><body class=\"x\"><div>Gatling</div></body></html>"
    )
    SiteFiles.runPage(runDir, failed)
    SiteFiles.runPage(runDir, failed)
    val report = Files.readString(runDir.resolve("index.html"))
    assertEquals(1, "href=\"run.html\"".r.findAllIn(report).size, report)
    assertTrue(Files.readString(runDir.resolve("run.html")).contains("""href="index.html">Gatling&#39;s report"""))
    assertTrue(Files.size(root.resolve("assets").resolve("echarts.min.js")) > 500000, "ECharts copied beside the pages")
  }

  /** 1,000 answers of 1 to 1,000 ms: each sample's value is its rank (HdrHistogram keeps them exact), so the p99's
    * interval is the order statistics' ranks themselves; 3 answers cannot bound a p99 from above.
    */
  @Test def eachPercentileShowsItsIntervalAndTooFewSamplesSaySo(): Unit = {
    val summary = CraftedSummaries.summary(
      "RaidSimulation",
      Map(List("mint raid") -> CraftedSummaries.ok(1 to 1000: _*), List("read raid") -> CraftedSummaries.ok(5, 6, 7))
    )
    val page = RunPage.render(summary, Nil, Set.empty)
    val (lower, upper) = OrderStatistics.ranks(1000, 99, 95)
    assertTrue(lower < 990 && upper > 990 && upper <= 1000, s"ranks $lower-$upper")
    assertTrue(page.contains(s"""<td class="n">990 ($lower-$upper)</td>"""), page)
    val (readLower, readUpper) = OrderStatistics.ranks(3, 99, 95)
    assertTrue(readUpper > 3, "3 samples leave the p99's upper rank beyond the slowest")
    assertTrue(page.contains(s"""<td class="n">7 (${Seq(5, 6, 7)(readLower.toInt - 1)}-?)</td>"""), page)
    assertTrue(page.contains("Percentiles with their 95 % confidence intervals (ms)"), page)
    assertTrue(page.contains("&#39;?&#39;: too few samples to bound it from above"), page)
  }

  @Test def eachCheckShowsItsIntervalAndResult(): Unit = {
    val checked = failed.copy(gate =
      failed.gate.map(_.copy(checks =
        Seq(GateCheck(
          "mint raid",
          Metric.Percentile(99),
          Some(2500),
          2200,
          atMost = true,
          Some(PercentileInterval(2400, None)),
          CheckRule.Interval
        ))
      ))
    )
    val page = RunPage.render(checked, Nil, Set.empty)
    assertTrue(
      page.contains(
        """<tr><td>mint raid: p99</td><td class="n">2500 ms (2400-?)</td><td class="n">2200 ms</td><td><span class="verdict fail">FAIL</span></td></tr>"""
      ),
      page
    )
  }

  @Test def cyclesLabelTheirConcurrency(): Unit = {
    assertEquals(Some(1000L), Verdicts.concurrency(WindowLabel.Level(3, 2, 1000)))
    assertEquals(Some(1L), Verdicts.concurrency(WindowLabel.Cycle(1, Some(1))))
    assertEquals(None, Verdicts.concurrency(WindowLabel.Steady))
  }
}
