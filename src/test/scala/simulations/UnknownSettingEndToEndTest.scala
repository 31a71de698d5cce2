package simulations

import config.FailFast

import java.nio.file.Files

import scala.jdk.CollectionConverters._

import deploy.ShardScripts
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ GatlingProcess, MavenRun, ToySimulation }

/** A misspelt -D key (the suite's or Gatling's) or LOADTEST_ variable stops the run as a user starts it,
  * before any load, and the right keys still run: under `mvn gatling:test` (Maven's own properties passed on to the Gatling JVM), under
  * Gatling's launcher and under deploy/shard.sh, which starts that launcher.
  */
class UnknownSettingEndToEndTest {
  private def errors(text: String): List[String] = text.linesIterator.filter(_.startsWith("ERROR:")).toList

  @Test def aMisspeltKeyStopsMavensRunWithOneLine(): Unit = {
    val run = MavenRun.start(classOf[ToySimulation], "scael" -> "0.5")
    assertNotEquals(0, run.exitStatus(600), run.text)
    assertEquals(List("ERROR: unknown setting 'scael'; did you mean 'scale'?"), errors(run.text), run.text)
    assertTrue(run.text.contains("Gatling failed"), run.text)
    assertFalse(Files.exists(run.resultsDir), "nothing written to results/")
  }

  /** The plugin would take `gatling.simulationclass` for none of its own and run the pom's simulation. */
  @Test def aMisspeltGatlingKeyStopsMavensRunWithOneLine(): Unit = {
    val run = MavenRun.start(classOf[ToySimulation], "gatling.simulationclass" -> classOf[ToySimulation].getName)
    assertNotEquals(0, run.exitStatus(600), run.text)
    assertEquals(
      List("ERROR: unknown setting 'gatling.simulationclass'; did you mean 'gatling.simulationClass'?"),
      errors(run.text),
      run.text
    )
    assertFalse(Files.exists(run.resultsDir), "nothing written to results/")
  }

  @Test def aMisspeltKeyOfASystemStopsGatlingsLauncherWithExitCode3(): Unit = {
    val run = GatlingProcess.start(classOf[ERollSimulation], "eroll.thinkTme" -> "1s")
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    assertEquals(List("ERROR: unknown setting 'eroll.thinkTme'; did you mean 'eroll.thinkTime'?"), errors(run.text))
    assertFalse(Files.exists(run.gatlingDir), "no load: Gatling never started a run folder")
    assertFalse(Files.exists(run.resultsDir), "nothing written to results/")
  }

  @Test def aMisspeltVariableStopsAShardWithExitCode3(): Unit = {
    val results = Files.createTempDirectory("sharded-")
    val outcome = ShardScripts.run(
      "shard.sh",
      Map(
        "JOB_COMPLETION_INDEX" -> "0",
        "LOADTEST_SHARDS" -> "1",
        "LOADTEST_SIMULATION" -> classOf[ToySimulation].getName,
        "LOADTEST_RESULTS" -> results.toString,
        "LOADTEST_CLASSPATH" -> ShardScripts.classpath,
        "LOADTEST_RUN_ID" -> "misspelt-variable",
        "LOADTEST_SCAEL" -> "0.5"
      )
    )
    assertEquals(FailFast.InputErrorExitCode, outcome.code, outcome.output)
    assertEquals(
      List("ERROR: unknown setting 'LOADTEST_SCAEL' (environment); did you mean 'LOADTEST_SCALE'?"),
      errors(outcome.output)
    )
    assertEquals(
      List("exit-code", "run-id"),
      Files.list(results.resolve("shard-1")).map(_.getFileName.toString).toList.asScala.sorted
    )
  }

  @Test def theRightKeysRunUnderMaven(): Unit = {
    val run = MavenRun.start(
      classOf[ToySimulation],
      "scale" -> "0.5",
      "toy.profile" -> "smoke",
      "live.port" -> "0",
      "sandbox.stubs.delay.ms" -> "0"
    )
    assertEquals(0, run.exitStatus(600), run.text)
    assertEquals(Nil, errors(run.text), run.text)
    assertEquals(1, run.archivedRuns.size, run.text)
  }

  @Test def theRightKeysPassUnderGatlingsLauncher(): Unit = {
    val run = GatlingProcess.start(
      classOf[RaidSimulation],
      "gatling.simulationClass" -> classOf[RaidSimulation].getName,
      "scale" -> "0.5",
      "raid.profile" -> "closed",
      "live.port" -> "0",
      "planOnly" -> "true"
    )
    assertEquals(0, run.exitStatus(120), run.text)
    assertTrue(run.text.contains("-- raid: profile closed"), run.text)
  }
}
