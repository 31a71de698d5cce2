package results

import results.model.{
  ArchivedRun,
  Entry,
  PlannedWindow,
  RunContext,
  RunShard,
  SteadySource,
  SystemRecord,
  Verdict,
  WindowKind,
  WindowLabel
}

import results.archive.SummaryJson
import results.gate.{ BaselinePolicy, Gate, Limits, RunComparison, SystemVerdicts, Thresholds }
import results.render.{ ConsoleSummary, RunIndexPage, RunPage, SummaryMarkdown }
import results.summarize.{ ResultsSettings, RunSummarizer, ShardMerge }

import java.nio.file.{ Files, Path }

import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** A run of two systems at other times and rates, read system by system: system A runs from 0 to 60 s at
  * 10 requests/s, system B from 30 to 90 s at 100 requests/s (its profile marks 40 to 80 s as steady). Each
  * system's steady window, requests/s and verdict is its own; each request's rate is over its own interval.
  */
class SystemFiguresTest {
  private val start = 1795000000000L
  private val settings = ResultsSettings(Path.of("unused"), 1500, 10000, 60000, 60000, ResultsSettings.NoBaseline, 1000)

  private def craftedRun(): Path = {
    val dir = Files.createTempDirectory("two-systems")
    val writer = SimulationLogWriter.open(dir, "crafted.TwoSystems", start, "alpha", Seq("beta"))
    // One user a second per system, each sending its requests in that second, one after another.
    (0 until 90).foreach { s =>
      val t = start + s * 1000L
      if (s < 60) {
        writer.user(started = true, t, "alpha")
        (0 until 10).foreach(i => writer.request("a - home", t + i * 100, t + i * 100 + 20, None))
        writer.user(started = false, t + 999, "alpha")
      }
      if (s >= 30) {
        writer.user(started = true, t, "beta")
        (0 until 100).foreach(i => writer.request("b - home", t + i * 10, t + i * 10 + 5, None))
        writer.user(started = false, t + 999, "beta")
      }
    }
    writer.close()
    writer.logFile.getParent
  }

