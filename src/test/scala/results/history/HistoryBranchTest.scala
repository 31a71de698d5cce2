package results.history

import results.archive.HistoryStore
import results.model.{ RunShard, Verdict }

import java.nio.file.{ Files, Path, Paths, StandardCopyOption }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The history steps of the nightly and release-gate workflows, their `run:` lines as the workflow has them, against
  * a local bare repository standing in for GitHub's: two merge jobs appending at once both land on the branch, one
  * commit after the other (fast-forward only), and a third job fetches both.
  */
class HistoryBranchTest {
  private val home =
    Files.createTempDirectory(Files.createDirectories(Paths.get("target/test-tmp")), "history-branch-").toAbsolutePath
  private val remote = home.resolve("remote.git")

  private def workflow(name: String): JsonNode =
    new ObjectMapper(new YAMLFactory).readTree(Paths.get(s".github/workflows/$name").toFile)

  private def historySteps(wf: JsonNode): Map[String, String] =
    wf.get("jobs").get("merge").get("steps").elements.asScala
      .filter(s => Option(s.get("name")).exists(_.asText.startsWith("History: ")))
      .map(s => s.get("name").asText -> s.get("run").asText)
      .toMap

  private def sh(dir: Path, command: String, env: Map[String, String] = Map.empty): Process = {
    val pb = new ProcessBuilder("bash", "-c", command).directory(dir.toFile).redirectErrorStream(true)
    pb.environment().putAll(env.asJava)
    pb.start()
  }

  private def finished(p: Process): (Int, String) = {
    val out = new String(p.getInputStream.readAllBytes())
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), out)
    (p.exitValue, out)
  }

  private def ok(dir: Path, command: String, env: Map[String, String] = Map.empty): String = {
    val (status, out) = finished(sh(dir, command, env))
    assertEquals(0, status, s"$command:\n$out")
    out
  }

  /** A clone of the remote with the script the workflow calls, as actions/checkout leaves the repository. */
  private def runner(name: String): Path = {
    ok(home, s"git clone --quiet $remote $name 2> /dev/null")
    val dir = home.resolve(name)
    Files.createDirectories(dir.resolve("scripts"))
    Files.copy(
      Paths.get("scripts/history-branch.sh"),
      dir.resolve("scripts/history-branch.sh"),
      StandardCopyOption.COPY_ATTRIBUTES
    )
    dir
  }

  private def record(runId: String, at: Long): HistoryRecord =
    HistoryRecord(
      runId,
      "abc1234",
      at,
      SeriesSettings("RaidSimulation", "demo", "reference", RunShard.Merged(3), Map.empty),
      None,
      Some(Verdict.Pass),
      Seq(PathFigures("raid", "mint", Some(100), Map(SeriesMetric.P99 -> 200.0), None))
    )

  @Test def twoMergeJobsAppendingAtOnceBothLandAndAThirdFetchesBoth(): Unit = {
    ok(home, s"git init --quiet --bare $remote")
    val nightly = workflow("nightly.yml")
    val steps = historySteps(nightly)
    val (fetch, push) = (steps("History: fetch the kept runs"), steps("History: append this run's record"))
    assertEquals(steps.keySet, historySteps(workflow("release-gate.yml")).keySet)
    assertEquals(
      Seq("write"),
      Seq(nightly.get("jobs").get("merge").get("permissions").get("contents").asText)
    )
    val env = Map(
      "LOADTEST_RESULTS" -> nightly.get("env").get("LOADTEST_RESULTS").asText,
      "HISTORY_BRANCH" -> nightly.get("env").get("HISTORY_BRANCH").asText
    )
    val branch = env("HISTORY_BRANCH")
    val results = env("LOADTEST_RESULTS")

    // Rounds of two jobs at once: the first round makes the branch (both find none), the next append to it.
    for (round <- 1 to 3) {
      val jobs = Seq("a", "b").map { job =>
        val dir = runner(s"$job-$round")
        assertTrue(ok(dir, fetch, env).contains("history:"))
        HistoryStore.append(dir.resolve(results).resolve("history"), record(s"night-$round-$job", round * 10L))
        dir
      }
      val both = jobs.map(dir => sh(dir, push, env)).map(finished)
      both.foreach { case (status, out) => assertEquals(0, status, out) }
    }

    val reader = runner("reader")
    ok(reader, fetch, env)
    val read = HistoryStore.read(reader.resolve(results).resolve("history"))
    assertEquals(Nil, read.unread)
    assertEquals(
      (1 to 3).flatMap(r => Seq(s"night-$r-a", s"night-$r-b")).toSet,
      read.records.map(_.runId).toSet
    )
    // One commit per push, none a merge: every push was a fast-forward.
    assertEquals("6", ok(remote, s"git rev-list --count $branch").trim)
    assertEquals("", ok(remote, s"git rev-list --merges $branch").trim)
    assertEquals(Set("history"), ok(remote, s"git ls-tree --name-only $branch").linesIterator.toSet)
  }

  @Test def aFetchOfABranchNotYetMadeFetchesNothingAndAPushOfNothingNewPushesNothing(): Unit = {
    ok(home, s"git init --quiet --bare $remote")
    val dir = runner("first")
    assertTrue(ok(dir, "scripts/history-branch.sh fetch origin kept h").contains("no branch kept"))
    HistoryStore.append(dir.resolve("h"), record("night-1", 1L))
    ok(dir, "scripts/history-branch.sh push origin kept h")
    assertTrue(ok(dir, "scripts/history-branch.sh push origin kept h").contains("already holds every record"))
    assertEquals("1", ok(remote, "git rev-list --count kept").trim)
  }

  @Test def aBadUsageIsOneLineAndExitCode3(): Unit = {
    val (status, out) = finished(sh(Paths.get("."), "scripts/history-branch.sh pull origin kept h"))
    assertEquals(3, status, out)
    assertEquals(1, out.linesIterator.size, out)
  }
}
