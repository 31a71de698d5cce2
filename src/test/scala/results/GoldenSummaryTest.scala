package results

import results.model.{
  CapacityRecord,
  CapacityStepRecord,
  CurveSpec,
  InjectorFigures,
  InjectorHealthRecord,
  InjectorLimits,
  LateStartFigures,
  LoadUnit,
  PlannedWindow,
  RunContext,
  RunCourse,
  RunShard,
  RunWindow,
  SearchEnd,
  SystemRecord,
  Tally,
  WindowKind,
  WindowLabel
}

import results.archive.{ RunArchive, SummaryJson }
import results.render.RunPage
import results.summarize.{ ResultsSettings, RunSummarizer }

import java.nio.file.{ Files, Path, Paths }
import java.time.{ Clock, Instant, ZoneOffset }

import scala.jdk.CollectionConverters._
import scala.util.{ Random, Using }

import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** What the simulation records of its run (run.json, which `results summarize` and the run index read back
  * into the same context) and what the results step renders (summary.json, the file pipelines read;
  * summary.md; junit.xml; run.html; its console lines), for each kind of run, byte for byte against the
  * copies kept in src/test/resources/golden/: one system, several systems, no figures (no request answered),
  * sharded (two shards merged), a sweep, cycles, a capacity search. The inputs are fixed: simulation.logs
  * written here by Gatling's own writer from seeded draws, crafted run contexts, fixed clock, run ids, commit,
  * results settings and thresholds (golden/thresholds.conf), so that any change to what a reader or a
  * pipeline sees fails here, with the lines that differ.
  *
  * After an intended change, rewrite the files and review them before committing:
  * `mvn -o -q test -Dtest=GoldenSummaryTest -Dgolden.update=true`, then `git diff src/test/resources/golden`.
  */
class GoldenSummaryTest {
  import GoldenSummaryTest._

