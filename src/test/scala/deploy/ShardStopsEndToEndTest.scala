package deploy

import results.model.{ ExitCodes, Verdict }

import results.ResultsCli
import results.archive.SummaryJson

import java.nio.file.{ Files, Path }
import java.util.UUID
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.TestJvm

/** A shard stopped as the platform stops it: deploy/shard.sh started in a process group of its own (`setsid`),
  * its real Gatling JVM loading the in-process sandbox. 40 s into the run, shard 1 gets TERM to the script's pid
  * alone, as the kubelet sends it to a pod's PID 1: the script runs as PID 1 of a PID namespace of its own
  * (`unshare`, where the machine allows unprivileged user namespaces; the test prints which), where the kernel
  * drops any signal PID 1 has no handler for. Shard 2 gets TERM to its process group. Each JVM stops its load
  * gracefully, the script waits for the archive, writes its exit code and removes Gatling's folder, and
  * deploy/merge.sh then merges the two INCOMPLETE runs (exit 4) with every request the consoles had counted
  * before the signals; shard 1's archive first removes what a JVM killed mid-archive had left in its folder. A
  * run whose archive fails keeps its simulation.log in Gatling's folder, and so does a script killed outright.
  */
class ShardStopsEndToEndTest {
  // RAiD's smoke journeys at 3 users/s for 10 minutes: stopped once the console has counted requests (40 s in, or
  // as soon as it has, when later).
  private val options = Seq(
    "-Dprofiles.raid.smoke.rate=3",
    "-Dprofiles.raid.smoke.warmUp=0s",
    "-Dprofiles.raid.smoke.duration=10m",
    "-Dgatling.data.console.writePeriod=2",
    s"-Dthresholds=${ShardScripts.thresholds}"
  ).mkString(" ")

  @Test
  def aTerminatedShardArchivesItsRunAndTheMergeMergesWhatTheShardsKept(): Unit = {
    val results = Files.createTempDirectory("stopped-shards-")
    val asPid1 = ShardStopsEndToEndTest.pidNamespaces
    println(s"shard 1 runs as PID 1 of its own PID namespace: $asPid1")
    // What a JVM killed mid-archive left in its results folder (an older version's: no lock beside it; a killed
    // JVM's lock, results.archive.StagedWriteTest): the next archive there removes it.
    val shard1 = Files.createDirectories(results.resolve("shard-1"))
    val abandoned = shard1.resolve(s".raidsimulation-20260101000000000-${UUID.randomUUID()}")
    Files.writeString(Files.createDirectory(abandoned).resolve("simulation.log"), "half a log")
    val shards = Seq(new StartedShard(0, results, asPid1), new StartedShard(1, results, asPid1 = false))
    try {
      shards.foreach(_.awaitRunning(seconds = 40))
      val counted = shards.map(_.awaitCountedRequests(seconds = 300))
      shards.head.signal("TERM", group = false)
      shards(1).signal("TERM", group = true)
      shards.foreach { shard =>
        assertEquals(0, shard.exitStatus(seconds = 300), s"the run was archived:\n${shard.text}")
        assertTrue(shard.text.contains("stopping: Ctrl-C again to abort"), s"a graceful stop:\n${shard.text}")
      }
      assertEquals(Nil, ShardScripts.processesHolding(results.toString), "no JVM outlives its script")
      val kept = shards.zip(counted).map { case (shard, before) =>
        val dir = results.resolve(s"shard-${shard.index + 1}")
        assertEquals("4", Files.readString(dir.resolve("exit-code")).trim, "the JVM's INCOMPLETE")
        val summary = SummaryJson.read(dir.resolve(Files.readString(dir.resolve("run")).trim).resolve("summary.json"))
        assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
        assertTrue(
          summary.global.figures.count >= before,
          s"shard ${shard.index + 1} kept ${summary.global.figures.count} requests, its console had counted $before"
        )
        assertEquals(Nil, ShardScripts.gatlingFolders(dir), "Gatling's folder is removed once the run is archived")
        summary.global.figures.count
      }
      assertTrue(
        shards.head.text.contains(s"results: removed $abandoned: left by an archive that was stopped half-way"),
        shards.head.text
      )
      assertEquals(Nil, ShardScripts.entries(shard1).filter(_.startsWith(".")), "nothing hidden left in shard-1")

      // Both shards wrote their exit code: the merge does not wait out its hour.
      val started = System.nanoTime()
      val merged = ShardScripts.run(
        "merge.sh",
        Map(
          "LOADTEST_SHARDS" -> "2",
          "LOADTEST_RUN_ID" -> "stopped-shards",
          "LOADTEST_RESULTS" -> results.toString,
          "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
          "LOADTEST_OPTS" -> options,
          "LOADTEST_MERGE_WAIT_SECONDS" -> "3600"
        )
      )
      val mergeSeconds = (System.nanoTime() - started) / 1e9
      assertEquals(4, merged.code, merged.output)
      assertTrue(mergeSeconds < 300, s"the merge took $mergeSeconds s")
      val mergedRun = ShardScripts.mergedRun(results).getOrElse(fail(s"no merged run:\n${merged.output}"))
      assertEquals(kept.sum, mergedRun.global.figures.count, "every request the shards kept")
      assertEquals(Some(Verdict.Incomplete), mergedRun.gate.map(_.verdict))
    } finally shards.foreach(_.destroy())
  }

