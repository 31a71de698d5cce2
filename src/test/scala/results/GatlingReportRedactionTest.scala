package results

import results.model.{ RunContext, RunShard }

import results.summarize.ResultsSettings

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.nio.charset.StandardCharsets.ISO_8859_1
import java.nio.file.{ FileSystems, Files, Path, Paths }
import java.time.Duration
import java.util.{ Arrays, UUID }

import scala.jdk.CollectionConverters._
import scala.util.Using

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory
import com.typesafe.config.ConfigFactory
import config.Redaction
import io.gatling.app.ReportsOnly
import io.gatling.core.stats.writer.SimulationLogWriter
import live.{ LiveServer, LiveSettings, LiveState }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.FixtureRun

/** A secret a failed check quotes is in Gatling's own report (its Errors tables, its data) as in its log. Once
  * archived, it is in no file the live server serves nor any the workflows upload: the report is redacted as the
  * suite's files are, and simulation.log is neither served nor uploaded unless a workflow's input asks for it.
  * What the workflows upload is read from their files (every `actions/upload-artifact` step's `path`), over the
  * folder their shard and merge jobs leave, a run not archived included: a new upload path is looked inside too.
  */
class GatlingReportRedactionTest {
  private val thresholds = FixtureRun.writeTemp("thresholds", "thresholds { defaults { p99Ms = 100000 } }")
  private val settings = ResultsSettings.load().copy(baseline = ResultsSettings.NoBaseline)
  private val LogInput = "inputs.simulation_logs"

  private def found(value: String) = s"jsonPath($$.accessToken).find.is(expired), but actually found $value"

  /** A Gatling run folder of shard `index` of 2 whose log holds a failed check quoting each of `values`, with
    * Gatling's HTML report of it.
    */
  private def gatlingRun(index: Int, values: Seq[String]): Path = {
    val start = 1795000000000L + index
    val log =
      SimulationLogWriter.open(Files.createTempDirectory("gatling-"), "simulations.RaidSimulation", start, "RAiD")
    log.user(started = true, start + 1)
    (0 until 20).foreach(i => log.request("mint raid", start + 10 + i, start + 20 + i, None))
    values.zipWithIndex.foreach { case (value, i) =>
      log.request("mint raid", start + 40 + i, start + 50 + i, Some(found(value)))
    }
    log.user(started = false, start + 100)
    log.close()
    val runDir = log.logFile.getParent
    assertEquals(0, ReportsOnly.write(runDir), "Gatling wrote its report")
    runDir
  }

  private def files(folder: Path): Seq[Path] =
    Using.resource(Files.walk(folder))(_.iterator.asScala.filter(Files.isRegularFile(_)).toSeq.sorted)

  private def holds(bytes: Array[Byte], secrets: Seq[String]): Boolean = {
    val text = new String(bytes, ISO_8859_1)
    secrets.exists(text.contains)
  }