  @Test def oneSystem(): Unit = {
    val dir = log("one-system", "Alpha", Seq("alpha")) { w =>
      users(w, "alpha", seconds = 0 until 60, journey = Seq("alpha - home", "alpha - search", "alpha - submit"))
    }
    assertGolden(
      "one-system",
      summarized(
        dir,
        context("Alpha", "alpha") {
          SystemRecord(
            "alpha",
            "steady",
            Seq("alpha"),
            Some(60),
            plannedSteady = Some(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 10000, 50000)),
            requests = Seq(List("alpha - home"), List("alpha - search"), List("alpha - submit"))
          )
        }.copy(
          plannedWindows = Seq(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 10000, 50000)),
          course = RunCourse(Some(60), Some(60000), reachedEnd = true, Some(61500), Some(injector)),
          // As watch.Tallies records a tally (and run.json reads it back): every category, 0 where none.
          tallies = Seq(Tally(
            "answers",
            Seq("accepted", "refused"),
            Seq("alpha - submit" -> Map("accepted" -> 57L, "refused" -> 0L))
          ))
        )
      )
    )
  }

  @Test def severalSystems(): Unit = {
    val dir = log("several-systems", "AlphaAndBeta", Seq("alpha", "beta")) { w =>
      users(w, "alpha", seconds = 0 until 60, journey = Seq("alpha - home", "alpha - search"))
      users(w, "beta", seconds = 20 until 80, journey = Seq("beta - list", "beta - open", "beta - close"))
    }
    val records = Seq(
      SystemRecord(
        "alpha",
        "smoke",
        Seq("alpha"),
        Some(60),
        requests = Seq(List("alpha - home"), List("alpha - search"))
      ),
      SystemRecord(
        "beta",
        "steady",
        Seq("beta"),
        Some(60),
        plannedSteady = Some(PlannedWindow(WindowKind.Steady, WindowLabel.Steady, 30000, 70000)),
        requests = Seq(List("beta - list"), List("beta - open"), List("beta - close"))
      )
    )
    assertGolden(
      "several-systems",
      summarized(
        dir,
        RunContext(
          "AlphaAndBeta",
          Seq("alpha", "beta"),
          "local",
          "alpha: smoke, beta: steady",
          RunShard.Whole,
          Map("scale" -> "0.5"),
          Nil,
          Nil,
          RunCourse(Some(120), None, reachedEnd = true, Some(81000), Some(injector)),
          systemRecords = records
        )
      )
    )
  }

  /** Stopped before a request was answered (a user started): INCOMPLETE, with the plan and how long it ran. */
  @Test def noFigures(): Unit = {
    val dir = log("no-figures", "Alpha", Seq("alpha"))(w => w.user(started = true, Start + 500, "alpha"))
    assertGolden(
      "no-figures",
      summarized(
        dir,
        context("Alpha", "alpha")(SystemRecord("alpha", "steady", Seq("alpha"), Some(60)))
          .copy(course = RunCourse(Some(60), Some(60000), reachedEnd = false, Some(4200), None))
      )
    )
  }

  /** Two injectors' runs of one simulation, each summarised as its shard, then merged by the results CLI. */
  @Test def shardedAndMerged(): Unit = {
    val root = emptied("merged")
    val shards = Seq(1, 2).map { i =>
      val dir = log(s"shard-$i", "Alpha", Seq("alpha"), seed = i) { w =>
        users(w, "alpha", seconds = 0 until 40, journey = Seq("alpha - home", "alpha - submit"))
      }
      val record = SystemRecord("alpha", "steady", Seq("alpha"), Some(40), requests = Seq(List("alpha - home")))
      summarized(dir, context("Alpha", "alpha")(record).copy(shard = RunShard.Part(i, 2)), root)
    }
    var status = -1
    val console = printed {
      status = ResultsCli.run(
        List("merge") ++ shards.map(_.dir.toString) ++
          List("--shards", "2", "--results", root.toString, "--thresholds", thresholdsFile.toString)
      )
    }
    assertEquals(1, status, "the merged run's verdict: FAIL (alpha - submit's p99 over 50 ms, among others)")
    val merged =
      Using.resource(
        Files.list(root)
      )(_.iterator.asScala.filter(_.getFileName.toString.startsWith("alpha-merged-")).toList)
    assertEquals(1, merged.size, merged.toString)
    assertGolden("sharded", Written(merged.head, console, recorded = None))
    // A merge reads no run.json: the one pinned is the first shard's.
    assertRunJson("sharded", shards.head)
  }

  /** Three levels of concurrency, two repeats each: the windows the sweep measured, and the curve of its pairs. */
  @Test def sweep(): Unit = {
    val levels = Seq(1 -> 1L, 2 -> 2L, 3 -> 4L)
    val stages = for {
      repeat <- 1 to 2
      (level, users) <- levels
    } yield {
      val from = Start + ((repeat - 1) * levels.size + level - 1) * 10000L
      (RunWindow(WindowKind.Level, WindowLabel.Level(level, repeat, users), from, from + 10000L), users)
    }
    val windows = stages.map(_._1)
    val scenarios = stages.map { case (w, _) => s"uploads ${w.label.text.takeWhile(_ != '(').trim}" }
    val dir = log("sweep", "Uploads", "uploads" +: scenarios) { w =>
      stages.zip(scenarios).foreach { case ((window, planned), scenario) =>
        val users = planned.toInt
        (0 until users).foreach { u =>
          w.user(started = true, window.startEpochMs, scenario)
          // A pair a second per user, slower as users are added.
          (0 until 10).foreach { s =>
            val at = window.startEpochMs + s * 1000L + u * 10
            val first = at + draw(20 * users)
            val second = first + draw(30 * users)
            w.request("upload", at, first, None, List("Pair"))
            w.request("confirm", first, second, None, List("Pair"))
            w.group(List("Pair"), at, second, (second - at).toInt, ok = true)
          }
          w.user(started = false, window.endEpochMs - 1, scenario)
        }
      }
    }
    assertGolden(
      "sweep",
      summarized(
        dir,
        context("Uploads", "uploads")(
          SystemRecord(
            "uploads",
            "sweep",
            Seq("uploads"),
            None,
            requests = Seq(List("Pair", "upload"), List("Pair", "confirm"))
          )
        ).copy(
          windows = windows,
          curves = Seq(CurveSpec("uploads", "Pair", "pairs", 5, 8)),
          course = RunCourse(None, None, reachedEnd = true, Some(61000), None)
        )
      )
    )
  }

  /** Three cycles of a rising number of users, planned at offsets from the run's start. */
  @Test def cycles(): Unit = {
    val cycles = Seq(2, 4, 6).zipWithIndex.map { case (users, i) =>
      PlannedWindow(
        WindowKind.Cycle,
        WindowLabel.Cycle(i + 1, Some(users.toLong)),
        i * 20000L,
        i * 20000L + 20000L
      ) -> users
    }
    val dir = log("cycles", "Alpha", Seq("alpha")) { w =>
      cycles.foreach { case (window, users) =>
        (0 until users).foreach { u =>
          val from = Start + window.fromMs + u * 100L
          w.user(started = true, from, "alpha")
          (0 until 18).foreach { s =>
            val at = from + s * 1000L
            w.request("alpha - home", at, at + draw(10 * users), error("status.find.is(200), but actually found 503"))
          }
          w.user(started = false, from + 18500, "alpha")
        }
      }
    }
    assertGolden(
      "cycles",
      summarized(
        dir,
        context("Alpha", "alpha")(
          SystemRecord("alpha", "cycles", Seq("alpha"), Some(12), requests = Seq(List("alpha - home")))
        ).copy(
          plannedWindows = cycles.map(_._1),
          course = RunCourse(Some(12), Some(60000), reachedEnd = true, Some(61000), Some(injector))
        )
      )
    )
  }

  /** A capacity search of five steps (1x, 2x, 4x, 3x, 2.5x of 20 new users/s): each step's judged window holds
    * `gamma - mint` at a known time against the default p99 limit of 300 ms, its settling time far slower ones
    * that no step counts. Its answer, `systems[0].capacity`: 2.5x, first to fail at 3x.
    */
  @Test def capacitySearch(): Unit = {
    val steps = Seq(1.0 -> 120, 2.0 -> 180, 4.0 -> 900, 3.0 -> 420, 2.5 -> 260)
    def window(i: Int) = (Start + i * 20000L + 10000, Start + i * 20000L + 20000)
    val dir = log("capacity", "Gamma", Seq("gamma")) { w =>
      steps.zipWithIndex.foreach { case ((_, ms), i) =>
        val (from, _) = window(i)
        w.user(started = true, from - 10000, "gamma")
        (0 until 5).foreach(k => w.request("gamma - mint", from - 9000 + k * 500, from - 9000 + k * 500 + 2999, None))
        (0 until 40).foreach { k =>
          val at = from + k * 200
          w.request("gamma - mint", at, at + ms + draw(10), error("status.find.is(200), but actually found 503"))
        }
        w.user(started = false, from + 9999, "gamma")
      }
    }
    val record = CapacityRecord(
      "reference",
      20,
      LoadUnit.Arrivals,
      0.5,
      8,
      1800000,
      steps.zipWithIndex.map { case ((multiple, ms), i) =>
        CapacityStepRecord(multiple, window(i)._1, window(i)._2, passedLive = ms <= 300)
      },
      SearchEnd.Resolved,
      judgesPace = false
    )
    assertGolden(
      "capacity",
      summarized(
        dir,
        context("Gamma", "gamma")(
          SystemRecord(
            "gamma",
            "capacity",
            Seq("gamma"),
            None,
            requests = Seq(List("gamma - mint")),
            capacity = Some(record)
          )
        ).copy(course = RunCourse(Some(16000), None, reachedEnd = true, Some(101000), Some(injector)))
      )
    )
  }
}

