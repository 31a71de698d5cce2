package results

import results.model.{ ErrorCount, RunContext, RunShard }

import results.archive.{ RunArchive, SummaryJson }
import results.render.RunPage
import results.summarize.ResultsSettings

import java.nio.file.{ Files, Path, Paths }
import java.util.UUID
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.typesafe.config.ConfigFactory
import io.gatling.core.stats.writer.SimulationLogWriter
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.Redaction
import testkit.{ FixtureRun, TestJvm }

/** A failed check quotes what the answer held (`jsonPath(...).find.is(x), but actually found <value>`), a secret
  * among them: the results step redacts it as every other line before it reaches summary.json, summary.md,
  * run.html or junit.xml, in the run's own JVM and in `ResultsCli summarize`'s, which learns the secrets anew.
  */
class FailureMessageRedactionTest {
  private val thresholds = FixtureRun.writeTemp("thresholds", "thresholds { defaults { maxErrorPercent = 100 } }")
  private val context =
    RunContext("RaidSimulation", Seq("raid"), "local", "reference", RunShard.Whole, Map.empty, Nil, Nil)
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)

  private def found(value: String) = s"jsonPath($$.accessToken).find.is(expired), but actually found $value"

  /** A Gatling run folder whose log holds a failed check quoting each of `values`, and a failed status check. */
  private def gatlingRun(values: String*): Path = {
    val start = 1795000000000L
    val log =
      SimulationLogWriter.open(Files.createTempDirectory("gatling-"), "simulations.RaidSimulation", start, "RAiD")
    log.user(started = true, start + 1)
    log.request("mint raid", start + 10, start + 20, None)
    values.zipWithIndex.foreach { case (value, i) =>
      log.request("mint raid", start + 30 + i, start + 40 + i, Some(found(value)))
    }
    log.request("mint raid", start + 50, start + 60, Some("status.find.in(200,201), but actually found 500"))
    log.user(started = false, start + 100)
    log.close()
    log.logFile.getParent
  }

  /** The run's files that hold `text`, its simulation.log aside (never served nor shown). */
  private def holding(runDir: Path, text: String): Seq[String] =
    Using.resource(Files.list(runDir))(_.iterator.asScala.toSeq)
      .filter(f => Files.isRegularFile(f) && f.getFileName.toString != "simulation.log")
      .filter(f => Files.readString(f).contains(text)).map(_.getFileName.toString).sorted

  private val written = Seq(RunArchive.SummaryJsonName, RunArchive.SummaryMarkdownName, RunPage.FileName, "junit.xml")

  @Test def theRunsOwnResultsStepRedactsWhatAFailedCheckFound(): Unit = {
    val (token, password) = (s"token-${UUID.randomUUID}", s"password-${UUID.randomUUID}")
    // As the run learns its settings (SuiteSimulation).
    Redaction.learn(ConfigFactory.parseString(s"""live.token = "$token"
                                                 |eforms.password = "$password"""".stripMargin))

    val runDir = PostRun.process(
      gatlingRun(token, password),
      Files.createTempDirectory("results-"),
      context,
      settings,
      Some(thresholds)
    ).archivedRunDir

    written.foreach(file => assertTrue(Files.isRegularFile(runDir.resolve(file)), file))
    assertEquals(Nil, holding(runDir, token) ++ holding(runDir, password), "files holding a secret")
    assertEquals(
      Seq(
        ErrorCount(found(Redaction.Marker), 2, List("mint raid")),
        ErrorCount("status.find.in(200,201), but actually found 500", 1, List("mint raid"))
      ),
      SummaryJson.read(runDir.resolve(RunArchive.SummaryJsonName)).errors,
      "two messages alike once redacted count as one; the rest as Gatling worded them"
    )
    assertTrue(Files.readString(runDir.resolve(RunArchive.SummaryMarkdownName)).contains(found(Redaction.Marker)))
    assertTrue(Files.readString(runDir.resolve(RunPage.FileName)).contains(found("&lt;redacted&gt;")))
  }

  /** Archived by a JVM that never learnt the secrets (their values are in its files), then summarised again by
    * `ResultsCli summarize` in a JVM of its own, given them as a run is: a secret setting on the command line
    * (`-Dlive.token`) and a variable a `passwordEnv` setting names (a name without a secret word in it).
    */
  @Test def resultsCliSummarizeInAFreshJvmRedactsTheSecretsOfTheSettings(): Unit = {
    val (token, password) = (s"token-${UUID.randomUUID}", s"password-${UUID.randomUUID}")
    val root = Files.createTempDirectory("results-")
    val runDir = PostRun.process(gatlingRun(token, password), root, context, settings, Some(thresholds)).archivedRunDir
    assertTrue(holding(runDir, token).contains(RunArchive.SummaryJsonName), "unknown here: kept as found")

    val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString
    val command = Seq(java) ++ TestJvm.options ++ Seq(
      "--add-opens",
      "java.base/java.lang=ALL-UNNAMED",
      "-cp",
      System.getProperty("java.class.path"),
      s"-Dlive.token=$token",
      "-Deroll.passwordEnv=EROLL_STAFF_PW",
      "results.ResultsCli",
      "summarize",
      runDir.toString,
      "--results",
      root.toString,
      "--no-baseline",
      "--thresholds",
      thresholds.toString
    )
    val output = root.resolve("summarize.txt")
    val builder = new ProcessBuilder(command.asJava).redirectErrorStream(true).redirectOutput(output.toFile)
    builder.environment.put("EROLL_STAFF_PW", password)
    val process = builder.start()
    assertTrue(process.waitFor(300, TimeUnit.SECONDS), "summarize ran 5 minutes")
    val text = Files.readString(output)
    assertTrue(Set(0, 1).contains(process.exitValue), s"exit ${process.exitValue}:\n$text")

    assertEquals(Nil, holding(runDir, token) ++ holding(runDir, password), s"files holding a secret:\n$text")
    assertFalse(text.contains(token) || text.contains(password), text)
    assertEquals(
      Seq(found(Redaction.Marker)),
      SummaryJson.read(runDir.resolve(RunArchive.SummaryJsonName)).errors.map(_.message).filter(_.startsWith("json"))
    )
  }
}
