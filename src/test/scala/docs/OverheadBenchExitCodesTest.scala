package docs

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ Tag, Test }

/** bench/overhead.sh's exit codes other than 0 (BenchSmokeTest runs its smoke mode, `.ci/run`'s check of the
  * suite's share of Gatling's engine threads, to 0): a bad setting is refused with one line naming it before
  * anything starts (3), and a suite above its allowed CPU per request fails the benchmark (4), its JFR evidence
  * printed first.
  */
class OverheadBenchExitCodesTest {
  private def run(environment: (String, String)*): ShellRun =
    ShellRun("bench/overhead.sh", Files.createTempFile("overhead-", ".txt"), environment: _*)

  @Test def aBadSettingIsRefusedByNameBeforeAnythingStarts(): Unit =
    Seq(
      Seq("BENCH_ROUNDS" -> "two") -> "BENCH_ROUNDS must be a whole number, 1 or more: two",
      Seq("BENCH_ROUNDS" -> "0") -> "BENCH_ROUNDS must be a whole number, 1 or more: 0",
      Seq("BENCH_ORDER" -> "random") -> "BENCH_ORDER must be suite-first or plain-first: random",
      Seq("BENCH_MAX_CPU_RATIO" -> "1,5") -> "BENCH_MAX_CPU_RATIO must be a ratio such as 1.5: 1,5",
      Seq("BENCH_MAX_SUITE_PERCENT" -> "a third") -> "BENCH_MAX_SUITE_PERCENT must be a percentage such as 33: a third",
      Seq(
        "BENCH_MAX_SUITE_PERCENT" -> "33"
      ) -> "BENCH_MAX_SUITE_PERCENT needs BENCH_JFR=1: the share is read from JFR's samples"
    ).foreach { case (environment, line) =>
      val refused = run(environment: _*)
      assertEquals(3, refused.exitStatus(30), refused.text)
      assertEquals(line, refused.text.trim)
    }

  @Tag("docs")
  @Test def aSuiteAboveItsAllowedCpuPerRequestFailsTheBenchmark(): Unit = {
    val costly = run(
      "BENCH_SMOKE" -> "1",
      "BENCH_ROUNDS" -> "1",
      "BENCH_MAX_CPU_RATIO" -> "0.01",
      "BENCH_RESULTS" -> Files.createTempDirectory("overhead-results-").toString
    )
    assertEquals(4, costly.exitStatus(10 * 60), costly.text)
    val text = costly.text.replaceAll("\u001b\\[[0-9;]*m", "")
    Seq(
      "(?m)^suite code in target/bench-overhead-injector-suite-1: [0-9.]+ % of [1-9][0-9]* samples on Gatling's engine threads".r,
      "(?m)^overhead: the suite's CPU per request is [0-9.]+x plain Gatling's, above the 0.01x allowed$".r
    ).foreach(line => assertTrue(line.findFirstIn(text).isDefined, s"no line matching '$line':\n$text"))
  }
}
