package results

import results.model.{ EntryNesting, RunWindow, TransactionRate, WindowKind, WindowLabel, WindowSummary }
import results.render.{ ConsoleSummary, RequestColumns, SummaryMarkdown }

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.CraftedSummaries
import testkit.CraftedSummaries.ok

/** The summary as printed on the terminal, and the transactions figure on the terminal and in summary.md. */
class ConsoleSummaryTest {
  private val withoutGroups = {
    val plain =
      CraftedSummaries.summary("Raid", Map(List("mint raid") -> ok(2000, 2100), List("read raid") -> ok(3, 5, 7)))
    plain.copy(windows =
      Seq(WindowSummary(
        RunWindow(WindowKind.Steady, WindowLabel.Steady, 0, 10000),
        Some(plain.global),
        plain.requests,
        Nil,
        Nil
      ))
    )
  }

  /** 18 "Browse" transactions completed in the 10 s steady window: 6480 per hour. */
  private val withGroups = CraftedSummaries
    .summary(
      "Fixture",
      Map(List("Browse", "search") -> ok(10, 12), List("Browse", "home") -> ok(1, 2), List("broken") -> ok(4))
    )
    .copy(groups = Seq(CraftedSummaries.entry(List("Browse"), ok(11, 14), 10)))
  private val withTransactions =
    withGroups.copy(steady = withGroups.steady.copy(transactions = Seq(TransactionRate(List("Browse"), 18, 6480.0))))

  @Test
  def aSimulationWithoutGroupsHasNoTransactionsFigure(): Unit = {
    assertEquals(
      "Transactions per hour: none (this simulation defines no transactions)",
      ConsoleSummary.transactionsLine(withoutGroups)
    )
    val md = SummaryMarkdown.render(withoutGroups)
    assertTrue(md.contains("Transactions per hour: none (this simulation defines no transactions)."), md)
    assertTrue(md.linesIterator.exists(line => line.startsWith("| steady window | 5 |") && line.endsWith("| - |")), md)
  }

  @Test
  def aSimulationWithGroupsKeepsItsFigure(): Unit = {
    assertEquals(
      "Transactions per hour (steady window, whole run): 6480.0",
      ConsoleSummary.transactionsLine(withTransactions)
    )
    assertTrue(SummaryMarkdown.render(withTransactions).contains("| **All transactions** | 18 | **6480** |"))
    // groups, but none completed in the steady window: a measured zero
    assertEquals("Transactions per hour (steady window, whole run): 0.0", ConsoleSummary.transactionsLine(withGroups))
    assertTrue(SummaryMarkdown.render(withGroups).contains("No transactions (groups) completed in it."))
  }

  @Test
  def theLastLinesNameTheRunFolderUnderResults(): Unit =
    assertEquals(
      Seq(
        "results: this run      results/raid-1/ (Gatling's report index.html, summary.md, summary.json, junit.xml)",
        "results: every run     results/index.html"
      ),
      ResultsConsole.whereToRead(
        java.nio.file.Paths.get("results", "raid-1"),
        java.nio.file.Paths.get("results"),
        indexRewritten = true
      )
    )

  @Test
  def afterAnAbortTheIndexLineSaysWhoRewritesIt(): Unit =
    assertEquals(
      "results: every run     results/index.html " +
        "(not rewritten after the abort: the next run, or ResultsCli index, rewrites it)",
      ResultsConsole.whereToRead(
        java.nio.file.Paths.get("results", "raid-1"),
        java.nio.file.Paths.get("results"),
        indexRewritten = false
      ).last
    )

  @Test
  def theTerminalTableIsPlainAlignedText(): Unit = {
    // the columns of summary.md, names indented per group level, figures right-aligned, no Markdown
    val expected =
      """Request       Total  OK  KO  % KO  Cnt/s  Min  50th  75th  95th  99th  Max  Mean  Std Dev
        |------------  -----  --  --  ----  -----  ---  ----  ----  ----  ----  ---  ----  -------
        |All Requests      5   5   0     0    0.5    1     4    10    12    12   12     6        4
        |  Browse          2   2   0     0    0.2   11    11    14    14    14   14    13        2
        |    home          2   2   0     0    0.2    1     1     2     2     2    2     2        1
        |    search        2   2   0     0    0.2   10    10    12    12    12   12    11        1
        |  broken          1   1   0     0    0.1    4     4     4     4     4    4     4        0""".stripMargin
    assertEquals(expected, ConsoleSummary.statsTable(withGroups))
    assertTrue(
      SummaryMarkdown.statsTable(withGroups).contains("| Browse / search | 2 | 2 | 0 | 0 | 0.2 | 10 |"),
      "summary.md keeps its Markdown table, each row named by its path"
    )
  }

  @Test
  def everyRequestIsListedUnderItsOwnGroupWhateverOrderTheyRanIn(): Unit = {
    // two transactions sending the same requests, interleaved, as concurrent users run them
    val interleaved = CraftedSummaries
      .summary(
        "Fixture",
        Map(
          List("Enrol", "page") -> ok(1),
          List("Update", "page") -> ok(2),
          List("Enrol", "submit") -> ok(3),
          List("Update", "submit") -> ok(4)
        )
      )
      .copy(groups =
        Seq(CraftedSummaries.entry(List("Update"), ok(6), 10), CraftedSummaries.entry(List("Enrol"), ok(4), 10))
      )
    assertEquals(
      Seq("All Requests" -> 0, "Enrol" -> 1, "page" -> 2, "submit" -> 2, "Update" -> 1, "page" -> 2, "submit" -> 2),
      EntryNesting.rows(interleaved).map { case (entry, depth) => RequestColumns.shortName(entry) -> depth }
    )
  }
}
