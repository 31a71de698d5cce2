package bench

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The suite's share of the engine threads' samples counts a stack once, by its innermost framework frame,
  * and never counts a system's journey code (plain Gatling runs it too).
  */
class SuiteFramesTest {
  @Test def eachStackCountsOnceByItsInnermostFrameworkFrame(): Unit = {
    val stacks = Seq(
      Seq("io.netty.Channel.write", "launch.LoadWatch.check", "io.gatling.http.Engine.run"),
      Seq("live.LiveRecorder.answered", "launch.LoadWatch.check"),
      Seq("launch.LoadWatch.check", "io.gatling.core.Action.execute"),
      Seq("raid.RaidRecords.withAddedContributor", "io.gatling.core.Action.execute"),
      Seq("io.gatling.core.Action.execute")
    )
    val share = SuiteFrames.share(stacks)
    assertEquals(5, share.samples)
    assertEquals(3, share.withSuite)
    assertEquals(60.0, share.percent, 1e-9)
    assertEquals(Seq("launch.LoadWatch.check" -> 2, "live.LiveRecorder.answered" -> 1), share.byMethod)
    assertEquals(
      "60.0 % of 5 samples on Gatling's engine threads (launch.LoadWatch.check 40.0 %, live.LiveRecorder.answered 20.0 %)",
      share.describe
    )
  }

  @Test def noSamplesIsNoShare(): Unit =
    assertEquals("0.0 % of 0 samples on Gatling's engine threads", SuiteFrames.share(Nil).describe)

  @Test def theBenchmarkFailsOnlyAboveItsAllowedShare(): Unit = {
    val aThird = SuiteFrames.Share(300, 100, Nil)
    assertEquals(None, SuiteFrames.tooCostly(aThird, 34))
    assertEquals(
      Some("overhead: the suite's own code took 33.3 % of Gatling's engine threads, above the 33 % allowed"),
      SuiteFrames.tooCostly(aThird, 33)
    )
  }
}
