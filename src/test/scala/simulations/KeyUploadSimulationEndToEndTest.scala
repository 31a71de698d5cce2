package simulations

import java.io.{ ByteArrayOutputStream, PrintStream }
import java.nio.file.Files

import com.typesafe.config.ConfigFactory
import keyupload.KeyUpload
import keyupload.KeyUploadRequests._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.ProfilesTestKit
import config.{ FailFast, InputError }
import testkit.{ GatlingProcess, SimulationRuns }

/** KeyUploadSimulation at smoke scale against the in-process sandbox, each level made long enough for
  * the decoy ratio to be judged: every pair completes, the stand-in counts exactly the real and decoy
  * pairs the injector sent, and decoys come about 20 to a real pair.
  */
class KeyUploadSimulationEndToEndTest {
  private val PairsPerLevel = 1050

  @Test def everyPairCompletesAndDecoysComeAboutTwentyToARealPair(): Unit = {
    val console = new ByteArrayOutputStream
    val run = Console.withOut(new PrintStream(console, true)) {
      SimulationRuns.run(
        classOf[KeyUploadSimulation],
        "profiles.key-upload.smoke.iterationsPerLevel" -> PairsPerLevel.toString
      )
    }
    assertEquals(KeyUpload.requestNames, run.requests.keySet, "exactly the contract's request names")
    SimulationRuns.assertNoErrors(run)
    // The smoke sweep: 3 levels, twice, each level a population of its own.
    val stages = for { r <- 1 to 2; l <- 1 to 3 } yield s"${KeyUpload.scenarioName} L$l R$r"
    assertEquals(stages.toSet, run.scenarios)
    val pairs = 6L * PairsPerLevel
    assertEquals(pairs, run.groups(PairGroup).count, "every level ran its pairs")

    val (real, decoy) = (run.requests(Register).count, run.requests(DecoyRegister).count)
    assertEquals(real, run.requests(PostKey).count, "each real registration posted its key")
    assertEquals(decoy, run.requests(DecoyPost).count, "each decoy registration posted its decoy")
    assertEquals(pairs, real + decoy)
    // The stand-in saw the same split: no decoy was taken for a real upload, nor a real one for a decoy.
    val counted = raw"sandbox: key-upload received (\d+) real uploads \((\d+) registrations\), (\d+) decoy pairs".r
      .findFirstMatchIn(console.toString).map(m => (m.group(1).toLong, m.group(2).toLong, m.group(3).toLong))
    assertEquals(Some((real, real, decoy)), counted, console.toString)

    // Each pair is real with probability 1/21: the real count is binomial; within 4 standard deviations
    // (a false alarm about once in 15,000 runs) the ratio lies within about 16 to 25 decoys per real pair.
    val p = 1.0 / 21
    val (expected, sd) = (pairs * p, math.sqrt(pairs * p * (1 - p)))
    assertTrue(math.abs(real - expected) <= 4 * sd, s"$real real pairs of $pairs: expected $expected +- ${4 * sd}")
    val ratio = decoy.toDouble / real
    assertTrue(ratio > 15 && ratio < 26, s"$ratio decoys per real pair")
  }

  @Test def aTargetTooSlowForTheConnectivityCheckStopsTheRunBeforeTheSweep(): Unit = {
    val run = GatlingProcess.start(
      classOf[KeyUploadSimulation],
      "key-upload.connectivityCheck.minRequestsPerSecond" -> "1000000000"
    )
    assertEquals(FailFast.InputErrorExitCode, run.exitStatus(120), run.text)
    val errors = run.text.linesIterator.filter(_.startsWith("ERROR:")).toList
    assertEquals(1, errors.size, run.text)
    assertTrue(
      errors.head.matches(
        raw"ERROR: key-upload\.connectivityCheck\.minRequestsPerSecond: GET http://127\.0\.0\.1:\d+/ ran at [\d,]+ requests/s " +
          raw"\(1500 requests on 4 connections\), not over 1,000,000,000: the link or the target is too slow for this run"
      ),
      errors.head
    )
    assertFalse(Files.exists(run.gatlingDir), "no load: Gatling never started a run folder")
    assertTrue(!Files.exists(run.resultsDir) || SimulationRuns.isEmpty(run.resultsDir), "results/ untouched")
  }

  @Test def aConnectivityCheckPageThatIsNotThereStopsTheRunNamingItsKey(): Unit = {
    val (error, folder) =
      SimulationRuns.failure(classOf[KeyUploadSimulation], "key-upload.connectivityCheck.path" -> "/missing")
    assertEquals(classOf[InputError], error.getClass)
    assertTrue(
      error.getMessage.matches(
        raw"key-upload\.connectivityCheck\.path: GET http://127\.0\.0\.1:\d+/missing answered 404"
      ),
      error.getMessage
    )
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")
  }

  @Test def levelsThatAreNotAscendingStopTheRunNamingTheKey(): Unit = {
    val (error, folder) = SimulationRuns.failure(
      classOf[KeyUploadSimulation],
      "profiles.key-upload.smoke.levels.0" -> "4",
      "profiles.key-upload.smoke.levels.1" -> "2"
    )
    assertEquals(classOf[InputError], error.getClass)
    assertEquals("profiles.key-upload.smoke.levels: must be strictly ascending (was [4, 2])", error.getMessage)
    assertTrue(SimulationRuns.isEmpty(folder), "nothing was written: no load was sent")

    val file = ConfigFactory.parseResources("systems/key-upload.conf")
    val config =
      ConfigFactory.parseString("profiles.key-upload.sweep.levels = [1, 2, 4, 4, 8]").withFallback(file).resolve()
    val sweep = assertThrows(classOf[InputError], () => ProfilesTestKit.shaped(config, KeyUpload.key, "sweep"))
    assertEquals("profiles.key-upload.sweep.levels: must be strictly ascending (was [1, 2, 4, 4, 8])", sweep.getMessage)
  }

  @Test def aDecoyPathThatIsARealCallsPathIsRefused(): Unit = {
    val (error, _) = SimulationRuns.failure(classOf[KeyUploadSimulation], "key-upload.decoyPath" -> PostPath)
    assertEquals("key-upload.decoyPath: must differ from the real calls' paths (was '/v1/post')", error.getMessage)
  }
}
