package sandbox

import results.model.{ RunContext, RunShard }

import results.archive.SummaryJson

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import results.PostRun
import simulations.RaidSimulation
import testkit.SimulationRuns

/** A failing external stub under a whole run: the stand-in answers as its gateway would (502 for a stub
  * that fails, 504 for one that does not answer), the run ends in bounded time, the requests that do not
  * call the stub still pass, and the archived run counts every failure and fails the gate.
  */
class StubFaultsEndToEndTest {

  /** RAiD's smoke run cut to its first 2 s (3 users, each of whom mints): what is under test is each mint's
    * answer, not how many there are.
    */
  private val shortSmoke = "profiles.raid.smoke.duration" -> "1 second"

  /** The short smoke run with `fault` on every call to the mint stub. Every mint ends, in the stand-in's own
    * error (each caller checks its status): a mint left hanging would end in Gatling's request timeout instead.
    */
  private def mintWith(fault: String, extra: (String, String)*): SimulationRuns.Run = {
    val run = SimulationRuns.run(
      classOf[RaidSimulation],
      Seq(
        s"sandbox.stubs.faultOverrides.apids-mint-handle.$fault" -> "100",
        "sandbox.stubs.delay.ms" -> "0",
        shortSmoke
      ) ++ extra: _*
    )
    val mint = run.requests("mint raid")
    assertTrue(mint.count > 0, s"$fault: raids were minted")
    assertEquals(mint.count, mint.ko, s"$fault: every mint is KO")
    assertEquals(0L, run.requests("list raids for service-point").ko, s"$fault: the list, which calls no stub, passes")
    assertEquals(
      Set("list raids for service-point", "mint raid"),
      run.requests.keySet,
      s"$fault: a user whose mint failed goes no further"
    )
    run
  }

  @Test def aFailingMintStubIs502FromTheStandIn(): Unit = {
    val run = mintWith("serverErrorPercent")
    assertEquals(
      run.requests("mint raid").count,
      run.errors.filter(_._1.contains("found 502")).values.sum,
      run.errors.toString
    )
  }

  @Test def aMintStubThatResetsOrAnswersNoJsonIs502AndTheArchivedRunFails(): Unit =
    Seq("resetPercent", "malformedPercent", "emptyPercent").foreach { fault =>
      val run = mintWith(fault)
      val mints = run.requests("mint raid").count
      assertEquals(mints, run.errors.filter(_._1.contains("found 502")).values.sum, s"$fault: ${run.errors}")
      val context = RunContext("RaidSimulation", Seq("raid"), "local", "smoke", RunShard.Whole, Map.empty, Nil, Nil)
      val outcome = PostRun.process(run.runDir, Files.createTempDirectory("results-"), context)
      assertEquals(Some("FAIL"), outcome.verdict.map(_.label), s"$fault: the gate fails")
      val summary = SummaryJson.read(outcome.archivedRunDir.resolve("summary.json"))
      assertEquals(mints, summary.errors.filter(_.message.contains("found 502")).map(_.count).sum, s"$fault: counted")
    }

  @Test def aSlowMintStubSlowsEveryMintWithoutFailingIt(): Unit = {
    val run = SimulationRuns.run(
      classOf[RaidSimulation],
      "sandbox.stubs.faultOverrides.apids-mint-handle.slowPercent" -> "100",
      "sandbox.stubs.faultOverrides.apids-mint-handle.slowDelay" -> "1500ms",
      "sandbox.stubs.delay.ms" -> "0",
      shortSmoke
    )
    SimulationRuns.assertNoErrors(run)
    assertTrue(run.requests("mint raid").minMs >= 1500, s"every mint waits for the slow stub: ${run.requests}")
    // A minimum, which a busy machine cannot raise above the delay in every list the way it can a maximum.
    assertTrue(run.requests("list raids for service-point").minMs < 1500, s"the list calls no stub: ${run.requests}")
  }

  @Test def aMintStubThatDoesNotAnswerIs504WithinTheCallTimeout(): Unit = {
    val run = mintWith("noAnswerPercent", "sandbox.stubs.callTimeout" -> "1s")
    assertEquals(
      run.requests("mint raid").count,
      run.errors.filter(_._1.contains("found 504")).values.sum,
      run.errors.toString
    )
    // The call timeout, not the stub's answer (due 1 s after it, and a 200), ended every mint: each is a 504.
    assertTrue(run.requests("mint raid").minMs >= 1000, s"each mint waited for the call timeout: ${run.requests}")
  }
}
