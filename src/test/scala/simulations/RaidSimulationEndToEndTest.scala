package simulations

import java.net.{ InetAddress, ServerSocket }
import java.nio.file.Files

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.{ PostRun, RunContext }
import support.SuiteError
import support.profiles.ProfileError

/** RaidSimulation at smoke scale against the in-process sandbox, checked in its simulation.log. */
class RaidSimulationEndToEndTest {
  import RaidSimulationEndToEndTest._

  @Test def exactlyTheContractRequestNames(): Unit = {
    assertEquals(ContractNames, withStubDelays.requests.keySet)
    assertEquals(ContractNames, withStubDelays.reportCounts.keySet, "Gatling's own report lists the same requests")
  }

  @Test def everyUserRunsTheWholeScript(): Unit = assertWholeScripts(withStubDelays)

  @Test def aClosedProfileCompressedToSmokeRunsTheSameScript(): Unit = {
    val run = SimulationRuns.run(classOf[RaidSimulation], "profile" -> "closed", "smoke" -> "true", "sandbox.stubs.delay.ms" -> "50")
    assertWholeScripts(run)
    run.requests.foreach { case (name, figures) => assertEquals(0L, figures.ko, s"KOs for $name") }
  }

  @Test def theRunIsArchivedWithItsSummaries(): Unit = {
    val root = Files.createTempDirectory("results-")
    val context = RunContext("RaidSimulation", "raid", "local", "smoke", "1/1", Map.empty, Nil)
    val outcome = PostRun.process(withStubDelays.runDir, root, context)
    assertEquals(None, outcome.error)
    assertTrue(outcome.passed, "the smoke run passes thresholds.conf")
    Seq("index.html", "simulation.log", "run.json", "summary.json", "summary.md", "junit.xml").foreach { file =>
      assertTrue(Files.isRegularFile(outcome.archivedRunDir.resolve(file)), s"$file archived")
    }
    val summary = Files.readString(outcome.archivedRunDir.resolve("summary.md"))
    ContractNames.foreach(name => assertTrue(summary.contains(name), s"summary.md lists $name"))
    assertTrue(Files.isRegularFile(root.resolve("index.html")), "the archive's index is regenerated")
  }

  private def assertWholeScripts(run: SimulationRuns.Run): Unit = {
    val users = run.users
    assertTrue(users > 0)
    def count(name: String) = run.requests(name).count
    assertEquals(3L * users, count("list raids for service-point"))
    assertEquals(1L * users, count("mint raid"))
    assertEquals(2L * users, count("read raid data"))
    assertEquals(1L * users, count("update raid - add contributor 2"))
    assertEquals(1L * users, count("update raid - add contributor 3"))
    run.requests.foreach { case (name, figures) => assertEquals(figures.count, run.reportCounts(name), s"$name: walk and report agree") }
  }

  @Test def noRequestFailsAndTheAssertionsPass(): Unit =
    Seq(withStubDelays, withoutStubDelays).foreach { run =>
      run.requests.foreach { case (name, figures) => assertEquals(0L, figures.ko, s"KOs for $name") }
      assertEquals(0, run.statusCode, "Gatling's assertions (thresholds.conf) pass")
    }

  @Test def stubDelaysSetTheLatencyFloor(): Unit = {
    // mint: APIDS mint + APIDS set-URL + 1 ORCID + 1 ROR, one after another, 500 ms each.
    assertTrue(withStubDelays.requests("mint raid").minMs >= 2000, s"mint min ${withStubDelays.requests("mint raid").minMs} ms")
    // update 3: 3 ORCID + 1 ROR.
    val update3 = withStubDelays.requests("update raid - add contributor 3")
    assertTrue(update3.minMs >= 2000, s"update 3 min ${update3.minMs} ms")
  }

  // Below the 2,000 ms floor that four 500 ms stub calls set: the floor comes from the stubs alone.
  // (Bounds are generous: the first requests of a JVM on a busy 2-core CI machine are slow.)
  @Test def withoutStubDelaysTheSandboxIsFast(): Unit = {
    assertTrue(withoutStubDelays.requests("mint raid").maxMs < 1500, s"mint max ${withoutStubDelays.requests("mint raid").maxMs} ms")
    val update3 = withoutStubDelays.requests("update raid - add contributor 3")
    assertTrue(update3.maxMs < 1500, s"update 3 max ${update3.maxMs} ms")
  }

