package simulations

import results.model.RunShard

import results.archive.SummaryJson
import results.summarize.ResultsSettings

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import raid.Raid
import results.PostRun
import testkit.toy.Toy
import testkit.{ FixtureRun, GatlingProcess, SimulationRuns, ToyAndRaidSimulation }

/** A second system added as docs/adding-a-system.md says (the test kit's toy: its slice, systems/toy.conf, its stub
  * mapping, its simulation) runs beside RAiD in one simulation, each on its own profile and gated on its
  * own thresholds block, by Gatling's assertions and by the results gate alike.
  */
class TwoSystemsEndToEndTest {
  import TwoSystemsEndToEndTest._

  @Test def bothJourneysRunWholeInOneReport(): Unit = {
    SimulationRuns.assertWholeJourneys(both, Raid, RaidSimulationEndToEndTest.PerJourney)
    SimulationRuns.assertWholeJourneys(both, Toy, Map("toy - home" -> 1, "toy - look up" -> 1))
    assertEquals(Raid.requestNames ++ Toy.requestNames, both.requests.keySet)
  }

  @Test def theToyStandInCallsItsOwnStub(): Unit =
    assertTrue(
      both.requests("toy - look up").minMs >= 200,
      s"look-up min ${both.requests("toy - look up").minMs} ms (stub delay 200 ms)"
    )

  /** The one run `both` went under a strict limit on toy's look-up: Gatling's assertion on toy's block failed
    * it, the results gate fails it on that same check alone, and with the suite's own limits both blocks pass.
    */
  @Test def eachSystemIsGatedOnItsOwnBlock(): Unit = {
    // Gatling's assertions leave percentiles to the results gate, which judges them by their intervals
    // (docs/gate.md): its FAIL is the run's
    assertEquals(0, both.statusCode, "no Gatling assertion judges a percentile")
    val gated = PostRun.process(
      both.runDir,
      Files.createTempDirectory("results-"),
      context,
      ResultsSettings.load(),
      Some(strictToy)
    )
    assertEquals(
      Seq("toy - look up: p99"),
      gated.verdict.get.failures.map(_.name),
      "the results gate fails it on the same check"
    )

    val root = Files.createTempDirectory("results-")
    val passed = PostRun.process(both.runDir, root, context)
    assertTrue(passed.passed, s"both blocks pass: ${passed.verdict}")
    val checks = passed.verdict.get.checks.map(_.name)
    assertTrue(checks.exists(_.contains("mint raid")), s"RAiD's block is checked: $checks")
    assertTrue(checks.exists(_.contains("toy - look up")), s"Toy's block is checked: $checks")
    assertEquals(Seq("raid", "toy"), SummaryJson.read(passed.archivedRunDir.resolve("summary.json")).run.systems)
  }

  /** Archived as `mvn gatling:test` archives it: the run recorded which system each request was answered
    * for, so its summary reads system by system, each with its own requests in journey order.
    */
  @Test def theArchivedRunIsReadSystemBySystem(): Unit = {
    val run = GatlingProcess.start(classOf[ToyAndRaidSimulation], "sandbox.stubs.delay.ms" -> "0")
    assertEquals(0, run.exitStatus(180), run.text)
    val Seq(archived) = run.archivedRuns: @unchecked
    val summary = SummaryJson.read(archived.resolve("summary.json"))
    assertEquals(Seq("raid", "toy"), summary.systems.map(_.key))
    val Seq(raid, toy) = summary.systems: @unchecked
    assertEquals(Raid.requestNames, raid.requests.map(_.last).toSet)
    assertEquals("list raids for service-point", raid.requests.head.last, "RAiD's journey starts with a list")
    assertEquals(Seq("toy - home", "toy - look up"), toy.requests.map(_.last), "toy's requests in journey order")
    assertEquals(summary.global.figures.count, summary.systems.map(_.global.figures.count).sum)
    assertEquals(Set(Some(results.model.Verdict.Pass)), summary.systems.map(_.verdict).toSet)
    val context = SummaryJson.readContext(archived.resolve("run.json"))
    assertEquals(Seq("raid", "toy"), context.systemRecords.map(_.key))
    assertTrue(Files.readString(archived.resolve("summary.md")).contains("## Systems"))
  }
}

object TwoSystemsEndToEndTest {

  /** Toy's limit on its look-up (stub delay 200 ms) set below what it takes, RAiD's left generous. */
  lazy val strictToy = FixtureRun.writeTemp(
    "strict-toy",
    """thresholds {
      |  defaults { p99Ms = 60000 }
      |  simulations.raid.paths { "mint raid" { p99Ms = 60000 } }
      |  simulations.toy.paths { "toy - look up" { p99Ms = 50 } }
      |}""".stripMargin
  )

  /** One run for every test but the archived one: Gatling's assertions judge it on [[strictToy]]. Only toy's
    * stub answers 200 ms late: RAiD's journey, up to four stub calls a request, is not what these tests time.
    */
  lazy val both: SimulationRuns.Run =
    SimulationRuns.run(
      classOf[ToyAndRaidSimulation],
      "sandbox.stubs.delay.ms" -> "0",
      "sandbox.stubs.delayOverrides.toy-registry.distribution" -> "fixed",
      "sandbox.stubs.delayOverrides.toy-registry.ms" -> "200",
      "thresholds" -> strictToy.toString
    )

  val context =
    results.model.RunContext(
      "ToyAndRaidSimulation",
      Seq("raid", "toy"),
      "local",
      "smoke",
      RunShard.Whole,
      Map.empty,
      Nil,
      Nil,
      // as the suite records a run of the smoke profile
      smoke = true
    )
}
