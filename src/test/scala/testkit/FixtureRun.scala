package testkit

import java.nio.charset.StandardCharsets
import java.nio.file.{ Files, Path }

import io.gatling.app.InProcessGatling

import results.RunFolders
import config.InputError

/** One real run of [[LoopbackSimulation]] per test JVM, shared by the results tests (a run takes seconds). */
object FixtureRun {

  /** Thresholds the fixture run itself uses: "search" sleeps at least 10 ms, so its p99 breaches 1 ms. */
  val BreachedThresholds: String =
    """thresholds { simulations { fixture { paths { "Browse / search" { p99Ms = 1 } } } } }"""

  final case class Run(gatlingRunDir: Path, statusCode: Int)

  lazy val run: Run = {
    val resultsFolder = Files.createTempDirectory("gatling-results-")
    val thresholds = writeTemp("fixture-thresholds", BreachedThresholds)
    val server = new LoopbackServer
    try {
      System.setProperty(LoopbackServer.PortProperty, server.port.toString)
      System.setProperty("thresholds", thresholds.toString)
      val started = System.currentTimeMillis
      // With Gatling's report, as `mvn gatling:test` writes it: the archive tests copy it.
      val status = InProcessGatling.run(classOf[LoopbackSimulation].getName, resultsFolder, htmlReport = true)
      val runDir = RunFolders.newestRunDir(
        resultsFolder,
        started - 1000
      ).getOrElse(throw new InputError(s"the fixture run left no run folder in $resultsFolder"))
      Run(runDir, status)
    } finally {
      System.clearProperty("thresholds")
      server.close()
    }
  }

  def writeTemp(prefix: String, content: String): Path = {
    val file = Files.createTempFile(prefix, ".conf")
    Files.write(file, content.getBytes(StandardCharsets.UTF_8))
    file
  }
}
