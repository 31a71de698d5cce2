package simulations

import results.model.{ RunContext, RunShard }

import java.net.{ InetAddress, ServerSocket }
import java.nio.file.Files

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.PostRun
import raid.Raid
import testkit.SimulationRuns
import config.InputError

/** RaidSimulation at smoke scale against the in-process sandbox, checked in its simulation.log. */
class RaidSimulationEndToEndTest {
  import RaidSimulationEndToEndTest._

  @Test def everyUserRunsTheWholeScript(): Unit = {
    assertEquals(Raid.requestNames, withStubDelays.requests.keySet, "exactly the contract's names")
    assertEquals(Raid.requestNames, withStubDelays.reportCounts.keySet, "Gatling's own report lists the same requests")
    SimulationRuns.assertWholeJourneys(withStubDelays, Raid, PerJourney)
  }

  /** The closed profile, compressed to smoke, runs the same script; RAiD's own profile setting chose it over the
    * run-wide one, which names no profile (that alone would stop the run before any load).
    */
  @Test def raidsOwnClosedProfileCompressedToSmokeWinsOverTheRunWideOneAndRunsTheSameScript(): Unit =
    SimulationRuns.assertWholeJourneys(withoutStubDelays, Raid, PerJourney)

  @Test def theRunIsArchivedWithItsSummaries(): Unit = {
    val root = Files.createTempDirectory("results-")
    // As the suite records a run of the smoke profile: its percentiles are judged only wholly beyond their limits.
    val context =
      RunContext("RaidSimulation", Seq("raid"), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil, smoke = true)
    val outcome = PostRun.process(withStubDelays.runDir, root, context)
    assertEquals(None, outcome.error)
    assertTrue(outcome.passed, "the smoke run passes thresholds.conf")
    // Gatling's own report is not written by in-process test runs; results.PostRunEndToEndTest archives one.
    Seq("simulation.log", "run.json", "summary.json", "summary.md", "junit.xml").foreach { file =>
      assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve(file)), s"$file archived")
    }
    val summary = Files.readString(outcome.archivedRunDir.resolve("summary.md"))
    Raid.requestNames.foreach(name => assertTrue(summary.contains(name), s"summary.md lists $name"))
    assertTrue(Files.isRegularFile(root.resolve("index.html")), "the archive's index is regenerated")
  }

  @Test def noRequestFails(): Unit =
    Seq(withStubDelays, withoutStubDelays).foreach(SimulationRuns.assertNoErrors)

  @Test def stubDelaysSetTheLatencyFloor(): Unit = {
    // mint: APIDS mint + APIDS set-URL + 1 ORCID + 1 ROR, one after another, 500 ms each.
    assertTrue(
      withStubDelays.requests("mint raid").minMs >= 2000,
      s"mint min ${withStubDelays.requests("mint raid").minMs} ms"
    )
    // update 3: 3 ORCID + 1 ROR.
    val update3 = withStubDelays.requests("update raid - add contributor 3")
    assertTrue(update3.minMs >= 2000, s"update 3 min ${update3.minMs} ms")
  }

  // Below the 2,000 ms floor that four 500 ms stub calls set: the floor comes from the stubs alone. The fastest,
  // not the slowest: a busy machine can make every request slower, but cannot lift each one to a floor.
  @Test def withoutStubDelaysTheSandboxIsFast(): Unit = {
    assertTrue(
      withoutStubDelays.requests("mint raid").minMs < 2000,
      s"mint min ${withoutStubDelays.requests("mint raid").minMs} ms"
    )
    val update3 = withoutStubDelays.requests("update raid - add contributor 3")
    assertTrue(update3.minMs < 2000, s"update 3 min ${update3.minMs} ms")
  }

  @Test def unknownProfileStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[RaidSimulation], "profile" -> "heavy")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(error.getMessage.contains("'heavy'") && error.getMessage.contains("reference"), error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def unknownTargetStopsBeforeAnyLoad(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[RaidSimulation], "target" -> "staging")
    assertEquals(classOf[InputError], error.getClass)
    assertEquals("target: unknown target 'staging'; known: demo, local, standalone-sandbox", error.getMessage)
  }

  /** A target whose RAiD base URL is a closed loopback port (9, discard). */
  private def runAgainstClosedPort(baseUrl: String) =
    SimulationRuns.failure(
      classOf[RaidSimulation],
      "target" -> "closed",
      "targets.closed.sandbox" -> "false",
      "targets.closed.raid.baseUrl" -> baseUrl
    )

  @Test def unreachableTargetStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = runAgainstClosedPort("http://127.0.0.1:9")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(error.getMessage.startsWith("raid.baseUrl: http://127.0.0.1:9 is unreachable"), error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder))
  }

  @Test def brokenFeedersStopBeforeAnyLoad(): Unit =
    Seq(
      "feeders/nowhere.csv" -> "feeders/nowhere.csv: not found (on the classpath: src/test/resources)",
      "feeders/invalid/empty.csv" -> "feeders/invalid/empty.csv: empty (a feeder needs a header line and at least one row)",
      "feeders/invalid/header-only.csv" -> "feeders/invalid/header-only.csv: no records (a feeder needs a header line and at least one row)",
      "feeders/invalid/wrong-column.csv" -> "feeders/invalid/wrong-column.csv: missing column 'apiToken' (has: servicePointId, token)",
      "feeders/invalid/short-row.csv" -> "feeders/invalid/short-row.csv: line 3 has no value for column 'apiToken' (a short row?)"
    ).foreach { case (feeder, message) =>
      val (error, folder) = SimulationRuns.failure(classOf[RaidSimulation], "raid.feeder" -> feeder)
      assertEquals(message, error.getMessage)
      assertTrue(SimulationRuns.isEmpty(folder), s"$feeder: no load was sent")
    }

  @Test def targetWithoutABaseUrlNamesTheKey(): Unit = {
    val (error, _) =
      SimulationRuns.failure(classOf[RaidSimulation], "target" -> "bare", "targets.bare.sandbox" -> "false")
    assertEquals("targets.bare.raid.baseUrl: missing (where target bare serves raid)", error.getMessage)
  }

  @Test def credentialsInAnUnreachableUrlAreNotPrinted(): Unit = {
    val (error, _) = runAgainstClosedPort("http://loadtest:s3cret@127.0.0.1:9")
    assertFalse(error.getMessage.contains("s3cret"), error.getMessage)
    assertTrue(error.getMessage.contains("http://loadtest:<redacted>@127.0.0.1:9"), error.getMessage)
  }

  @Test def sandboxPortInUseStopsBeforeAnyLoad(): Unit =
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { taken =>
      val (error, folder) =
        SimulationRuns.failure(classOf[RaidSimulation], "sandbox.raid.port" -> taken.getLocalPort.toString)
      assertEquals(classOf[InputError], error.getClass)
      assertTrue(
        error.getMessage.startsWith(s"sandbox.raid.port: cannot listen on 127.0.0.1:${taken.getLocalPort} ("),
        error.getMessage
      )
      assertTrue(SimulationRuns.isEmpty(folder))
    }

  @Test def badNumberStopsBeforeAnyLoad(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[RaidSimulation], "scale" -> "twice")
    assertEquals("scale: must be a number (was 'twice')", error.getMessage)
  }
}

object RaidSimulationEndToEndTest {
  // One journey: list 3 times, mint once, read twice, one update to 2 contributors, one to 3.
  val PerJourney = Map(
    "list raids for service-point" -> 3,
    "mint raid" -> 1,
    "read raid data" -> 2,
    "update raid - add contributor 2" -> 1,
    "update raid - add contributor 3" -> 1
  )

  // One run each, shared by the tests above (JUnit makes a new instance per test).
  lazy val withStubDelays: SimulationRuns.Run =
    SimulationRuns.run(classOf[RaidSimulation], "sandbox.stubs.delay.ms" -> "500")
  // RAiD's own setting picks the closed profile: one run for that and for the sandbox without stub delays.
  lazy val withoutStubDelays: SimulationRuns.Run =
    SimulationRuns.run(
      classOf[RaidSimulation],
      "profile" -> "no-such-profile",
      "raid.profile" -> "closed",
      "smoke" -> "true",
      "sandbox.stubs.delay.ms" -> "0"
    )
}
