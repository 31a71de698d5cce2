package results

import results.model.{ PlannedWindow, RunContext, RunShard, WindowKind, WindowLabel }

import results.archive.{ RunArchive, SummaryJson }
import results.render.{ RequestColumns, WindowChart }
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path }

import org.junit.jupiter.api._
import org.junit.jupiter.api.Assertions._

import testkit.FixtureRun

/** A real run through the whole pipeline: archive, summaries, gate, junit.xml, index. */
class PostRunEndToEndTest {
  private val context = RunContext(
    "LoopbackSimulation",
    Seq("fixture"),
    "loopback",
    "smoke",
    RunShard.Whole,
    Map("scale" -> "0.5", "thinkTime.multiplier" -> "0"),
    Nil,
    Nil,
    // as the suite records a run of the smoke profile: its percentiles are judged only wholly beyond their limits
    smoke = true
  )
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)

  private def thresholdsWithSearchP99(p99Ms: Int): Path =
    FixtureRun.writeTemp(
      "thresholds",
      s"""thresholds { simulations { fixture { paths { "Browse / search" { p99Ms = $p99Ms, maxErrorPercent = 0 } } } } }"""
    )

  private def measuredSearchP99(): Int = {
    val root = Files.createTempDirectory("results-")
    val outcome =
      PostRun.process(FixtureRun.run.gatlingRunDir, root, context, settings, Some(thresholdsWithSearchP99(100000)))
    outcome.summary.get.requests.find(_.name == "Browse / search").get.figures.p99Ms
  }

  @Test
  def theArchiveIsReadableAsTheUmaskAllows(): Unit = {
    val root = Files.createTempDirectory("results-")
    // What this process's umask gives a new folder and file: the archive must get the same, never owner-only.
    val folderMode = Files.getPosixFilePermissions(Files.createDirectory(root.resolve("reference-folder")))
    val fileMode = Files.getPosixFilePermissions(Files.write(root.resolve("reference-file"), Array[Byte](1)))
    val dir = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      root,
      context,
      settings,
      Some(thresholdsWithSearchP99(100000))
    ).archivedRunDir
    assertEquals(folderMode, Files.getPosixFilePermissions(dir), "the run's folder")
    Seq("run.json", "summary.json", "summary.md", "junit.xml").foreach { file =>
      assertEquals(fileMode, Files.getPosixFilePermissions(dir.resolve(file)), file)
    }
    assertEquals(fileMode, Files.getPosixFilePermissions(root.resolve("index.html")), "the index")
  }

  @Test
  def aRunWithWindowsGetsItsChartOverThem(): Unit = {
    val cycle = PlannedWindow(WindowKind.Cycle, WindowLabel.Cycle(1, Some(1)), 0, 3600000)
    val dir = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      Files.createTempDirectory("results-"),
      context.copy(plannedWindows = Seq(cycle)),
      settings,
      Some(thresholdsWithSearchP99(100000))
    ).archivedRunDir
    assertTrue(Files.size(dir.resolve(WindowChart.FileName)) > 0, "windows.png beside the report")
  }

  @Test
  def aSmokeRunProducesEveryFile(): Unit = {
    val root = Files.createTempDirectory("results-")
    val outcome =
      PostRun.process(FixtureRun.run.gatlingRunDir, root, context, settings, Some(thresholdsWithSearchP99(100000)))
    val dir = outcome.archivedRunDir
    Seq("index.html", "simulation.log", "run.json", "summary.json", "summary.md", "junit.xml", "run.html").foreach {
      file => assertTrue(Files.isRegularFile(dir.resolve(file)), s"$file in ${dir.getFileName}")
    }
    assertTrue(Files.isRegularFile(root.resolve("index.html")))
    assertTrue(
      Files.isRegularFile(root.resolve("assets").resolve("echarts.min.js")),
      "the charts' library beside the pages"
    )
    val timeline = RunArchive.readSummary(dir).timeline.get
    assertEquals(
      RunArchive.readSummary(dir).global.figures.count,
      timeline.series.head.points.map(_.count).sum,
      "every request in one bucket of the timeline"
    )
    assertTrue(
      Files.readString(root.resolve("index.html")).contains(dir.getFileName.toString),
      "the index lists the run"
    )
    assertFalse(Files.exists(dir.resolve(WindowChart.FileName)), "no windows, no chart over them")
    val md = Files.readString(dir.resolve("summary.md"))
    assertTrue(md.contains(RequestColumns.table(RequestColumns.Names, Nil).render), md)
    assertTrue(md.contains("Transactions per hour") && md.contains("Apdex") && md.contains("Gate: PASS"), md)
    val json = SummaryJson.read(dir.resolve("summary.json"))
    assertTrue(json.steady.transactions.exists(_.path == List("Browse")), "the Browse transaction is counted")
  }

  /** The pipeline records the context it is given, unchanged where nothing is secret. */
  @Test
  def theRunsContextAndOverridesAreRecordedAsGiven(): Unit = {
    val outcome = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      Files.createTempDirectory("results-"),
      context,
      settings,
      Some(thresholdsWithSearchP99(100000))
    )
    assertEquals(context, SummaryJson.readContext(outcome.archivedRunDir.resolve("run.json")))
    assertEquals(
      Map("scale" -> "0.5", "thinkTime.multiplier" -> "0"),
      SummaryJson.read(outcome.archivedRunDir.resolve("summary.json")).run.overrides
    )
  }

  /** As KEYALL_JDBC_URL or a -D option gives them: the URL stays readable, its password does not. */
  @Test
  def overridesAreRecordedWithoutTheirCredentials(): Unit = {
    val secret = "canary-jdbc-7f3a9c"
    val root = Files.createTempDirectory("results-")
    val withSecrets = context.copy(overrides =
      context.overrides ++ Map(
        "sandbox.key-all.jdbcUrl" -> s"jdbc:postgresql://127.0.0.1:5432/keyall?user=loadtest&password=$secret",
        "targets.demo.raid.baseUrl" -> s"https://loadtest:$secret@api.example.org",
        "raid.apiToken" -> secret
      )
    )
    val dir = PostRun.process(
      FixtureRun.run.gatlingRunDir,
      root,
      withSecrets,
      settings,
      Some(thresholdsWithSearchP99(100000))
    ).archivedRunDir
    val files = Seq("run.json", "summary.json", "run.html", "summary.md", "junit.xml").map(dir.resolve) :+
      root.resolve("index.html")
    files.foreach { file =>
      val text = Files.readString(file)
      assertFalse(text.contains(secret), s"$file holds the secret")
      assertTrue(text.contains("jdbc:postgresql://127.0.0.1:5432/keyall?user=loadtest"), s"$file: the URL readable")
    }
    val recorded = SummaryJson.readContext(dir.resolve("run.json")).overrides
    assertEquals(
      Some("jdbc:postgresql://127.0.0.1:5432/keyall?user=loadtest&password=<redacted>"),
      recorded.get("sandbox.key-all.jdbcUrl")
    )
    assertEquals(Some("https://loadtest:<redacted>@api.example.org"), recorded.get("targets.demo.raid.baseUrl"))
    assertEquals(Some("<redacted>"), recorded.get("raid.apiToken"))
    assertEquals(recorded, SummaryJson.read(dir.resolve("summary.json")).run.overrides)
  }

  /** The point-estimate gate (results.intervals.gate = false), which judges the p99 as one number: the interval
    * gate, from these few samples, finds both limits inside the interval (IntervalGateTest).
    */
  @Test
  def theGateFailsBelowTheMeasuredP99AndPassesAbove(): Unit = {
    val settings = this.settings.copy(pointEstimateGate = true)
    val p99 = measuredSearchP99()
    assertTrue(p99 >= 10, s"the fixture's /slow takes 10 ms at least, p99 = $p99")
    val root = Files.createTempDirectory("results-")

    val failed =
      PostRun.process(FixtureRun.run.gatlingRunDir, root, context, settings, Some(thresholdsWithSearchP99(p99 - 1)))
    assertEquals(1, failed.exitCode)
    val junit = Files.readString(failed.archivedRunDir.resolve("junit.xml"))
    assertTrue(junit.contains(s"""failure message="measured $p99 ms (interval"""), junit)
    assertTrue(junit.contains(s"""ms), allowed at most ${p99 - 1} ms""""), junit)
    assertTrue(Files.isRegularFile(failed.archivedRunDir.resolve("summary.md")), "summaries exist when the gate fails")

    val passed =
      PostRun.process(FixtureRun.run.gatlingRunDir, root, context, settings, Some(thresholdsWithSearchP99(p99)))
    assertEquals(0, passed.exitCode, passed.verdict.toString)
    assertNotEquals(failed.archivedRunDir, passed.archivedRunDir, "the second archive does not replace the first")
    assertTrue(Files.isRegularFile(failed.archivedRunDir.resolve("junit.xml")))
  }
}
