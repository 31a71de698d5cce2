package sandbox

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import simulations.RaidSimulation
import testkit.SimulationRuns

/** A failing external stub under a whole run: the stand-in answers as its gateway would (502 for a stub
  * that fails, 504 for one that does not answer), the run ends in bounded time, and the requests that
  * do not call the stub still pass.
  */
class StubFaultsEndToEndTest {

  /** RAiD's smoke run with `fault` on every call to the mint stub. */
  private def mintWith(fault: String, extra: (String, String)*): SimulationRuns.Run = {
    val started = System.nanoTime()
    val run = SimulationRuns.run(
      classOf[RaidSimulation],
      Seq(s"sandbox.stubs.faultOverrides.apids-mint-handle.$fault" -> "100", "sandbox.stubs.delay.ms" -> "0") ++
        extra: _*
    )
    assertTrue((System.nanoTime() - started) / 1000000000L < 60, s"$fault: the run ended within 60 s")
    val mint = run.requests("mint raid")
    assertTrue(mint.count > 0, s"$fault: raids were minted")
    assertEquals(mint.count, mint.ko, s"$fault: every mint is KO")
    assertEquals(0L, run.requests("list raids for service-point").ko, s"$fault: the list, which calls no stub, passes")
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

  @Test def aMintStubThatDoesNotAnswerIs504WithinTheCallTimeout(): Unit = {
    val run = mintWith("noAnswerPercent", "sandbox.stubs.callTimeout" -> "1s")
    assertEquals(
      run.requests("mint raid").count,
      run.errors.filter(_._1.contains("found 504")).values.sum,
      run.errors.toString
    )
    assertTrue(run.requests("mint raid").maxMs < 5000, s"the call timeout bounds each mint: ${run.requests}")
  }
}