  @Test
  def aKilledShardsJvmStopsItsLoadAndTheMergeNamesTheShard(): Unit =
    loneShard("killed-shard-") { (shard, dir, counted) =>
      val results = dir.getParent
      shard.signal("KILL", group = false)
      // Its JVM, left without its script, sees its parent gone: it stops its load and archives the run.
      val deadline = System.nanoTime() + 120 * 1000000000L
      while (ShardScripts.processesHolding(results.toString).nonEmpty && System.nanoTime() < deadline)
        Thread.sleep(200)
      assertEquals(Nil, ShardScripts.processesHolding(results.toString), s"the JVM still runs:\n${shard.text}")
      val archived = Using.resource(Files.list(dir))(_.iterator.asScala.filter(d =>
        Files.isRegularFile(d.resolve("summary.json"))
      ).toSeq)
      val Seq(run) = archived: @unchecked
      val summary = SummaryJson.read(run.resolve("summary.json"))
      assertEquals(Some(Verdict.Incomplete), summary.gate.map(_.verdict))
      assertTrue(summary.global.figures.count >= counted, s"kept ${summary.global.figures.count}, counted $counted")
      assertFalse(Files.exists(dir.resolve("exit-code")), "the script never wrote it")
      val Seq(gatling) = ShardScripts.gatlingFolders(dir): @unchecked
      assertTrue(Files.size(gatling.resolve(s"${run.getFileName}/simulation.log")) > 0, "nothing removed Gatling's log")
      val merged = ShardScripts.run(
        "merge.sh",
        Map(
          "LOADTEST_SHARDS" -> "1",
          "LOADTEST_RUN_ID" -> "stopped-shards",
          "LOADTEST_RESULTS" -> results.toString,
          "LOADTEST_CLASSPATH" -> ShardScripts.classpath
        )
      )
      assertEquals(2, merged.code, merged.output)
      assertTrue(merged.output.contains(s"shard 1/1 ($dir) did not finish: no exit-code"), merged.output)
    }

  @Test
  def aRunWhoseArchiveFailsKeepsItsSimulationLog(): Unit =
    loneShard("unarchived-shard-") { (shard, dir, counted) =>
      val Seq(gatling) = ShardScripts.gatlingFolders(dir): @unchecked
      val Seq(runName) = ShardScripts.entries(gatling): @unchecked
      // Where the archive moves its copy, a link to nowhere: the move fails (a folder cannot replace a link), as a
      // full disk or a lost mount fails an archive.
      Files.createSymbolicLink(dir.resolve(runName), dir.resolve("nowhere"))
      shard.signal("TERM", group = false)
      assertEquals(ExitCodes.NotArchived, shard.exitStatus(seconds = 300), shard.text)
      assertEquals("5", Files.readString(dir.resolve("exit-code")).trim, "the JVM's own code")
      assertTrue(shard.text.contains(s"results: ERROR the run was not archived to $dir: "), shard.text)
      val log = gatling.resolve(s"$runName/simulation.log")
      assertEquals(
        s"shard 1/1: no run archived in $dir (exit code 5); its log is kept: $log",
        shard.text.linesIterator.toSeq.last
      )
      assertEquals(Nil, ShardScripts.entries(dir).filter(_.startsWith(".")), "no half-written copy left")
      // The kept log is the whole run's: summarised where it is, it holds every request the console counted.
      ResultsCli.run(List("summarize", log.getParent.toString, "--results", gatling.toString, "--no-baseline"))
      val summary = SummaryJson.read(log.resolveSibling("summary.json"))
      assertTrue(summary.global.figures.count >= counted, s"kept ${summary.global.figures.count}, counted $counted")
    }

