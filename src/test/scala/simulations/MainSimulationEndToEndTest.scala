package simulations

import results.model.{ MetricUnit, RunContext, RunShard }
import results.gate.Thresholds

import java.nio.file.Files

import com.typesafe.config.ConfigUtil
import linespeed.LineClass
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.PostRun
import config.{ ConfigFiles, Settings }
import testkit.SimulationRuns

/** The main job (`mvn gatling:test` with no arguments) at smoke scale: every system's journey, no KO, and
  * every system gated on its own thresholds block.
  *
  * Whether the response times and rates meet the systems' limits is this machine's speed at the time, not the
  * suite's behaviour (beside other load on 2 cores, eol and eroll went over their p99s), so it is not asserted:
  * every check must be made and every other check (errors) must pass.
  */
class MainSimulationEndToEndTest {
  @Test def everySystemRunsItsJourneyWithoutErrorsAndIsGatedOnItsOwnBlock(): Unit = {
    val run = SimulationRuns.run(classOf[MainSimulation], "sandbox.stubs.delay.ms" -> "50")
    val contract = Systems.mainJob.flatMap(_.requestNames).toSet
    assertEquals(contract, run.requests.keySet, "every system's requests, and no others")
    // A system split by line speed has one population per class; a sweep one per level and repeat.
    val config = ConfigFiles.load(Systems.mainJob.map(_.key))
    val populations = Systems.mainJob.flatMap { system =>
      val key = ConfigUtil.joinPath(system.key)
      if (config.hasPath(s"$key.lineSpeeds"))
        LineClass.read(new Settings(config.getConfig(key), system.key), "lineSpeeds").map(l =>
          s"${system.scenarioName} on ${l.name}"
        )
      else Seq(system.scenarioName)
    }
    assertEquals(
      populations.toSet,
      run.scenarios.map(_.replaceFirst(" L\\d+ R\\d+$", "")),
      "one population per system, per line class, or per sweep level and repeat"
    )
    SimulationRuns.assertNoErrors(run)

    val keys = Systems.mainJob.map(_.key)
    val context = RunContext("MainSimulation", keys, "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil)
    val gated = PostRun.process(run.runDir, Files.createTempDirectory("results-"), context)
    val verdict = gated.verdict.getOrElse(fail("no gate verdict"))
    assertEquals(Nil, verdict.incomplete, "the whole plan ran")
    assertEquals(Nil, verdict.checks.filter(_.neverRan).map(_.name), "every checked path ran")
    val speedUnits: Set[MetricUnit] = Set(MetricUnit.Milliseconds, MetricUnit.PerSecond)
    assertEquals(
      Nil,
      verdict.failures.filterNot(c => speedUnits(c.metric.unit)).map(c => s"${c.name}: ${c.outcome}"),
      "only a response time or a rate may miss its limit on a busy machine"
    )
    val ownPaths = Thresholds.load(keys, None, Map.empty).paths.map(_._1.mkString(" / ")).toSet
    val checked = gated.verdict.get.checks.map(_.subject).toSet
    keys.foreach { key =>
      val own = com.typesafe.config.ConfigFactory.parseResources(ConfigFiles.systemFile(key))
      assertTrue(own.hasPath(s"thresholds.simulations.\"$key\""), s"$key has its own thresholds block")
    }
    assertEquals(Set.empty, ownPaths -- checked, "every path of every system's block is checked by the gate")
  }
}
