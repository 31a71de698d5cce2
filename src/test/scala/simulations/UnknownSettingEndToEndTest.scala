package simulations

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import suite.FailFast
import testkit.{ GatlingProcess, MavenRun, ToySimulation }

/** A misspelt -D key stops the run as a user starts it, before any load, and the right keys still run: under
  * `mvn gatling:test` (Maven's own properties passed on to the Gatling JVM) and under Gatling's launcher, as
  * deploy/shard.sh starts it.
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

  @Test def aMisspeltKeyOfASystemStopsGatlingsLauncherWithExitCode3(): Unit = {
    val run = GatlingProcess.start(classOf[ERollSimulation], "eroll.thinkTme" -> "1s")
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    assertEquals(List("ERROR: unknown setting 'eroll.thinkTme'; did you mean 'eroll.thinkTime'?"), errors(run.text))
    assertFalse(Files.exists(run.gatlingDir), "no load: Gatling never started a run folder")
    assertFalse(Files.exists(run.resultsDir), "nothing written to results/")
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
