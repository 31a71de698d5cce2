package deploy

import results.archive.RunArchive
import results.model.{ RunShard, RunSummary }

import java.net.{ InetAddress, ServerSocket }
import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.TimeUnit

import scala.concurrent.{ Await, ExecutionContext, Future }
import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.TestJvm

/** deploy/rehearse.sh, the one-machine rehearsal of the Kubernetes run (same entry script, same
  * environment): 3 shards against one standalone sandbox, merged, give the counts and the verdict of
  * one unsharded run of the same plan, and a passing run exits 0 either way; a sandbox that cannot listen
  * stops it with its one line and exit code 3. The other exit paths of the scripts are
  * ShardScriptsExitCodesTest's, on crafted runs.
  */
class RehearsalEndToEndTest {
  // A fixed plan (3 users/s for 3 s, every user the same script: 9 users, 3 per shard) and a gate whose
  // checks pass whatever the machine's latencies: generous time limits, so both runs PASS.
  private val thresholds = Files.writeString(
    Files.createTempFile("rehearsal-thresholds", ".conf"),
    "thresholds { defaults { p99Ms = 120000, maxErrorPercent = 1.0 } }"
  )
  private val shardOptions = Seq(
    "-Dprofiles.raid.smoke.rate=3",
    "-Dprofiles.raid.smoke.warmUp=0s",
    "-Dprofiles.raid.smoke.duration=3s",
    s"-Dthresholds=$thresholds"
  ).mkString(" ")

