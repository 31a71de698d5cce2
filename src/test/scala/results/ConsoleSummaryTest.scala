package results

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import results.fixtures.CraftedSummaries
import results.fixtures.CraftedSummaries.ok

/** The summary as printed on the terminal, and the transactions figure in both the terminal and summary.md. */
class ConsoleSummaryTest {
  private val withoutGroups = {
    val plain = CraftedSummaries.summary("Raid", Map(List("mint raid") -> ok(2000, 2100), List("read raid") -> ok(3, 5, 7)))
    plain.copy(windows = Seq(WindowSummary(RunWindow(RunWindow.Steady, "steady", 0, 10000), Some(plain.global), plain.requests, Nil, Nil)))
  }

  /** 18 "Browse" transactions completed in the 10 s steady window: 6480 per hour. */
  private val withGroups = CraftedSummaries
    .summary("Fixture", Map(List("Browse", "search") -> ok(10, 12), List("Browse", "home") -> ok(1, 2), List("broken") -> ok(4)))
    .copy(groups = Seq(CraftedSummaries.entry(List("Browse"), ok(11, 14), 10)))
  private val withTransactions = withGroups.copy(steady = withGroups.steady.copy(transactions = Seq(TransactionRate(List("Browse"), 18, 6480.0))))

  @Test
  def aSimulationWithoutGroupsHasNoTransactionsFigure(): Unit = {
    assertEquals("Transactions per hour: none (this simulation defines no transactions)", ConsoleSummary.transactionsLine(withoutGroups))
    val md = SummaryMarkdown.render(withoutGroups)
    assertTrue(md.contains("Transactions per hour: none (this simulation defines no transactions)."), md)
    assertTrue(md.linesIterator.exists(line => line.startsWith("| steady steady | 5 |") && line.endsWith("| - |")), md)
  }

  @Test
  def aSimulationWithGroupsKeepsItsFigure(): Unit = {
    assertEquals("Transactions per hour (steady window, whole run): 6480.0", ConsoleSummary.transactionsLine(withTransactions))
    assertTrue(SummaryMarkdown.render(withTransactions).contains("| **All transactions** | 18 | **6480** |"))
    // groups, but none completed in the steady window: a measured zero
    assertEquals("Transactions per hour (steady window, whole run): 0.0", ConsoleSummary.transactionsLine(withGroups))
    assertTrue(SummaryMarkdown.render(withGroups).contains("No transactions (groups) completed in it."))
  }
}
