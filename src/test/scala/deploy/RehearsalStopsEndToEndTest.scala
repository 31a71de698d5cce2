package deploy

import results.archive.SummaryJson
import results.model.{ RunSummary, Verdict }

import java.nio.file.{ Files, Path }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.{ CpuStall, SchedulingLag, TestJvm }

/** deploy/rehearse.sh stopped as a user stops it in a terminal: Ctrl-C (SIGINT to its process group, which
  * `setsid` gives it, with INT at its default as a terminal's foreground job has it) or TERM to the group, while
  * its 2 shards load the standalone sandbox. The first stops every shard's load at once (the last request each
  * shard recorded ended within 5 s of the signal), their JVMs archive their runs and are gone within 10 s, and
  * the shards' runs are merged, INCOMPLETE (exit 4); a second, a second or more later, aborts within 5 s,
  * unmerged (exit 4). Either way no process of the rehearsal is left. Durations are bounded with the margin
  * testkit.SchedulingLag measures; the first stop's, which wait for the shards' CPU work (Gatling's report, the
  * archive), with the time testkit.CpuStall measures if that is longer.
  */
class RehearsalStopsEndToEndTest {
  // RAiD's smoke journeys at 3 users/s for 10 minutes on each shard: stopped once both consoles count requests.
  private val options = Seq(
    "-Dprofiles.raid.smoke.rate=3",
    "-Dprofiles.raid.smoke.warmUp=0s",
    "-Dprofiles.raid.smoke.duration=10m",
    "-Dgatling.data.console.writePeriod=2",
    s"-Dthresholds=${ShardScripts.thresholds}"
  ).mkString(" ")

  @Test def ctrlCStopsEveryShardAndMergesWhatTheyKept(): Unit = stopsEveryShardAndMerges("INT")

  @Test def termStopsEveryShardAndMergesWhatTheyKept(): Unit = stopsEveryShardAndMerges("TERM")

  @Test def aSecondCtrlCAbortsWithinFiveSeconds(): Unit = aSecondSignalAborts("INT")

  @Test def aSecondTermAbortsWithinFiveSeconds(): Unit = aSecondSignalAborts("TERM")

  private def stopsEveryShardAndMerges(signal: String): Unit = {
    val rehearsal = new Rehearsal
    try {
      val counted = rehearsal.awaitCountedRequests(seconds = 300)
      val started = rehearsal.descendants
      val sentEpochMs = System.currentTimeMillis()
      val sent = System.nanoTime()
      val ((jvmsGoneMs, lagMs), stallMs) = CpuStall.during(SchedulingLag.during {
        rehearsal.signalGroup(signal)
        rehearsal.awaitNoShardJvm(seconds = 120)
        (System.nanoTime() - sent) / 1000000
      })
      val marginMs = stallMs.fold(lagMs)(_ max lagMs)
      val status = rehearsal.exitStatus(seconds = 300)
      val allGoneMs = (System.nanoTime() - sent) / 1000000
      assertEquals(4, status, rehearsal.text)
      val runs = (1 to 2).map(rehearsal.shardRun)
      // The last record each shard's log holds: no request of that shard ended after it.
      val loadStoppedMs = runs.map(_.run.endEpochMs - sentEpochMs)
      val timings = s"after SIG$signal the shards' last requests ended at ${loadStoppedMs.mkString(" and ")} ms, " +
        s"their JVMs were gone at $jvmsGoneMs ms, the rehearsal at $allGoneMs ms " +
        s"(lag $lagMs ms, CPU stall ${stallMs.fold("unknown")(ms => s"$ms ms")})"
      println(timings)
      assertTrue(loadStoppedMs.forall(_ < 5000 + marginMs), s"the load went on: $timings:\n${rehearsal.text}")
      assertTrue(jvmsGoneMs < 10000 + marginMs, s"the shards' JVMs lingered: $timings:\n${rehearsal.text}")
      assertEquals(Nil, started.filter(_.isAlive).map(_.info().commandLine().orElse("?")), "every process ended")
      val kept = runs.map(_.global.figures.count)
      kept.zip(counted).foreach { case (k, c) =>
        assertTrue(k >= c, s"a shard kept $k requests, its console counted $c")
      }
      val merged = ShardScripts.mergedRun(rehearsal.results).getOrElse(fail(s"nothing merged:\n${rehearsal.text}"))
      assertEquals(kept.sum, merged.global.figures.count)
      assertEquals(Some(Verdict.Incomplete), merged.gate.map(_.verdict))
    } finally rehearsal.destroy()
  }