object GoldenSummaryTest {
  private val Start = 1795770000000L // 2026-11-27 09:00:00 UTC, for every log
  private val Golden = Paths.get("src/test/resources/golden")
  private val Runs = Paths.get("target/golden-runs")
  private val thresholdsFile = Golden.resolve("thresholds.conf")

  /** A run folder the results step wrote, what it printed, and the context its run.json records (none for
    * a merged run, which has no run.json).
    */
  private final case class Written(dir: Path, console: String, recorded: Option[RunContext])

  /** The files the renderers write into a run's folder. */
  private val Rendered = Seq(
    RunArchive.SummaryJsonName,
    RunArchive.SummaryMarkdownName,
    RunArchive.JUnitName,
    RunPage.FileName
  )
  private val settings = ResultsSettings(Paths.get("unused"), 500, 2000, 5000, 5000, ResultsSettings.NoBaseline, 100)
  private val injector = InjectorHealthRecord(
    InjectorFigures(2, 31.5, 78.0, 3, 1.2, 60, LateStartFigures(60, 4, 9), 7, 12, 1, 18.9, 210),
    InjectorLimits(90, 10, 5, 30, 1000)
  )

  // Seeded by each log: a test's log does not depend on which tests ran before it.
  private var random = new Random(1)

  private def draw(meanMs: Int): Long = 2 + (-meanMs * math.log(1 - random.nextDouble())).toLong

