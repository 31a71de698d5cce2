package results.history

import results.PostRun
import results.archive.HistoryStore
import results.model.{ Metric, RunShard, Verdict }
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path, Paths }

import scala.util.Random

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.CraftedSummaries

/** The results step with `results.history.gate` on and off, on a history where raid's `mint` went from about 100 ms
  * to about 130 ms at p99 at its 21st run, and a run now of 130 ms.
  */
class PostRunHistoryGateTest {
  private val thresholds = Paths.get("src/test/resources/golden/thresholds.conf")

  private def root(): Path = {
    val dir = Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "history-gate-")
    val settings = SeriesSettings("Raid", "loopback", "smoke", RunShard.Whole, Map.empty)
    val random = new Random(21)
    (0 until 29).foreach { i =>
      val p99 = (if (i >= 20) 130.0 else 100.0) * math.exp(0.05 * random.nextGaussian())
      HistoryStore.append(
        HistoryStore.folder(dir),
        HistoryRecord(
          f"night-$i%02d",
          "abc",
          i * 1000L,
          settings,
          None,
          Some(Verdict.Pass),
          Seq(PathFigures("raid", "mint", Some(50), Map(SeriesMetric.P99 -> p99), None)),
          release = i == 0
        )
      )
    }
    dir
  }

  private def gated(
      historyGate: Boolean,
      versionUrl: Option[java.net.URI] = None,
      systemSources: Map[String, ResultsSettings.VersionSource] = Map.empty
  ) = {
    val dir = root()
    val summary = CraftedSummaries.summary(
      "Raid",
      Map(List("mint") -> CraftedSummaries.ok(Seq.fill(50)(130): _*)),
      startEpochMs = 100000L,
      runId = "release-1"
    )
    val runDir = Files.createDirectories(dir.resolve("release-1"))
    val settings = ResultsSettings.load().copy(
      root = dir,
      baseline = ResultsSettings.NoBaseline,
      historyGate = historyGate,
      deployedVersionUrl = versionUrl,
      systemVersionSources = systemSources
    )
    (PostRun.gate(runDir, summary, dir, settings, Some(thresholds)), dir)
  }

  @Test def withTheSettingOnAChangePointSinceTheLastReleaseFailsTheRun(): Unit = {
    val (outcome, dir) = gated(historyGate = true)
    val verdict = outcome.verdict.get
    assertEquals(Verdict.Fail, verdict.verdict)
    assertEquals(
      Seq("mint: p99 change point from run night-20"),
      verdict.failures.filter(_.metric.isInstanceOf[Metric.ChangePointRise]).map(_.name)
    )
    val kept = HistoryStore.read(HistoryStore.folder(dir)).records.find(_.runId == "release-1").get
    assertTrue(kept.release)
    assertEquals(Some(Verdict.Fail), kept.verdict)
  }

  /** The target's version from one URL, raid's (deployed on its own) from its own, as a header; vote's URL is
    * not asked, vote not being in the run.
    */
  @Test def theRecordKeepsTheVersionTheTargetAndEachSystemTell(): Unit = {
    val server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0)
    val asked = new java.util.concurrent.ConcurrentLinkedQueue[String]()
    def answer(path: String, body: String, header: Option[(String, String)]): Unit =
      server.createContext(
        path,
        exchange => {
          asked.add(path)
          header.foreach { case (name, value) => exchange.getResponseHeaders.add(name, value) }
          exchange.sendResponseHeaders(200, body.getBytes.length.toLong)
          exchange.getResponseBody.write(body.getBytes)
          exchange.close()
        }
      )
    answer("/version", "platform 4.2.1\n", None)
    answer("/raid", "ok\n", Some("X-App-Version" -> "raid-api 5.0"))
    answer("/vote", "vote 1.0\n", None)
    server.start()
    try {
      def url(path: String) = java.net.URI.create(s"http://127.0.0.1:${server.getAddress.getPort}$path")
      val (_, dir) = gated(
        historyGate = false,
        Some(url("/version")),
        Map(
          "raid" -> ResultsSettings.VersionSource(url("/raid"), Some("X-App-Version")),
          "vote" -> ResultsSettings.VersionSource(url("/vote"), None)
        )
      )
      val kept = HistoryStore.read(HistoryStore.folder(dir)).records.find(_.runId == "release-1").get
      assertEquals(Some("platform 4.2.1"), kept.deployedVersion)
      assertEquals(Map("raid" -> "raid-api 5.0"), kept.systemVersions)
      assertEquals(Some("raid-api 5.0"), kept.deployedVersionOf("raid"))
      assertEquals(Set("/version", "/raid"), asked.toArray.toSet)
    } finally server.stop(0)
  }

  @Test def withTheSettingOffTheHistoryJudgesNothing(): Unit = {
    val (outcome, dir) = gated(historyGate = false)
    assertEquals(Nil, outcome.verdict.get.checks.filter(_.metric.isInstanceOf[Metric.ChangePointRise]))
    assertFalse(HistoryStore.read(HistoryStore.folder(dir)).records.find(_.runId == "release-1").get.release)
  }
}