  /** Shard 1 of 1 in a results folder of its own (`prefix`-*): `test` gets it, its shard-1 folder and what its
    * console counted once it counted requests; the shard's processes are ended afterwards.
    */
  private def loneShard(prefix: String)(test: (StartedShard, Path, Long) => Unit): Unit = {
    val results = Files.createTempDirectory(prefix)
    val shard = new StartedShard(0, results, asPid1 = false, shards = 1)
    try test(shard, results.resolve("shard-1"), shard.awaitCountedRequests(seconds = 300))
    finally shard.destroy()
  }

  /** deploy/shard.sh for shard index+1 of `shards`, in a process group of its own (and as PID 1 of a PID namespace of
    * its own), its output in shard-<i>.log.
    */
  private final class StartedShard(val index: Int, results: Path, asPid1: Boolean, shards: Int = 2) {
    val log: Path = results.resolve(s"shard-${index + 1}.log")
    private val startedAt = System.nanoTime()
    private val process: Process = {
      val command = Seq("setsid") ++ (if (asPid1) ShardStopsEndToEndTest.Unshare else Nil) :+ "deploy/shard.sh"
      val builder = new ProcessBuilder(command.asJava).redirectErrorStream(true).redirectOutput(log.toFile)
      val env = builder.environment()
      env.keySet.removeIf(k => k.startsWith("LOADTEST_"))
      env.putAll(Map(
        "JOB_COMPLETION_INDEX" -> index.toString,
        "LOADTEST_SHARDS" -> shards.toString,
        "LOADTEST_RUN_ID" -> "stopped-shards",
        "LOADTEST_SIMULATION" -> "simulations.RaidSimulation",
        "LOADTEST_PROFILE" -> "smoke",
        "LOADTEST_TARGET" -> "local",
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
        "LOADTEST_JAVA_OPTS" -> TestJvm.options.mkString(" "),
        "LOADTEST_OPTS" -> options
      ).asJava)
      builder.start()
    }

    def text: String = Files.readString(log)

    /** Waits until the console has counted answered requests; returns the last count. */
    def awaitCountedRequests(seconds: Int): Long = {
      val deadline = System.nanoTime() + seconds * 1000000000L
      def counted = ShardScripts.consoleCounts(text).lastOption.getOrElse(0L)
      while (counted == 0 && process.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
      if (counted == 0) fail(s"shard ${index + 1} counted no request within $seconds s:\n$text")
      counted
    }

    /** Waits until the script has run for `seconds`. */
    def awaitRunning(seconds: Int): Unit = {
      val left = startedAt + seconds * 1000000000L - System.nanoTime()
      if (left > 0) Thread.sleep(left / 1000000)
    }

    /** The script's pid, seen from here: under `unshare`, its child (PID 1 inside). */
    private def scriptPid: Long =
      if (!asPid1) process.pid
      else process.toHandle.children().findFirst().map(_.pid).orElseThrow(() => new AssertionError("no script"))

    def signal(name: String, group: Boolean): Unit =
      ShardScripts.signal(name, if (group) process.pid else scriptPid, group)

    def exitStatus(seconds: Int): Int =
      if (process.waitFor(seconds.toLong, TimeUnit.SECONDS)) process.exitValue
      else fail(s"shard ${index + 1} still running after $seconds s:\n$text")

    def destroy(): Unit = {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      ()
    }
  }
}

object ShardStopsEndToEndTest {

  /** A user, PID and mount namespace of its own (the mount for a /proc of the new PID namespace): the command
    * after it is PID 1 there, as a container's entry point is.
    */
  val Unshare: Seq[String] = Seq("unshare", "--user", "--map-root-user", "--pid", "--fork", "--mount-proc")

  /** Whether this machine lets an unprivileged user make those namespaces. */
  lazy val pidNamespaces: Boolean = {
    val probe = new ProcessBuilder((Unshare ++ Seq("sh", "-c", "test $$ = 1")).asJava).redirectErrorStream(true).start()
    probe.getInputStream.readAllBytes()
    probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue == 0
  }
}
