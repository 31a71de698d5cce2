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

  private def record(runId: String, at: Long, p99: Double = 200.0): HistoryRecord =
    HistoryRecord(
      runId,
      "abc1234",
      at,
      SeriesSettings("RaidSimulation", "demo", "reference", RunShard.Merged(3), Map.empty),
      None,
      Some(Verdict.Pass),
      Seq(PathFigures("raid", "mint", Some(100), Map(SeriesMetric.P99 -> p99), None))
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

  /** The merge job night by night, its three history steps as the workflow has them: fetch, this night's record
    * appended (the merge's part), push, and the change points new with this night written to the job page (the
    * step's ResultsCli on this JVM's classpath). Raid's `mint` 30 % slower at p99 from night 20: the night the
    * history first finds it, the job page names it; the night after, nothing is new; both steps succeed.
    */
  @Test def theJobPageListsTheChangePointsNewWithEachNight(): Unit = {
    ok(home, s"git init --quiet --bare $remote")
    val nightly = workflow("nightly.yml")
    val steps = historySteps(nightly)
    val results = nightly.get("env").get("LOADTEST_RESULTS").asText
    val branch = nightly.get("env").get("HISTORY_BRANCH").asText
    val random = new scala.util.Random(20)
    val nights = (0 until 40).map { i =>
      val p99 = 200 * (if (i >= 20) 1.3 else 1.0) * math.exp(0.05 * random.nextGaussian())
      record(f"night-$i%02d", i * 86400000L, p99)
    }
    val firstNews = (21 to 40).find(n => History.newChangePoints(nights.take(n), Nil).nonEmpty).get
    val seeder = runner("seeder")
    nights.take(firstNews - 1).foreach(HistoryStore.append(seeder.resolve("seed"), _))
    ok(seeder, "scripts/history-branch.sh push origin \"$HISTORY_BRANCH\" seed", Map("HISTORY_BRANCH" -> branch))

    def night(n: Int): (Int, String) = {
      val dir = runner(s"night-$n")
      val summary = home.resolve(s"summary-$n.md")
      val env = Map(
        "LOADTEST_RESULTS" -> results,
        "HISTORY_BRANCH" -> branch,
        "LOADTEST_CLASSPATH" -> System.getProperty("java.class.path"),
        "GITHUB_STEP_SUMMARY" -> summary.toString,
        "PATH" -> s"${Paths.get(System.getProperty("java.home"), "bin")}:${System.getenv("PATH")}"
      )
      ok(dir, steps("History: fetch the kept runs"), env)
      HistoryStore.append(dir.resolve(results).resolve("history"), nights(n - 1))
      ok(dir, steps("History: append this run's record"), env)
      val (status, out) = finished(sh(dir, steps("History: change points new with this run"), env))
      (status, s"$out\n${Files.readString(summary)}")
    }
    val (newsStatus, news) = night(firstNews)
    assertEquals(0, newsStatus, s"exit 7 (news) is no failed step:\n$news")
    val listed = news.linesIterator.dropWhile(_ != "## Change points new with this run").toSeq
    assertTrue(
      listed.exists(_.matches("""    raid mint p99: \+\d+(\.\d+)? % .* from run night-(1[7-9]|2[0-3]) .*""")),
      news
    )
    assertTrue(listed.exists(_.trim == s"history: 1 change points in $firstNews runs"), news)

    val (quietStatus, quiet) = night(firstNews + 1)
    assertEquals(0, quietStatus, quiet)
    assertTrue(quiet.contains(s"    history: 0 change points in ${firstNews + 1} runs"), quiet)
  }

  /** The release gate is told by the history (docs/history.md, "The release gate told"), the nightly is not: the
    * setting on the release gate's merge alone.
    */
  @Test def theReleaseGatesMergeAloneIsJudgedByTheHistory(): Unit = {
    def mergeOptions(name: String) = workflow(name).get("jobs").get("merge").get("steps").elements.asScala
      .flatMap(s => Option(s.get("env")).flatMap(e => Option(e.get("LOADTEST_OPTS")))).map(_.asText).toSeq
    assertEquals(Seq("-Dresults.history.gate=true"), mergeOptions("release-gate.yml"))
    assertEquals(Nil, mergeOptions("nightly.yml"))
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