  private def aSecondSignalAborts(signal: String): Unit = {
    val rehearsal = new Rehearsal
    try {
      rehearsal.awaitCountedRequests(seconds = 300)
      val started = rehearsal.descendants
      rehearsal.signalGroup(signal)
      rehearsal.awaitLine("rehearse: stopping", seconds = 60)
      // A signal within a second of the first is the same stop: the second comes later.
      Thread.sleep(1500)
      val sent = System.nanoTime()
      val (status, lagMs) = SchedulingLag.during {
        rehearsal.signalGroup(signal)
        rehearsal.exitStatus(seconds = 60)
      }
      val goneMs = (System.nanoTime() - sent) / 1000000
      println(s"a second SIG$signal: the rehearsal gone in $goneMs ms (lag $lagMs ms)")
      assertEquals(4, status, rehearsal.text)
      assertTrue(rehearsal.text.contains("rehearse: abort"), rehearsal.text)
      assertTrue(
        goneMs < 5000 + lagMs,
        s"the rehearsal ended $goneMs ms after the second SIG$signal:\n${rehearsal.text}"
      )
      assertEquals(Nil, started.filter(_.isAlive).map(_.info().commandLine().orElse("?")), "every process ended")
      assertEquals(None, ShardScripts.mergedRun(rehearsal.results), "nothing merged")
    } finally rehearsal.destroy()
  }

  /** deploy/rehearse.sh with 2 shards and the standalone sandbox, in a process group of its own. */
  private final class Rehearsal {
    val results: Path = Files.createTempDirectory("rehearsal-stopped-")
    private val log = results.resolve("rehearse.log")
    private val process: Process = {
      val perl = Seq("setsid", "perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!")
      val builder = new ProcessBuilder(
        (perl ++ Seq("deploy/rehearse.sh", "2", "simulations.RaidSimulation", "smoke")).asJava
      ).redirectErrorStream(true).redirectOutput(log.toFile)
      val env = builder.environment()
      env.keySet.removeIf(k => k.startsWith("LOADTEST_") || k.startsWith("REHEARSAL_"))
      val jvmOptions = TestJvm.options.mkString(" ")
      env.putAll(Map(
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_TARGET" -> "standalone-sandbox",
        "LOADTEST_OPTS" -> options,
        "LOADTEST_JAVA_OPTS" -> jvmOptions,
        "REHEARSAL_SANDBOX_OPTS" -> s"$jvmOptions -Dsandbox.stubs.delay.ms=0"
      ).asJava)
      builder.start()
    }

    private def read(file: Path): String = if (Files.exists(file)) Files.readString(file) else ""

    def text: String =
      (Seq(log) ++ Seq("shard-1.log", "shard-2.log", "sandbox.log").map(results.resolve)).map(f =>
        s"--- $f:\n${read(f)}"
      ).mkString("\n")

    def descendants: Seq[ProcessHandle] = process.descendants().iterator().asScala.toSeq

    /** Waits until both shards' consoles have counted answered requests; returns each one's last count. */
    def awaitCountedRequests(seconds: Int): Seq[Long] = {
      val deadline = System.nanoTime() + seconds * 1000000000L
      def counted = (1 to 2).map(i => ShardScripts.consoleCounts(read(results.resolve(s"shard-$i.log"))).lastOption)
      while (counted.exists(_.forall(_ == 0)) && process.isAlive && System.nanoTime() < deadline) Thread.sleep(200)
      if (counted.exists(_.forall(_ == 0))) fail(s"the shards counted no requests within $seconds s:\n$text")
      counted.flatten
    }

    def awaitLine(line: String, seconds: Int): Unit = {
      val deadline = System.nanoTime() + seconds * 1000000000L
      while (!read(log).contains(line) && System.nanoTime() < deadline) Thread.sleep(50)
      if (!read(log).contains(line)) fail(s"no '$line' within $seconds s:\n$text")
    }

    /** Waits until no Gatling JVM of this rehearsal runs (its command line holds the results folder). */
    def awaitNoShardJvm(seconds: Int): Unit = {
      val deadline = System.nanoTime() + seconds * 1000000000L
      def shardJvms = ShardScripts.processesHolding(results.toString).filter(_.contains("io.gatling.app.Gatling"))
      while (shardJvms.nonEmpty && System.nanoTime() < deadline) Thread.sleep(100)
      if (shardJvms.nonEmpty) fail(s"shard JVMs still running $seconds s after the stop:\n$text")
    }

    def signalGroup(name: String): Unit = ShardScripts.signal(name, process.pid, group = true)

    /** Shard i's archived run. */
    def shardRun(i: Int): RunSummary = {
      val dir = results.resolve(s"shard-$i")
      SummaryJson.read(dir.resolve(Files.readString(dir.resolve("run")).trim).resolve("summary.json"))
    }

    def exitStatus(seconds: Int): Int =
      if (process.waitFor(seconds.toLong, TimeUnit.SECONDS)) process.exitValue
      else fail(s"the rehearsal still running after $seconds s:\n$text")

    def destroy(): Unit = {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      ()
    }
  }
}
