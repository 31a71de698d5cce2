package docs

import java.nio.file.{ Files, Path, Paths }
import java.security.MessageDigest
import java.util.regex.Pattern

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{ DynamicTest, Tag, Test, TestFactory }

/** Every benchmark of bench/ in its smoke mode, as its header shows it (`BENCH_SMOKE=1 bench/<name>.sh`): it
  * exits 0 and prints its figures, so that none can rot unseen. One at a time, in the `docs` execution (pom.xml),
  * after the other tests, since each takes both JVMs' share of the cores; a smoke run's figures are not judged,
  * only printed. Their runs go to a temporary archive (BENCH_RESULTS), never results/.
  */
@Tag("docs")
class BenchSmokeTest {
  import BenchSmokeTest._

  @Test def everyBenchmarkShowsItsSmokeCommand(): Unit = {
    val smoke = smokeCommands.map(_.command).toSet
    val benchmarks = ShownCommands.scripts.map(_.toString).filter(_.startsWith("bench/")).filterNot(Helpers.contains)
    benchmarks.foreach(b => assertTrue(smoke.contains(s"BENCH_SMOKE=1 $b"), s"$b shows no `BENCH_SMOKE=1 $b` line"))
    assertEquals(benchmarks.toSet, Figures.keySet, "docs.BenchSmokeTest.Figures: the lines each benchmark prints")
  }

  @TestFactory def everyBenchmarkRunsInItsSmokeMode(): java.util.List[DynamicTest] =
    smokeCommands.map { shown =>
      DynamicTest.dynamicTest(
        shown.toString,
        () => {
          val script = shown.command.split(' ').last
          val readme = digest(Paths.get("bench/README.md"))
          val archived = listing(Paths.get("results"))
          val home = Files.createTempDirectory("bench-smoke-")
          val run =
            ShellRun(shown.command, home.resolve("output.txt"), "BENCH_RESULTS" -> home.resolve("results").toString)
          val status = run.exitStatus(15 * 60)
          // Maven's colour codes (`mvn -q` ends its output with them, before the script's next line) removed.
          val text = run.text.replaceAll("\u001b\\[[0-9;]*m", "")
          println(s"== ${shown.command}\n$text")
          assertEquals(0, status, s"${shown.where}: exit code of ${shown.command}:\n$text")
          Figures(script).foreach(line =>
            assertTrue(line.findFirstIn(text).isDefined, s"${shown.where}: no line matching '$line':\n$text")
          )
          assertTrue(readme.sameElements(digest(Paths.get("bench/README.md"))), s"$script wrote bench/README.md")
          assertEquals(archived, listing(Paths.get("results")), s"$script changed results/")
        }
      )
    }.asJava
}

object BenchSmokeTest {

  /** Sourced or called by the benchmarks, not benchmarks themselves: each smoke run runs them. */
  val Helpers: Set[String] =
    Set(
      "bench/standalone-run.sh",
      "bench/run-folders.sh",
      "bench/machine-cpu.sh",
      "bench/sandbox-start.sh",
      "bench/maven-log.sh"
    )

  /** The lines that show a benchmark printed its figures, as a real run prints them. */
  private val LoadFigures = Seq("(?m)^arrival rate +target .* achieved ".r, "(?m)^requests \\(whole run\\) ".r)
  private val Machine = "(?m)^machine: .* cores busy over ".r

  /** The first line the sandbox prints as it starts and the first it prints as it stops (`firstRequest`'s time):
    * in its Maven log each follows Maven's colour codes, which a plain `grep '^sandbox: '` skipped.
    */
  private def sandbox(firstRequest: String) =
    Seq("(?m)^sandbox: key-all seeded ".r, ("(?m)^sandbox: " + Pattern.quote(firstRequest) + ": sandbox-added p99 ").r)
  private val RaidSandbox = sandbox("raid list raids for service-point")
  val Figures: Map[String, Seq[scala.util.matching.Regex]] = Map(
    "bench/reference.sh" -> (LoadFigures :+ Machine :++ RaidSandbox),
    "bench/eol.sh" -> (LoadFigures :+ Machine :++ sandbox("eol GET /app/enrol")),
    "bench/elections.sh" -> (LoadFigures :+ Machine :+ "(?m)^## Cache status by page".r :++ sandbox("elections GET ")),
    "bench/eforms.sh" -> (LoadFigures :+ Machine :+ "(?m)^line-speed proxy:".r :+ "(?m)^## Gate".r :++
      sandbox("eforms GET /login")),
    "bench/keyall.sh" -> (LoadFigures :+ Machine :+ "(?m)^distinct users who locked a form: [1-9]".r :+
      "(?m)^PostgreSQL: .* CPU seconds".r :++ sandbox("key-all GET /det")),
    "bench/all-peaks.sh" -> (Seq(
      "(?m)^per scenario:".r,
      "(?m)^total: [0-9,]+ requests \\([0-9,]+ KO\\) over ".r,
      "(?m)^busiest minute, ".r,
      Machine
    ) ++ RaidSandbox),
    "bench/keyupload.sh" -> (Seq(
      "(?m)^== The sweep: 2 levels".r,
      "(?m)^peak +[0-9.]+ pairs/s at ".r,
      "(?m)^== The highest level alone".r
    ) ++ sandbox("key-upload GET ")),
    "bench/overhead.sh" -> Seq(
      "(?m)^suite: .* plain: ".r,
      "(?m)^suite code in target/bench-overhead-injector-suite-2: [0-9.]+ % of [1-9][0-9]* samples".r,
      "(?m)^suite/plain over 2 round\\(s\\): ".r
    ),
    "bench/raid-scale.sh" -> (Seq("(?m)^== in-process, scale 1".r, "(?m)^== standalone, scale 1".r) :+
      "(?m)^results: gate [A-Z]+ for ".r :+ RaidSandbox.last),
    "bench/capacity.sh" ->
      (Seq("(?m)^capacity raid: step 1 at 1x ".r, "(?m)^search: [0-9]+ steps in [0-9]+ s".r) ++ RaidSandbox),
    "bench/stub-calls.sh" -> Seq(
      "(?m)^RAiD's stub mappings: [0-9.]+ KB allocated and [0-9.]+ µs CPU a call".r,
      "(?m)^every system's stub mappings: [0-9.]+ KB allocated".r
    ),
    "bench/sandbox-memory.sh" -> Seq("(?m)^  second 10: [0-9]+ MiB".r, "(?m)^last sample [0-9]+ MiB against".r),
    "bench/results-at-scale.sh" -> Seq(
      "(?m)^== 10000 requests".r,
      "(?m)^measured".r,
      "(?m)^results: merged 3 shards".r
    ),
    "bench/feedback.sh" -> Seq("(?m)^gatling-test: [0-9]+ s wall, exit code 0".r),
    "bench/ci-under-load.sh" -> Seq("(?m)^run 1/1: exit 0 in ".r)
  )

  def smokeCommands: Seq[ShownCommand] =
    ShownCommands.scripts.flatMap(ShownCommands.inScriptHeader).filter(_.command.startsWith("BENCH_SMOKE=1 bench/"))

  private def digest(file: Path): Array[Byte] = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))

  private def listing(folder: Path): Set[String] =
    if (!Files.isDirectory(folder)) Set.empty
    else scala.util.Using.resource(Files.list(folder))(_.iterator().asScala.map(_.getFileName.toString).toSet)
}