  private val context = RunContext(
    "TwoSystems",
    Seq("alpha", "beta"),
    "local",
    "alpha: smoke, beta: steady",
    RunShard.Whole,
    Map.empty,
    Nil,
    Nil,
    systemRecords = Seq(
      SystemRecord("alpha", "smoke", Seq("alpha"), Some(60), requests = Seq(List("a - home"))),
      SystemRecord(
        "beta",
        "steady",
        Seq("beta"),
        Some(60),
        plannedSteady = Some(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 40000, 80000)),
        requests = Seq(List("b - home"))
      )
    )
  )

  private lazy val summary =
    RunSummarizer.summarize(craftedRun(), context, RunSummarizer.RunIdentity("crafted", "test"), settings)

  @Test def eachSystemHasItsOwnSpanSteadyWindowAndRate(): Unit = {
    assertEquals(2, summary.systems.size)
    val (a, b) = (summary.systems(0), summary.systems(1))
    assertEquals(("alpha", "beta"), (a.key, b.key))
    assertEquals((600L, 6000L), (a.global.figures.count, b.global.figures.count))
    assertEquals(10.0, a.global.figures.requestsPerSecond, 0.01, "A over its own 60 s")
    assertEquals(100.0, b.global.figures.requestsPerSecond, 0.01, "B over its own 60 s")
    // A's profile marks no window and it ran shorter than the exclusions: its whole span.
    assertEquals((SteadySource.WholeRun, start, 600L), (a.steady.source, a.steady.startEpochMs, a.steady.requests))
    assertEquals(10.0, a.steady.requestsPerSecond, 0.05)
    assertEquals(
      (SteadySource.Profile, start + 40000, start + 80000, 4000L),
      (b.steady.source, b.steady.startEpochMs, b.steady.endEpochMs, b.steady.requests)
    )
    assertEquals(100.0, b.steady.requestsPerSecond, 0.01)
    assertEquals((Some(60L), 60L, 60L), (a.plannedUsers, a.startedUsers, a.endedUsers))
    assertEquals((60L, 60L), (b.startedUsers, b.endedUsers))
  }

  @Test def theRunsFiguresAreOnlyThoseMeaningfulAcrossSystems(): Unit = {
    assertEquals(6600L, summary.global.figures.count)
    assertEquals(6600 / 90.0, summary.global.figures.requestsPerSecond, 0.01, "the run's own requests/s")
    assertEquals(SteadySource.WholeRun, summary.steady.source, "no one steady window spans two systems")
    assertEquals(Nil, summary.steady.transactions, "no transactions summed across systems")
    val rates = summary.requests.map(r => r.name -> r.activeRequestsPerSecond).toMap
    assertEquals(10.0, rates("a - home"), 0.01, "A's request over the interval it ran in")
    assertEquals(100.0, rates("b - home"), 0.01, "B's request over the interval it ran in")
    assertEquals(600 / 90.0, summary.requests.head.figures.requestsPerSecond, 0.01, "Gatling's report's rate is kept")
  }

  @Test def eachSystemIsJudgedOnItsOwnFiguresAndTheRunIsItsWorst(): Unit = {
    def floor(perSecond: Double) = Limits(None, None, None, None, Some(perSecond))
    val thresholds = Thresholds(
      "crafted",
      Seq("alpha", "beta"),
      Limits.None,
      Seq(List("a - home") -> Limits(Some(10), None, None, None, None)),
      BaselinePolicy.Default,
      Nil,
      // Each floor holds over the system's own span, not over the run's 90 s.
      Map("alpha" -> floor(9), "beta" -> floor(90))
    )
    val gate = Gate.evaluate(summary, thresholds, None)
    val judged = SystemVerdicts.judged(summary, gate)
    val verdicts = judged.systems.map(s => s.key -> s.verdict).toMap
    assertEquals(
      Map("alpha" -> Some(Verdict.Fail), "beta" -> Some(Verdict.Pass)),
      verdicts,
      gate.checks.map(c => c.name -> c.outcome).toString
    )
    assertEquals(
      Seq("a - home: p99"),
      gate.failures.map(_.name),
      "A's floor of 9/s and B's of 90/s pass over their own spans"
    )
    assertEquals("FAIL", gate.label, "the run is its worst system's")

    val passing = Gate.evaluate(summary, thresholds.copy(paths = Nil), None)
    assertEquals(Set(Some(Verdict.Pass)), SystemVerdicts.judged(summary, passing).systems.map(_.verdict).toSet)
    assertEquals("PASS", passing.label)
  }

  @Test def eachSystemsVerdictIsStoredOnceAndEveryRendererReadsIt(): Unit = {
    val thresholds = Thresholds(
      "crafted",
      Seq("alpha", "beta"),
      Limits.None,
      Seq(List("a - home") -> Limits(Some(10), None, None, None, None)),
      BaselinePolicy.Default,
      Nil
    )
    val judged = SystemVerdicts.judged(summary, Gate.evaluate(summary, thresholds, None))
    assertEquals(Seq(Some(Verdict.Fail), Some(Verdict.Pass)), judged.systems.map(_.verdict))
    assertTrue(
      judged.gate.get.verdict == Verdict.worst(judged.systems.flatMap(_.verdict)),
      "the run is never better than its worst system"
    )
    // A stored verdict is what summary.md, run.html and summary.json show: none of them judges again.
    val stored = judged.copy(systems =
      judged.systems.map(s => if (s.key == "beta") s.copy(verdict = Some(Verdict.Invalid)) else s)
    )
    assertTrue(SummaryMarkdown.render(stored).contains("## beta: INVALID"))
    assertTrue(RunPage.render(stored, Nil, Set.empty).contains(">INVALID<"))
    val file = Files.createTempFile("summary", ".json")
    Files.writeString(file, SummaryJson.write(stored))
    assertEquals(Some(Verdict.Invalid), SummaryJson.read(file).systems(1).verdict, "read back as written")
    assertEquals(Seq(None, None), SystemVerdicts.ungated(judged).systems.map(_.verdict))
  }

  @Test def summaryJsonReadsBackIntoTheSameSystems(): Unit = {
    val file = Files.createTempFile("summary", ".json")
    Files.writeString(file, SummaryJson.write(summary))
    val read = SummaryJson.read(file)
    assertEquals(summary.systems, read.systems)
    assertEquals(summary.requests.map(_.span), read.requests.map(_.span))
    val tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile)
    assertFalse(tree.get("steady").has("transactionsPerHour"), "no transactions per hour summed across systems")
    assertEquals(100.0, tree.get("systems").get(1).get("steady").get("requestsPerSecond").asDouble(), 0.01)

    // A summary written before systems were read one by one still loads, as one run.
    val old = Files.createTempFile("old-summary", ".json")
    tree.asInstanceOf[com.fasterxml.jackson.databind.node.ObjectNode].remove("systems")
    Files.writeString(old, tree.toString)
    assertEquals(Nil, SummaryJson.read(old).systems)
  }

  @Test def summaryMdAndTheRunPageLeadWithTheSystemsThenOneSectionEach(): Unit = {
    val thresholds = Thresholds(
      "crafted",
      Seq("alpha", "beta"),
      Limits.None,
      Seq(List("a - home") -> Limits(Some(10), None, None, None, None)),
      BaselinePolicy.Default,
      Nil,
      Map("alpha" -> Limits(Some(1000), None, None, None, None), "beta" -> Limits.None)
    )
    val gated = SystemVerdicts.judged(summary, Gate.evaluate(summary, thresholds, None))
    val md = SummaryMarkdown.render(gated)
    val systems = md.indexOf("## Systems")
    assertTrue(systems > 0 && systems < md.indexOf("## alpha: FAIL"), md)
    assertTrue(md.indexOf("## alpha: FAIL") < md.indexOf("## beta: PASS"), md)
    // every answer of a system took the same time: its p99's interval is that time alone
    assertTrue(
      md.contains("| alpha | **FAIL** | 1 of 2 | smoke | 60 of 60 | 10 | 10.01 | 20 (20-20) (limit 1000) | 0 | 0 |"),
      md
    )
    assertTrue(md.contains("| beta | PASS | 0 of 0 | steady | 60 of 60 | 100 | 100 | 5 (5-5) | 0 | 0 |"), md)
    assertTrue(md.contains("| b - home | 6000 | 6000 | 0 | 0 | 100 |"), "B's request at its own rate:\n" + md)
    assertFalse(md.contains("## Requests ("), "no flat table of every system's requests")
    assertTrue(md.contains("over the run (2 systems"), md)
    assertEquals(SummaryMarkdown.NoTransactions, ConsoleSummary.transactionsLine(gated), "no 0.0 summed over systems")

    val page = RunPage.render(gated, Nil, Set.empty)
    assertTrue(page.contains("id=\"systems\""), "the systems table")
    assertTrue(page.indexOf("id=\"systems\"") < page.indexOf("id=\"system-alpha\""))
    assertTrue(page.indexOf("id=\"system-alpha\"") < page.indexOf("id=\"system-beta\""))
  }

  @Test def theIndexListsEachRunsSystemsAndCollapsesOverridesAndTrendsAndComparisonsPairSystems(): Unit = {
    val overrides = (1 to 40).map(i => s"targets.local.s$i.baseUrl" -> s"http://127.0.0.1:$i").toMap
    val gated = SystemVerdicts.judged(
      summary.copy(run = summary.run.copy(overrides = overrides)),
      Gate.evaluate(
        summary,
        Thresholds("crafted", Seq("alpha", "beta"), Limits.None, Nil, BaselinePolicy.Default, Nil),
        None
      )
    )
    val index = RunIndexPage.render(Seq(ArchivedRun(Path.of("two-1"), None, Some(gated), None, 0L)))
    assertTrue(index.contains("<summary>40 overrides</summary>"), "overrides collapsed to their count")
    assertTrue(index.contains("<div><span class=\"verdict pass\">PASS</span> alpha, beta</div>"), index)
    assertTrue(index.contains("All Requests (beta)"), "each system's requests together are a trend of their own")

    val rows = RunComparison.compare(gated, gated, BaselinePolicy.Default).rows.map(_.name)
    assertEquals(Seq(Entry.GlobalName, "All Requests (alpha)", "All Requests (beta)"), rows.take(3))
  }

  @Test def shardsMergeSystemBySystem(): Unit = {
    def shard(i: Int) = summary.copy(run = summary.run.copy(runId = s"shard-$i", shard = RunShard.Part(i, 2)))
    val merged = ShardMerge.merge(Seq(shard(1), shard(2)), "merged")
    assertEquals(Seq("alpha", "beta"), merged.systems.map(_.key))
    val beta = merged.systems(1)
    assertEquals((12000L, 120L), (beta.global.figures.count, beta.startedUsers), "both shards' parts add up")
    // Both shards ran over the same 60 s: twice the rate, over the union of their spans.
    assertEquals(200.0, beta.global.figures.requestsPerSecond, 0.01)
    assertEquals(200.0, beta.steady.requestsPerSecond, 0.01)
    assertEquals(Seq(List("b - home")), beta.requests)
    assertEquals(20.0, merged.requests.find(_.name == "a - home").get.activeRequestsPerSecond, 0.01)
  }
}