  @Test def unknownProfileStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = SimulationRuns.failure(classOf[RaidSimulation], "profile" -> "heavy")
    assertEquals(classOf[ProfileError], error.getClass)
    assertTrue(error.getMessage.contains("'heavy'") && error.getMessage.contains("reference"), error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def unknownTargetStopsBeforeAnyLoad(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[RaidSimulation], "target" -> "staging")
    assertEquals(classOf[SuiteError], error.getClass)
    assertEquals("target: unknown target 'staging'; known: demo, local, standalone-sandbox", error.getMessage)
  }

  /** A target whose RAiD base URL is a closed loopback port (9, discard). */
  private def runAgainstClosedPort(baseUrl: String) =
    SimulationRuns.failure(classOf[RaidSimulation], "target" -> "closed", "targets.closed.sandbox" -> "false", "targets.closed.raid.baseUrl" -> baseUrl)

  @Test def unreachableTargetStopsBeforeAnyLoad(): Unit = {
    val (error, folder) = runAgainstClosedPort("http://127.0.0.1:9")
    assertEquals(classOf[SuiteError], error.getClass)
    assertTrue(error.getMessage.startsWith("raid.baseUrl: http://127.0.0.1:9 is unreachable"), error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder))
  }

  @Test def brokenFeedersStopBeforeAnyLoad(): Unit =
    Seq(
      "feeders/nowhere.csv" -> "feeders/nowhere.csv: not found under src/test/resources",
      "feeders/invalid/empty.csv" -> "feeders/invalid/empty.csv: Feeder source is empty",
      "feeders/invalid/header-only.csv" -> "feeders/invalid/header-only.csv: no records (a feeder needs a header line and at least one row)",
      "feeders/invalid/wrong-column.csv" -> "feeders/invalid/wrong-column.csv: missing column 'apiToken' (has: servicePointId, token)"
    ).foreach { case (feeder, message) =>
      val (error, folder) = SimulationRuns.failure(classOf[RaidSimulation], "raid.feeder" -> feeder)
      assertEquals(message, error.getMessage)
      assertTrue(SimulationRuns.isEmpty(folder), s"$feeder: no load was sent")
    }

  @Test def targetWithoutABaseUrlNamesTheKey(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[RaidSimulation], "target" -> "bare", "targets.bare.sandbox" -> "false")
    assertEquals("targets.bare.raid.baseUrl: missing (where target bare serves raid)", error.getMessage)
  }

  @Test def credentialsInAnUnreachableUrlAreNotPrinted(): Unit = {
    val (error, _) = runAgainstClosedPort("http://loadtest:s3cret@127.0.0.1:9")
    assertFalse(error.getMessage.contains("s3cret"), error.getMessage)
    assertTrue(error.getMessage.contains("http://***@127.0.0.1:9"), error.getMessage)
  }

  @Test def sandboxPortInUseStopsBeforeAnyLoad(): Unit =
    Using.resource(new ServerSocket(0, 1, InetAddress.getLoopbackAddress)) { taken =>
      val (error, folder) = SimulationRuns.failure(classOf[RaidSimulation], "sandbox.raid.port" -> taken.getLocalPort.toString)
      assertEquals(classOf[SuiteError], error.getClass)
      assertTrue(error.getMessage.startsWith("sandbox: could not start on 127.0.0.1 (sandbox.raid.port, sandbox.stubs.port)"), error.getMessage)
      assertTrue(SimulationRuns.isEmpty(folder))
    }

  @Test def badNumberStopsBeforeAnyLoad(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[RaidSimulation], "scale" -> "twice")
    assertEquals("scale: not a number: 'twice'", error.getMessage)
  }
}

object RaidSimulationEndToEndTest {
  // journeys.md section 1: teams compare runs with their history line by line, so these are a contract.
  val ContractNames = Set(
    "list raids for service-point",
    "mint raid",
    "read raid data",
    "update raid - add contributor 2",
    "update raid - add contributor 3"
  )


  // One run each, shared by the tests above (JUnit makes a new instance per test).
  lazy val withStubDelays: SimulationRuns.Run = SimulationRuns.run(classOf[RaidSimulation], "sandbox.stubs.delay.ms" -> "500")
  lazy val withoutStubDelays: SimulationRuns.Run = SimulationRuns.run(classOf[RaidSimulation], "sandbox.stubs.delay.ms" -> "0")
}