  private def error(message: String): Option[String] = Option.when(random.nextInt(50) == 0)(message)

  /** A run's simulation.log, written by `body` with draws seeded by `seed`, under target/golden-runs/`folder`
    * (emptied first); the run's folder. The path is relative, as summary.json may name it (a log it cannot
    * read): the same in every checkout.
    */
  private def log(folder: String, simulation: String, scenarios: Seq[String], seed: Int = 1)(
      body: SimulationLogWriter => Unit
  ): Path = {
    random = new Random(seed)
    val runs = emptied(folder)
    val writer = SimulationLogWriter.open(
      runs,
      s"golden.${simulation}Simulation",
      Start,
      scenarios.head,
      scenarios.tail
    )
    body(writer)
    writer.close()
    runs.resolve(writer.logFile.getParent.getFileName)
  }

  /** target/golden-runs/`folder`, made or emptied: what an earlier run of the test left there is gone. */
  private def emptied(folder: String): Path = {
    val path = Runs.resolve(folder)
    if (Files.exists(path)) Using.resource(Files.walk(path))(_.iterator.asScala.toSeq.reverse.foreach(Files.delete))
    Files.createDirectories(path)
  }

  /** A user a second for each of `seconds` of the run, each sending `journey` one request after another. */
  private def users(w: SimulationLogWriter, scenario: String, seconds: Range, journey: Seq[String]): Unit =
    seconds.foreach { s =>
      var at = Start + s * 1000L
      w.user(started = true, at, scenario)
      journey.foreach { name =>
        val end = at + draw(40)
        w.request(name, at, end, error("status.find.is(200), but actually found 500"))
        at = end + 5
      }
      w.user(started = false, at, scenario)
    }

  private def context(simulation: String, system: String)(record: SystemRecord): RunContext =
    RunContext(
      simulation,
      Seq(system),
      "local",
      record.profile,
      RunShard.Whole,
      Map.empty,
      Nil,
      Nil,
      systemRecords = Seq(record)
    )

  /** What is written for the run in `dir`: its run.json, as the archive step writes it before the results
    * step, then what the results step writes, gated on golden/thresholds.conf: its files and its console lines.
    */
  private def summarized(
      dir: Path,
      context: RunContext,
      root: Path = Files.createTempDirectory("golden-results-")
  ): Written = {
    val identity =
      RunSummarizer.RunIdentity(
        s"${context.simulation.toLowerCase}-${context.shard.text.replace("/", "of")}",
        "0123abc"
      )
    val clock = Clock.fixed(Instant.ofEpochMilli(Start + 60000), ZoneOffset.UTC)
    Files.writeString(
      dir.resolve(RunArchive.RunJsonName),
      SummaryJson.writeContext(context, identity.runId, identity.gitCommit)
    )
    val console = printed(
      PostRun.summarizeAndGate(dir, root, context, identity, settings.copy(root = root), Some(thresholdsFile), clock)
    )
    Written(dir, console, Some(context))
  }

