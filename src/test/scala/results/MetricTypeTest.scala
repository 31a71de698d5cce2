package results

import results.model.{
  CapacityRecord,
  CapacityResult,
  CapacitySearch,
  CapacityStepRecord,
  Entry,
  GateCheck,
  GateVerdict,
  LoadUnit,
  Metric,
  SearchEnd,
  StepFigures,
  StepRequest,
  StepVerdict
}
import results.render.{ CapacityPage, CapacityText, SitePages, SystemSections }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** The site, summary.md and the capacity answer pick a check by its metric's type, never by its words: a check
  * whose subject says "p99" but that is an error share, or a p99 against the baseline, is no percentile limit.
  */
class MetricTypeTest {
  private val p99Lookup = "p99 lookup"

  private def check(subject: String, metric: Metric, allowed: Double) =
    GateCheck(subject, metric, Some(1), allowed, atMost = true)

  private val checks = Seq(
    check(Entry.GlobalName, Metric.ErrorShare, 1),
    check(Entry.GlobalName, Metric.Percentile(95), 200),
    check(Entry.GlobalName, Metric.Percentile(99), 300),
    check(Entry.GlobalName, Metric.P99VsBaseline, 400),
    check(p99Lookup, Metric.ErrorShare, 5)
  )
  private val summary = CraftedSummaries
    .summary("RaidSimulation", Map(List(p99Lookup) -> ok(100, 200)))
    .copy(gate = Some(GateVerdict(checks, Nil, None, Nil, Nil)))

  @Test def thePagesPercentileLimitsAreThePercentileChecks(): Unit = {
    assertEquals(
      Seq(
        SitePages.fields("metric" -> "p95", "percentile" -> 95.0, "allowedMs" -> 200.0),
        SitePages.fields("metric" -> "p99", "percentile" -> 99.0, "allowedMs" -> 300.0)
      ),
      SitePages.percentileLimits(summary, Entry.GlobalName)
    )
    assertEquals(Nil, SitePages.percentileLimits(summary, p99Lookup), "an error share, whatever its subject says")
  }

  @Test def aSystemsP99LimitIsItsP99Check(): Unit = {
    val system = CraftedSummaries.system("raid")
    val run = summary.copy(systems = Seq(system))
    def limit(own: Seq[GateCheck]) =
      SystemSections.rows(run.copy(gate = Some(GateVerdict(own, Nil, None, Nil, Nil)))).map(_.p99LimitMs)
    assertEquals(
      Seq(Some(300.0)),
      limit(Seq(check(system.subject, Metric.P99VsBaseline, 400), check(system.subject, Metric.Percentile(99), 300)))
    )
    assertEquals(
      Seq(None),
      limit(Seq(check(system.subject, Metric.Percentile(95), 200), check(system.subject, Metric.ErrorShare, 99)))
    )
  }

  @Test def theCapacityCurvesLimitsAreItsP99AndErrorShareChecks(): Unit = {
    val figures = StepFigures(
      CapacityStepRecord(1, 0, 10000, passedLive = true),
      Seq(StepRequest(List("mint raid"), 100, 1, 250, 200, 150))
    )
    val stepChecks = Seq(
      check("mint raid", Metric.Percentile(95), 2000),
      check("mint raid", Metric.Percentile(99), 3000),
      check("mint raid", Metric.ErrorShare, 10),
      // a request whose name ends with the global one's is still a request
      check(s"mint ${Entry.GlobalName}", Metric.ErrorShare, 20),
      check(s"raid ${Entry.GlobalName}", Metric.Percentile(99), 4000),
      check(s"raid ${Entry.GlobalName}", Metric.ErrorShare, 5)
    )
    val record =
      CapacityRecord("open", 50, LoadUnit.Arrivals, 0.25, 8, 600000, Seq(figures.step), SearchEnd.Stopped, false)
    val result =
      CapacityResult(CapacitySearch("raid", record, Seq(figures)), Seq(StepVerdict(figures, stepChecks)), None)
    val data = CapacityPage.chartData(summary.copy(gate = summary.gate.map(_.copy(capacity = Seq(result))))).head
    assertEquals(Seq(SitePages.fields("allowedMs" -> 3000.0, "names" -> "mint raid")), data("limits"))
    assertEquals(Some(5.0), data("errorLimit"))
  }

  @Test def aBreachIsWrittenInItsMetricsUnit(): Unit = {
    assertEquals(
      "mint raid p99 3,420 ms > 3,000 ms",
      CapacityText.breach(GateCheck("mint raid", Metric.Percentile(99), Some(3420), 3000, atMost = true))
    )
    assertEquals(
      "raid All Requests error % 12.50 % > 1 %",
      CapacityText.breach(GateCheck("raid All Requests", Metric.ErrorShare, Some(12.5), 1, atMost = true))
    )
    assertEquals(
      "raid carried 3x < 3.70x",
      CapacityText.breach(GateCheck("raid", Metric.Carried, Some(3), 3.7, atMost = false))
    )
  }
}
