package deploy

import results.model.{ ProblemKind, RunSummary }

import java.nio.file.{ Files, Path }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

import testkit.TestJvm

/** deploy/rehearse.sh with 2 shards of 5 users/s for 20 s each (800 requests a shard): at their parts they merge to
  * a PASS with every shard's pace judged; with shard 2's JVM frozen (SIGSTOP, as a stalled node) from 4 s after
  * their common start until past the plan's end, it sent about a fifth of its part while both were steady, and the
  * merged run is INVALID, naming shard 2 alone.
  */
class ShardPaceEndToEndTest {
  private val thresholds = Files.writeString(
    Files.createTempFile("pace-thresholds", ".conf"),
    "thresholds { defaults { p99Ms = 120000, maxErrorPercent = 1.0 } }"
  )
  private val jvmOptions = TestJvm.options.mkString(" ")

  /** Starts the rehearsal of 2 shards in `results`. */
  private def start(results: Path): Process = {
    val builder = new ProcessBuilder("deploy/rehearse.sh", "2", "simulations.RaidSimulation", "smoke")
      .redirectErrorStream(true)
      .redirectOutput(results.resolve("rehearse.log").toFile)
    val env = builder.environment()
    env.keySet.removeIf(k => k.startsWith("LOADTEST_") || k.startsWith("REHEARSAL_"))
    env.putAll(Map(
      "LOADTEST_CLASSPATH" -> System.getProperty("java.class.path"),
      "LOADTEST_RESULTS" -> results.toString,
      "LOADTEST_TARGET" -> "standalone-sandbox",
      "LOADTEST_OPTS" -> Seq(
        "-Dprofiles.raid.smoke.rate=10",
        "-Dprofiles.raid.smoke.warmUp=0s",
        "-Dprofiles.raid.smoke.duration=20s",
        s"-Dthresholds=$thresholds"
      ).mkString(" "),
      "LOADTEST_JAVA_OPTS" -> jvmOptions,
      "REHEARSAL_SANDBOX_OPTS" -> s"$jvmOptions -Dsandbox.stubs.delay.ms=0"
    ).asJava)
    builder.start()
  }

  /** Waits for the rehearsal's end; returns its exit code and its merged run. */
  private def finish(process: Process, results: Path): (Int, RunSummary) = {
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.descendants().forEach(p => { p.destroyForcibly(); () })
      process.destroyForcibly()
      fail(s"rehearsal still running after 10 minutes: ${results.resolve("rehearse.log")}")
    }
    def log = Files.readString(results.resolve("rehearse.log"))
    (process.exitValue, ShardScripts.mergedRun(results).getOrElse(fail(s"no merged run:\n$log")))
  }

  /** The common start the shards agreed on at their rendezvous, once they have. */
  private def agreedStart(results: Path): Long = {
    val file = results.resolve("start.json")
    val deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5)
    while (!Files.exists(file) && System.nanoTime() < deadline) Thread.sleep(100)
    assertTrue(Files.exists(file), s"no start agreed: ${results.resolve("rehearse.log")}")
    ConfigFactory.parseFile(file.toFile).getLong("epochMs")
  }

  private def sleepUntil(epochMs: Long): Unit = {
    val left = epochMs - System.currentTimeMillis()
    if (left > 0) Thread.sleep(left)
  }

  @Test
  def aShardFrozenForMostOfItsPlanMakesTheMergedRunInvalidAndShardsAtTheirPartsPass(): Unit = {
    val even = Files.createTempDirectory("pace-even-")
    val (evenCode, evenRun) = finish(start(even), even)
    val overlap = evenRun.shardOverlap.getOrElse(fail("no shards in the merged summary"))
    assertEquals((0, Some("PASS")), (evenCode, evenRun.gate.map(_.label)), evenRun.gate.toString)
    assertTrue(overlap.shards.forall(s => overlap.achievedShare(s).nonEmpty), s"every shard's pace judged: $overlap")

    val frozen = Files.createTempDirectory("pace-frozen-")
    val rehearsal = start(frozen)
    val startMs = agreedStart(frozen)
    sleepUntil(startMs + 4000)
    val Seq(jvm) = ShardScripts.pidsHolding("io.gatling.app.Gatling", s"$frozen/shard-2"): @unchecked
    ShardScripts.signal("STOP", jvm, group = false)
    try sleepUntil(startMs + 24000)
    finally ShardScripts.signal("CONT", jvm, group = false)
    val (frozenCode, frozenRun) = finish(rehearsal, frozen)
    val uneven = frozenRun.gate.toSeq.flatMap(_.invalid).filter(_.kind == ProblemKind.ShardsUneven).map(_.text)
    val frozenOverlap = frozenRun.shardOverlap.getOrElse(fail("no shards in the merged summary"))
    val shard2 = frozenOverlap.shards.find(_.shard == "2/2").map(_.runId).getOrElse(fail(frozenOverlap.toString))
    assertEquals(Seq(shard2), frozenOverlap.short.map(_.runId), s"$uneven\n$frozenOverlap")
    assertTrue(uneven.exists(_.startsWith(s"shards uneven: $shard2 (2/2) sent")), uneven.toString)
    assertEquals((6, Some("INVALID")), (frozenCode, frozenRun.gate.map(_.label)), frozenRun.gate.toString)
  }
}