  @Test def noSecretInAnyFileTheLiveServerServesOrTheWorkflowsUpload(): Unit = {
    val (token, password, unknown) =
      (s"token-${UUID.randomUUID}", s"password-${UUID.randomUUID}", s"unknown-${UUID.randomUUID}")
    // Two known by value, as the run learns its settings (SuiteSimulation); one by its form alone.
    Redaction.learn(ConfigFactory.parseString(s"""live.token = "$token"
                                                 |eforms.password = "$password"""".stripMargin))
    val secrets = Seq(token, password, unknown)
    val quoted = Seq(token, password, s"""{"apiToken":"$unknown"}""")
    val work = Files.createTempDirectory("workflow-")
    val sharded = work.resolve("sharded")
    // What deploy/shard.sh leaves in sharded/shard-<i>/: the archived run (its Gatling folder removed once archived).
    val runs = Seq(1, 2).map { index =>
      val gatling = gatlingRun(index, quoted)
      val report = files(gatling).filterNot(_.getFileName.toString == "simulation.log")
      assertTrue(
        report.exists(f => holds(Files.readAllBytes(f), secrets)),
        s"Gatling's report quotes the secrets: ${report.map(gatling.relativize).mkString(", ")}"
      )
      val context =
        RunContext("RaidSimulation", Seq("raid"), "demo", "reference", RunShard.Part(index, 2), Map.empty, Nil, Nil)
      val root = sharded.resolve(s"shard-$index")
      val archived = PostRun.process(gatling, root, context, settings, Some(thresholds)).archivedRunDir
      // Gatling's scripts and styles, which hold no run's data, work as Gatling wrote them.
      val assets =
        files(gatling).map(gatling.relativize).filter(f => Seq("js", "style").contains(f.getName(0).toString))
      assertFalse(assets.isEmpty, "the report's assets")
      assertEquals(
        Nil,
        assets.filterNot(f =>
          Arrays.equals(Files.readAllBytes(gatling.resolve(f)), Files.readAllBytes(archived.resolve(f)))
        ),
        "assets changed"
      )
      archived
    }
    // What deploy/shard.sh leaves of a run it could not archive (an earlier attempt's, here): Gatling's own folder,
    // its report as Gatling wrote it.
    val unarchived = {
      val gatling = gatlingRun(3, quoted)
      val kept = sharded.resolve("shard-2").resolve("gatling-20261207120000-Xk3pQ9").resolve(gatling.getFileName)
      files(gatling).foreach { file =>
        val target = kept.resolve(gatling.relativize(file))
        Files.createDirectories(target.getParent)
        Files.copy(file, target)
      }
      files(kept)
    }
    assertTrue(
      unarchived.exists(f => f.getFileName.toString != "simulation.log" && holds(Files.readAllBytes(f), secrets)),
      "the unarchived report quotes the secrets"
    )
    // What deploy/merge.sh leaves beside them: the merged run.
    ResultsCli.run(List("merge") ++ runs.map(_.toString) ++ List("--results", sharded.toString, "--no-baseline"))

    val served = servedFiles(runs.head)
    assertTrue(served.exists(_._1 == "index.html"), s"Gatling's report is served: ${served.map(_._1)}")
    assertEquals(Nil, served.filter { case (_, bytes) => holds(bytes, secrets) }.map(_._1), "served with a secret")

    val steps = uploadSteps
    val (logSteps, otherSteps) = steps.partition(_._2.contains(LogInput))
    assertFalse(logSteps.isEmpty, s"a step that uploads simulation.log when $LogInput asks")
    logSteps.foreach { case (workflow, _, paths) =>
      val uploaded = uploadedBy(work, paths)
      assertFalse(uploaded.isEmpty, s"$workflow: ${paths.mkString(" ")}")
      assertEquals(Nil, uploaded.filterNot(_.getFileName.toString == "simulation.log"), s"$workflow: logs only")
    }
    val uploaded = otherSteps.flatMap { case (_, _, paths) => uploadedBy(work, paths) }.distinct
    Seq(runs.head.resolve("index.html"), runs.last.resolve("index.html")).foreach(report =>
      assertTrue(uploaded.contains(report), s"each shard's Gatling report is uploaded: $uploaded")
    )
    assertTrue(uploaded.exists(_.toString.contains("-merged-")), s"the merged run is uploaded: $uploaded")
    assertEquals(Nil, uploaded.filter(_.getFileName.toString == "simulation.log"), "uploaded without asking")
    assertEquals(Nil, uploaded.filter(f => holds(Files.readAllBytes(f), secrets)), "uploaded with a secret")
    assertEquals(Nil, uploaded.filter(unarchived.contains), "an unarchived run's Gatling folder uploaded")
  }

  /** Every file of `runDir` as the live server answers for it, by its path in the folder; simulation.log never. */
  private def servedFiles(runDir: Path): Seq[(String, Array[Byte])] = {
    val state = LiveState("RaidSimulation", 0, 0, "ended", Nil, "off", None, Nil)
    val prefix = s"/results/${runDir.getFileName}/"
    val server =
      LiveServer.start(LiveSettings.Off.copy(enabled = true), () => "", () => state, () => Some(prefix -> runDir))
    val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
    try files(runDir).flatMap { file =>
        val relative = runDir.relativize(file).iterator.asScala.mkString("/")
        val uri = new URI("http", null, "127.0.0.1", server.port, prefix + relative, null, null)
        val answer = client.send(
          HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofByteArray()
        )
        if (file.getFileName.toString == "simulation.log") {
          assertEquals(404, answer.statusCode, "simulation.log is never served")
          None
        } else {
          assertEquals(200, answer.statusCode, relative)
          Some(relative -> answer.body)
        }
      }
    finally server.close()
  }

  /** Every `actions/upload-artifact` step of the workflows: its workflow, its `if`, the lines of its `path`. */
  private def uploadSteps: Seq[(String, String, Seq[String])] = {
    val mapper = new ObjectMapper(new YAMLFactory())
    val workflows = Using.resource(Files.list(Paths.get(".github/workflows")))(_.iterator.asScala.toSeq.sorted)
    workflows.filter(_.toString.endsWith(".yml")).flatMap { workflow =>
      val jobs = mapper.readTree(workflow.toFile).path("jobs")
      jobs.fieldNames.asScala.toSeq.flatMap { job =>
        jobs.path(
          job
        ).path("steps").elements.asScala.filter(_.path("uses").asText.startsWith("actions/upload-artifact"))
          .map { step =>
            val paths = step.path("with").path("path").asText.linesIterator.map(_.trim).filter(_.nonEmpty).toSeq
            (s"${workflow.getFileName} $job", text(step.path("if")), paths)
          }
      }
    }
  }

  private def text(node: JsonNode): String = if (node.isMissingNode) "" else node.asText

  /** The files under `work` that `paths` names, as upload-artifact reads them: a glob each (`*` within a folder,
    * `**` across folders; a folder names every file under it), `!` before one leaving out what it names.
    */
  private def uploadedBy(work: Path, paths: Seq[String]): Seq[Path] = {
    def matcher(glob: String) = FileSystems.getDefault.getPathMatcher(s"glob:${glob.stripSuffix("/")}")
    val (excluded, included) = paths.partition(_.startsWith("!"))
    val (in, out) = (included.map(matcher), excluded.map(p => matcher(p.drop(1))))
    files(work).filter { file =>
      val relative = work.relativize(file)
      val named = (1 to relative.getNameCount).map(n => relative.subpath(0, n))
      named.exists(p => in.exists(_.matches(p))) && !named.exists(p => out.exists(_.matches(p)))
    }
  }
}