  /** The console lines `body` printed, with the temporary folders it names cut to their last part. */
  private def printed(body: => Any): String = {
    val out = new java.io.ByteArrayOutputStream()
    Console.withOut(out)(body)
    out.toString(java.nio.charset.StandardCharsets.UTF_8).replaceAll("""/\S*/(golden-[\w-]+)""", "<tmp>/$1")
  }

  /** Every file a renderer writes, and the console, each against its golden copy. */
  private def assertGolden(name: String, written: Written): Unit = {
    Rendered.foreach { file =>
      val path = written.dir.resolve(file)
      assertTrue(Files.isRegularFile(path), s"no $file in ${written.dir}")
      assertGolden(s"$name.$file", Files.readString(path))
    }
    assertGolden(s"$name.console.txt", written.console)
    if (written.recorded.nonEmpty) assertRunJson(name, written)
  }

  /** The run.json written for the run, against its golden copy, read back into the context it was written from. */
  private def assertRunJson(name: String, written: Written): Unit = {
    val path = written.dir.resolve(RunArchive.RunJsonName)
    assertGolden(s"$name.${RunArchive.RunJsonName}", Files.readString(path))
    assertEquals(written.recorded, Some(SummaryJson.readContext(path)), s"$path read back")
  }

  private def assertGolden(name: String, actual: String): Unit = {
    val file = Golden.resolve(name)
    if (sys.props.get("golden.update").contains("true")) Files.writeString(file, actual)
    else {
      assertTrue(Files.isRegularFile(file), s"no $file: write it with -Dgolden.update=true")
      val expected = Files.readString(file)
      if (expected != actual)
        fail(s"$file differs from what is written now (- the file's, + now):\n${diff(expected, actual)}")
    }
  }

  /** The lines that differ, as a unified diff shows them (a longest common subsequence of lines): `-` the
    * golden file's, `+` this run's, 2 lines of context, each of the golden file's lines with its number.
    */
  private def diff(expected: String, actual: String): String = {
    val (a, b) = (expected.split("\n", -1), actual.split("\n", -1))
    // common(i)(j): the length of the longest common subsequence of a.drop(i) and b.drop(j)
    val common = Array.ofDim[Int](a.length + 1, b.length + 1)
    for (i <- a.indices.reverse; j <- b.indices.reverse)
      common(i)(j) = if (a(i) == b(j)) common(i + 1)(j + 1) + 1 else math.max(common(i + 1)(j), common(i)(j + 1))
    val walk = Vector.newBuilder[(Int, Char, String)]
    var i = 0
    var j = 0
    while (i < a.length || j < b.length)
      if (i < a.length && j < b.length && a(i) == b(j)) {
        walk += ((i + 1, ' ', a(i)))
        i += 1
        j += 1
      } else if (i < a.length && (j == b.length || common(i + 1)(j) >= common(i)(j + 1))) {
        walk += ((i + 1, '-', a(i)))
        i += 1
      } else {
        walk += ((i + 1, '+', b(j)))
        j += 1
      }
    val lines = walk.result()
    val shown = lines.indices.filter(lines(_)._2 != ' ').flatMap(k => (k - 2) to (k + 2)).filter(lines.indices.contains)
      .distinct
    val out = shown.indices.flatMap { n =>
      val (number, mark, text) = lines(shown(n))
      Option.when(n > 0 && shown(n - 1) != shown(n) - 1)("  ...").toSeq :+
        (if (mark == '+') s"      + $text" else f"$number%5d $mark $text")
    }
    (out.take(80) ++ Option.when(out.size > 80)(s"... ${out.size - 80} lines more")).mkString("\n")
  }

}
