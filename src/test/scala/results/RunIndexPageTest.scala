package results

import results.model.{
  ArchivedRun,
  Entry,
  GateCheck,
  GateVerdict,
  Metric,
  Problem,
  ProblemKind,
  RunContext,
  RunCourse,
  RunShard
}

import results.render.RunIndexPage

import java.nio.file.{ Files, Paths }

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

import scala.jdk.CollectionConverters._

/** results/index.html: the runs table, and trends that never mix settings nor draw a void run. */
class RunIndexPageTest {
  private def run(
      runId: String,
      start: Long,
      profile: String = "reference",
      overrides: Map[String, String] = Map.empty,
      gate: Option[GateVerdict] = None,
      p99: Int = 2010
  ): ArchivedRun = {
    val crafted = CraftedSummaries.summary(
      "RaidSimulation",
      Map(List("mint raid") -> CraftedSummaries.ok(2000, p99)),
      startEpochMs = start,
      runId = runId
    )
    val summary = crafted.copy(run = crafted.run.copy(profile = profile, overrides = overrides), gate = gate)
    ArchivedRun(Paths.get(runId), None, Some(summary), None, 0L)
  }

  private def verdict(incomplete: Seq[Problem] = Nil, invalid: Seq[Problem] = Nil, p99LimitMs: Double = 3000) =
    GateVerdict(
      Seq(GateCheck("mint raid", Metric.Percentile(99), Some(2010), p99LimitMs, atMost = true)),
      Nil,
      None,
      incomplete,
      invalid
    )

  /** The figures the page hands to its charts. */
  private def data(page: String): JsonNode = {
    val json = """(?s)<script type="application/json" id="data">(.*?)</script>""".r.findFirstMatchIn(page).get.group(1)
    new ObjectMapper().readTree(json)
  }
  private def trends(page: String): Seq[JsonNode] = data(page).get("trends").elements().asScala.toSeq
  private def points(trend: JsonNode, series: String): Seq[String] =
    trend.get("series").elements().asScala.find(_.get("name").asText() == series).get
      .get("points").elements().asScala.map(_.get("run").asText()).toSeq

  @Test def everyRunIsListedWithItsRunPageAndReportAndVerdict(): Unit = {
    val page = RunIndexPage.render(Seq(run("raid-1", 1000, gate = Some(verdict())), run("raid-2", 2000)))
    assertTrue(page.contains("""href="raid-1/run.html""""), page)
    assertTrue(page.contains("""href="raid-2/index.html""""), page)
    assertTrue(page.contains("""<td class="verdict pass">PASS</td>"""), page)
    assertTrue(page.contains("""<td class="verdict none">NO VERDICT</td>"""), page)
    assertTrue(page.contains("""src="assets/echarts.min.js""""), "ECharts from the copy beside the page, not a CDN")
  }

  @Test def runsWithOtherOverridesOrProfilesAreOtherSeries(): Unit = {
    val page = RunIndexPage.render(Seq(
      run("raid-1", 1000, overrides = Map("sandbox.stubs.delay.ms" -> "500")),
      run("raid-2", 2000, overrides = Map("sandbox.stubs.delay.ms" -> "2500")),
      run("raid-3", 3000, overrides = Map("sandbox.stubs.delay.ms" -> "500")),
      run("raid-4", 4000, profile = "smoke")
    ))
    val all = trends(page)
    assertEquals(3, all.size, "one trend per profile and set of overrides")
    val settings = all.map(t => t.get("settings").asText() -> points(t, "mint raid")).toMap
    assertEquals(Seq("raid-1", "raid-3"), settings("sandbox.stubs.delay.ms=500"))
    assertEquals(Seq("raid-2"), settings("sandbox.stubs.delay.ms=2500"))
    assertEquals(Seq("raid-4"), settings("no overrides"))
    assertTrue(page.contains("<code>sandbox.stubs.delay.ms=2500</code>"), page)
  }

  @Test def incompleteAndInvalidRunsAreMarkedNeverDrawn(): Unit = {
    val page = RunIndexPage.render(Seq(
      run("raid-1", 1000, gate = Some(verdict())),
      run("raid-2", 2000, gate = Some(verdict(incomplete = Seq(Problem.StoppedBeforeEnd)))),
      run(
        "raid-3",
        3000,
        gate = Some(verdict(invalid = Seq(Problem.ofRun(ProblemKind.InjectorSaturated, "injector CPU 99 %"))))
      ),
      run("raid-4", 4000, gate = Some(verdict()))
    ))
    val trend = trends(page).head
    assertEquals(Seq("raid-1", "raid-4"), points(trend, Entry.GlobalName))
    assertEquals(Seq("raid-1", "raid-4"), points(trend, "mint raid"))
    assertEquals(
      Seq("INCOMPLETE: raid-2", "INVALID: raid-3"),
      trend.get("marked").elements().asScala.map(m => s"${m.get("verdict").asText()}: ${m.get("run").asText()}").toSeq
    )
    assertTrue(page.contains("""<td class="verdict void">INCOMPLETE</td>"""), page)
  }

  @Test def aRunStoppedBeforeAnyFiguresIsMarkedOnItsSeries(): Unit = {
    val stopped = ArchivedRun(
      Files.createDirectories(Files.createTempDirectory("results-").resolve("raid-2")),
      Some(RunContext("RaidSimulation", Seq("raid"), "loopback", "reference", RunShard.Whole, Map.empty, Nil, Nil)
        .copy(course = RunCourse(None, None, reachedEnd = false, None, None, None))),
      None,
      None,
      2000L
    )
    val page = RunIndexPage.render(Seq(run("raid-1", 1000, gate = Some(verdict())), stopped))
    val trend = trends(page).head
    assertEquals(1, trends(page).size)
    assertEquals(Seq("raid-1"), points(trend, "mint raid"))
    assertEquals(Seq("raid-2"), trend.get("marked").elements().asScala.map(_.get("run").asText()).toSeq)
  }

  @Test def theNewestRunsThresholdsAreInTheChartData(): Unit = {
    val page = RunIndexPage.render(Seq(
      run("raid-1", 1000, gate = Some(verdict(p99LimitMs = 3000))),
      run("raid-2", 2000, gate = Some(verdict(p99LimitMs = 2500)))
    ))
    val series = trends(page).head.get("series").elements().asScala.find(_.get("name").asText() == "mint raid").get
    val limits =
      series.get("limits").elements().asScala.map(l => l.get("metric").asText() -> l.get("allowedMs").asDouble())
    assertEquals(Seq("p99" -> 2500.0), limits.toSeq)
  }
}
