package launch

import launch.PlannedPercentile.{ Estimated, Missing, NotEstimated }

import scala.concurrent.duration._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** What a plan's steady window collects of each gated path: its arrival rate x the journey's runs of the path x the
  * window, against the fewest samples that bound the percentile's interval from above (368 for a p99 at 95 %).
  */
class PlannedPercentileTest {
  // Building a journey reads Gatling's configuration, which only a run sets otherwise.
  io.gatling.app.InProcessGatling.loadConfiguration()

  private def run(settings: (String, Any)*): RunSetup =
    RunAssemblyTest.assemble(RunAssemblyTest.twoSystems(settings: _*))

  private def planned(run: RunSetup, path: String): PlannedPercentile =
    run.plannedPercentiles.find(_.path == List(path)).getOrElse(fail(s"no $path in ${run.plannedPercentiles}"))

  private def estimated(run: RunSetup, path: String): Estimated = planned(run, path) match {
    case e: Estimated => e
    case other        => fail(s"$path not estimated: $other")
  }

  @Test def theSamplesAreTheArrivalRateTimesTheJourneysRunsOfThePathTimesTheSteadyWindow(): Unit = {
    // RAiD's reference: 50 journeys/s over a 10-minute steady phase, each minting once and listing three times
    val reference = run("toy.profile" -> "steady", "raid.profile" -> "reference")
    val mint = estimated(reference, "mint raid")
    assertEquals((99.0, 8000), (mint.rank, mint.limitMs))
    assertEquals(50.0, mint.perSecond, 1e-9)
    assertEquals(10.minutes, mint.steady)
    assertEquals(30000L, mint.samples)
    assertEquals(368L, mint.needed)
    assertTrue(mint.decidable)
    // the toy's steady: 1 journey/s for a minute, one look-up each
    val lookUp = estimated(reference, "toy - look up")
    assertEquals(60L, lookUp.samples)
    assertFalse(lookUp.decidable)
    assertEquals(Some(368.seconds), lookUp.steadyNeeded)
    assertEquals(368.0 / 60, lookUp.rateFactorNeeded.get, 1e-9)
    assertEquals(Seq(List("toy - look up")), reference.undecidable.map(_.path))
  }

  @Test def aPlanDecidesAP99FromThreeHundredAndSixtyEightSamplesNotOneFewer(): Unit = {
    def lookUp(seconds: Int) =
      estimated(run("toy.profile" -> "steady", "profiles.toy.steady.duration" -> s"$seconds seconds"), "toy - look up")
    assertEquals((367L, false), (lookUp(367).samples, lookUp(367).decidable))
    assertEquals((368L, true), (lookUp(368).samples, lookUp(368).decidable))
  }

  @Test def aShardCountsTheWholeRunsSamplesWhichTheMergedRunIsJudgedOn(): Unit = {
    val whole = estimated(run("raid.profile" -> "reference"), "mint raid")
    val shard = estimated(run("raid.profile" -> "reference", "shard" -> "2/3"), "mint raid")
    assertEquals(whole.samples, shard.samples)
  }

  @Test def aPlanWithoutASteadyWindowOrAJourneyWithoutSharesIsNotEstimated(): Unit = {
    val search = run("toy.profile" -> "capacity", "profiles.toy.capacity.of" -> "steady", "raid.profile" -> "reference")
    assertEquals(NotEstimated(List("toy - look up"), 99, 3000, Missing.SteadyWindow), planned(search, "toy - look up"))
    assertEquals(Nil, search.undecidable, "no warning where the samples are not known")
  }

  @Test def onlyAGateThatJudgesByIntervalsWarns(): Unit = {
    assertEquals(Nil, run("toy.profile" -> "smoke", "raid.profile" -> "smoke").undecidable, "smoke")
    assertEquals(Nil, run("toy.profile" -> "steady", "results.intervals.gate" -> "false").undecidable, "points")
  }

  @Test def theWarningNamesThePathThePercentileTheSamplesAndTheWindowItWouldNeed(): Unit =
    assertEquals(
      Seq(
        "the plan cannot decide toy - look up's p99 (limit 3,000 ms) at 95 %: 60 samples planned in a steady window " +
          "of 1 min, 368 needed; it would need a steady window of 6 min 8 s at this rate, or 6.13x the rate"
      ),
      RunPlan.undecidableWarnings(run("toy.profile" -> "steady", "raid.profile" -> "reference"))
    )
}