  /** Runs deploy/rehearse.sh with `shards` injectors and the sandbox's `sandboxOptions`, until it exits; returns
    * its exit code, its output (with the sandbox's, for a failure to show) and its results folder.
    */
  private def rehearsal(
      shards: Int,
      sandboxOptions: String,
      environment: Map[String, String] = Map.empty
  ): (Int, String, Path) = {
    val results = Files.createTempDirectory(s"rehearsal-$shards-")
    val builder = new ProcessBuilder("deploy/rehearse.sh", shards.toString, "simulations.RaidSimulation", "smoke")
      .redirectErrorStream(true)
      .redirectOutput(results.resolve("rehearse.log").toFile)
    val env = builder.environment()
    Seq("LOADTEST_SCALE", "LOADTEST_SHARD").foreach(env.remove)
    env.putAll(Map(
      "LOADTEST_CLASSPATH" -> System.getProperty("java.class.path"),
      "LOADTEST_RESULTS" -> results.toString,
      "LOADTEST_TARGET" -> "standalone-sandbox",
      "LOADTEST_OPTS" -> shardOptions,
      "LOADTEST_JAVA_OPTS" -> jvmOptions,
      "REHEARSAL_SANDBOX_OPTS" -> s"$jvmOptions $sandboxOptions"
    ).++(environment).asJava)
    val process = builder.start()
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      fail(s"rehearsal of $shards shards still running after 10 minutes: ${results.resolve("rehearse.log")}")
    }
    val sandboxLog = results.resolve("sandbox.log")
    val log = Files.readString(results.resolve("rehearse.log")) +
      (if (Files.exists(sandboxLog)) s"\n--- $sandboxLog:\n${Files.readString(sandboxLog)}" else "")
    (process.exitValue, log, results)
  }

  /** The rehearsal with `shards` injectors; returns its exit code and the run it left (merged or not). */
  private def rehearse(shards: Int, environment: Map[String, String] = Map.empty): (Int, RunSummary, Path) = {
    val (code, log, results) = rehearsal(shards, "-Dsandbox.stubs.delay.ms=0", environment)
    val runDir = Using.resource(Files.walk(results))(_.iterator.asScala.filter(_.endsWith("summary.json")).toSeq)
      .map(_.getParent)
      .find(dir => shards == 1 || dir.getFileName.toString.contains("-merged-"))
      .getOrElse(fail(s"no run summarised by the rehearsal of $shards:\n$log"))
    (code, RunArchive.readSummary(runDir), results)
  }

  private val jvmOptions = TestJvm.options.mkString(" ")

  private def counts(summary: RunSummary): Map[String, (Long, Long)] =
    summary.requests.map(e => e.path.mkString(" / ") -> (e.figures.count, e.figures.ko)).toMap

  private def checks(summary: RunSummary): Seq[(String, Boolean)] =
    summary.gate.toSeq.flatMap(_.checks.map(c => c.name -> c.passed))

  @Test
  def threeShardsMergedCountAndPassAsOneUnshardedRun(): Unit = {
    assertTrue(Files.isExecutable(Paths.get("deploy/rehearse.sh")), "run from the repository root")
    // Side by side, each with its own sandbox: the two rehearsals share nothing but the machine.
    val unsharded = Future(rehearse(1))(ExecutionContext.global)
    val (mergedCode, merged, folder) = rehearse(3)
    val (wholeCode, whole, _) = Await.result(unsharded, 10.minutes)
    assertEquals(
      Seq(1, 2, 3).map(i => s"shard-$i"),
      Using.resource(Files.list(folder))(_.iterator.asScala.map(_.getFileName.toString).filter(_.startsWith("shard-"))
        .filterNot(_.endsWith(".log")).toSeq.sorted)
    )
    assertEquals((RunShard.Merged(3), 3), (merged.run.shard, merged.run.mergedFrom.size))
    assertEquals(72L, whole.global.figures.count, "9 users, 8 requests each")
    assertEquals(counts(whole), counts(merged))
    assertEquals(whole.completion.startedUsers, merged.completion.startedUsers)
    assertEquals(Some("PASS"), whole.gate.map(_.label))
    assertEquals(whole.gate.map(_.label), merged.gate.map(_.label))
    assertEquals(checks(whole), checks(merged))
    assertTrue(checks(merged).nonEmpty, "the merged run was gated")
    assertEquals((0, 0), (wholeCode, mergedCode), "a passing run exits 0, merged or not")
    // Each shard was told where the sandbox serves its own CPU, as it printed it.
    val cpuUrl = Files.readAllLines(folder.resolve("sandbox.log")).asScala.collectFirst {
      case line if line.startsWith("its own CPU") => line.split(" +").last
    }
    assertTrue(cpuUrl.exists(_.endsWith("/sandbox-cpu")), s"the sandbox printed its CPU's URL: $cpuUrl")
    assertEquals(cpuUrl, merged.run.overrides.get("targets.standalone-sandbox.sandboxCpuUrl"))
  }

  /** Shards launched 20 s apart, as a busy scheduler starts pods: at the rendezvous (the rehearsal's default) their
    * load starts together, under a second apart as the merged run reports it; without a common start the merge
    * finds their steady windows apart and the merged run is INVALID, naming them.
    */
  @Test
  def shardsLaunched20SecondsApartStartTheirLoadTogetherOrMergeInvalid(): Unit = {
    val stagger = Map("REHEARSAL_STAGGER_SECONDS" -> "20")
    val apart = Future(rehearse(2, stagger + ("LOADTEST_START" -> "")))(ExecutionContext.global)
    val (togetherCode, together, folder) = rehearse(2, stagger)
    val overlap = together.shardOverlap.getOrElse(fail("no shards in the merged summary"))
    val launched = (1 to 2).map(i => Files.getLastModifiedTime(folder.resolve(s"shard-$i/run-id")).toMillis)
    assertTrue(launched(1) - launched(0) >= 19000, s"launched 20 s apart: $launched")
    assertTrue(overlap.maxSkewMs < 1000, s"their plans began ${overlap.maxSkewMs} ms apart")
    assertEquals(Seq("rendezvous", "rendezvous"), overlap.shards.flatMap(_.start).map(_.rule.word))
    assertTrue(overlap.shards.flatMap(_.start).forall(_.lateMs < 1000), overlap.toString)
    assertEquals((0, Some("PASS")), (togetherCode, together.gate.map(_.label)))
    val summaryMd = Files.readString(folder.resolve(together.run.runId).resolve("summary.md"))
    assertTrue(summaryMd.contains("## Shards (one time line)"), summaryMd)

    val (apartCode, apartRun, _) = Await.result(apart, 10.minutes)
    assertEquals((6, Some("INVALID")), (apartCode, apartRun.gate.map(_.label)))
    val reason = apartRun.gate.toSeq.flatMap(_.invalid).map(_.text)
    assertTrue(
      reason.exists(r =>
        r.startsWith("shards apart: all 2 shards shared 0 s") && apartRun.run.mergedFrom.forall(r.contains)
      ),
      reason.toString
    )
    assertTrue(apartRun.shardOverlap.exists(_.maxSkewMs >= 15000), apartRun.shardOverlap.toString)
  }

  @Test
  def aSandboxPortTakenStopsTheRehearsalWithOneLineBeforeAnyShard(): Unit =
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { taken =>
      val port = taken.getLocalPort
      val (code, log, results) = rehearsal(2, s"-Dsandbox.raid.port=$port")
      assertEquals(3, code, log)
      val expected =
        s"rehearse: the sandbox did not start: $results/sandbox.log (sandbox.raid.port: cannot listen on " +
          s"127.0.0.1:$port (BindException: Address already in use); -Dsandbox.raid.port=0 takes a free one)"
      assertEquals(expected, Files.readString(results.resolve("rehearse.log")).trim, log)
      assertFalse(Files.exists(results.resolve("shard-1.log")), "no shard started")
    }
}
