package results.history

import results.ResultsCli
import results.archive.HistoryStore

import java.io.{ ByteArrayOutputStream, PrintStream }
import java.nio.file.{ Files, Path, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** `ResultsCli history` on bad input: exit 2 and one line (docs/history.md, "Exit codes"), nothing written. */
class HistoryCliTest {
  private val home = Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "history-cli-")
  private val history = home.resolve("history")

  /** Its exit code and what it printed to stderr. */
  private def run(args: String*): (Int, String) = {
    val err = new ByteArrayOutputStream
    val before = System.err
    System.setErr(new PrintStream(err, true))
    try (ResultsCli.run(args.toList ++ Seq("--history", history.toString)), err.toString)
    finally System.setErr(before)
  }

  private def files(dir: Path): Long =
    if (Files.isDirectory(dir)) Files.walk(dir).filter(Files.isRegularFile(_)).count else 0

  @Test def anImportWithABadRowNamesItsLineAndWritesNothing(): Unit = {
    val table = home.resolve("past.csv")
    Files.writeString(
      table,
      "run,time,commit,system,path,metric,value\nw1,2026-01-05T02:00:00Z,aa,raid,mint,p99,210\nw2,2026-01-12T02:00:00Z,ab,raid,mint,p99,fast\n"
    )
    val (status, err) =
      run("history", "import", table.toString, "--simulation", "Raid", "--target", "demo", "--profile", "reference")
    assertEquals(2, status, err)
    assertEquals(Seq(s"results: ERROR $table:3: value 'fast' is not a number of at least 0"), err.linesIterator.toSeq)
    assertEquals(0L, files(history), "the good row before it is not imported either")
  }

  @Test def otherBadInputIsExitTwoInOneLine(): Unit = {
    HistoryStore.append(history, HistoryStoreTest.record("night-1", 1000L, results.model.Verdict.Pass, 100))
    for (
      (args, says) <- Seq(
        Seq("history", "changes", "--last", "3") -> "--last: must be a whole number from 8 (was '3')",
        Seq("history", "changes", "--since", "yesterday") -> "--since: must be a date",
        Seq(
          "history",
          "accept",
          "night-9",
          "--system",
          "raid",
          "--path",
          "mint",
          "--metric",
          "p99",
          "--reason",
          "ok"
        ) ->
          "no run 'night-9'",
        Seq(
          "history",
          "accept",
          "night-1",
          "--system",
          "raid",
          "--path",
          "mint",
          "--metric",
          "p98",
          "--reason",
          "ok"
        ) ->
          "--metric: must be one of p50, p95, p99, ko, throughput",
        Seq("history", "prune") -> "history: unknown form"
      )
    ) {
      val (status, err) = run(args: _*)
      assertEquals(2, status, s"$args: $err")
      assertTrue(err.linesIterator.next().startsWith("results: ERROR ") && err.contains(says), s"$args: $err")
    }
    assertEquals(1L, files(history), "nothing accepted")
  }
}
